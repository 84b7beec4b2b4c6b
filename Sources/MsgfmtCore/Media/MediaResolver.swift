#if canImport(Glibc)
    import Glibc
#endif

/// Resolves the files export messages refer to (on the worker threads): checks that each
/// path stays inside the export folder, looks the file up (reading an image's size from
/// its header when the export does not give it, `MediaProbe`), and with `--media copy`
/// places it in the output (`MediaCopier`).
public enum MediaResolver {
    /// What became of `file` under `options`.
    public static func resolve(_ file: MediaFile, options: MediaOptions) -> ResolvedMedia {
        var media = ResolvedMedia(file: file)
        if file.notIncluded {
            media.problem = .notIncluded
            return media
        }
        switch locate(file.path, options: options) {
        case .failure(let problem):
            media.problem = problem
            // The thumbnail is not looked up, but a path no export writes is still refused.
            media.thumbnailRefused = file.thumbnail.map { MediaPath.components(of: $0) == nil } ?? false
            return media
        case .success(let found):
            media.path = found.path
            media.size = found.size
            if file.kind.isImage, file.width == nil || file.height == nil, let size = MediaProbe.dimensions(ofFileAt: found.path) {
                media.file.width = size.width
                media.file.height = size.height
            }
            guard let href = place(found, options: options) else {
                media.problem = .copyFailed
                return media
            }
            media.href = href
            media.copied = options.mode == .copy
        }
        if let thumbnail = file.thumbnail {
            switch locate(thumbnail, options: options) {
            case .success(let found):
                media.thumbnailHref = place(found, options: options)
                media.thumbnailPath = found.path
            case .failure(let problem):
                media.thumbnailRefused = problem == .outsideExport
            }
        }
        return media
    }

    /// A file found inside the export folder: its components relative to the folder, its
    /// real path and its size.
    struct Found {
        var components: [String]
        var path: String
        var size: Int64
    }

    /// Finds `given` inside the export folder: the path must pass `MediaPath.components`,
    /// and its real path (symbolic links followed) must still be inside the folder
    /// (looked up through the run's `MediaFolderCache`).
    static func locate(_ given: String, options: MediaOptions) -> Result<Found, MediaProblem> {
        guard let components = MediaPath.components(of: given) else { return .failure(.outsideExport) }
        let root = options.exportFolder
        let lookup = options.folders.lookUp(components, under: root)
        // A real path outside is refused whether or not it can be read, as when `realpath`
        // was given the whole path.
        guard let real = lookup.path else { return .failure(.missing) }
        guard root == "/" ? real.hasPrefix("/") : real.hasPrefix(root + "/") else { return .failure(.outsideExport) }
        guard case .found(_, let info) = lookup else { return .failure(.missing) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notAFile) }
        return .success(Found(components: components, path: real, size: Int64(info.st_size)))
    }

    /// The href of a found file: where it is (`link`), or its place in the output once
    /// linked or copied there (`copy`); nil when it could not be placed.
    private static func place(_ found: Found, options: MediaOptions) -> String? {
        if options.mode == .copy {
            guard let folder = options.copyFolder,
                MediaCopier.place(found.path, at: folder + "/" + found.components.joined(separator: "/"))
            else { return nil }
        }
        return options.href(found.components)
    }

    /// `path` with symbolic links, `.` and `..` resolved, or nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
