import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The real paths of the folders an export's media files lie in, each found once for a
/// run and shared by the worker threads (`MediaResolver` and `MediaFingerprint` look
/// files up through it). glibc's `realpath` reads every component of the path it is
/// given, a system call each, and thousands of files share a handful of folders
/// (`photos`, `files`, `stickers`, …): a file that is not itself a symbolic link has its
/// folder's real path and its own name as real path, so one `lstat` finds the rest.
public final class MediaFolderCache: Sendable {
    /// Each folder asked about, by its path as joined from the export folder: its real
    /// path, or nil when it does not resolve.
    private let folders = Mutex<[String: String?]>([:])

    /// An empty cache.
    public init() {}

    /// What a file's path leads to (`lookUp`).
    enum Lookup {
        /// The file's real path and what `stat` says of it.
        case found(path: String, info: stat)
        /// The path does not resolve (a folder or the file is missing, a link dangles).
        case unresolved
        /// The path resolves to `path`, which `stat` cannot read.
        case unreadable(path: String)

        /// The real path the file's path resolves to, whether or not it can be read.
        var path: String? {
            switch self {
            case .found(let path, _), .unreadable(let path): path
            case .unresolved: nil
            }
        }
    }

    /// What `components` (a path that passed `MediaPath.components`) lead to under the
    /// export folder `root`, symbolic links followed, as `realpath` and `stat` of the
    /// joined path would say.
    func lookUp(_ components: [String], under root: String) -> Lookup {
        let base = root == "/" ? "" : root
        let folder = components.count > 1 ? base + "/" + components.dropLast().joined(separator: "/") : (root == "/" ? "/" : root)
        guard let real = realPath(of: folder) else { return .unresolved }
        let candidate = (real == "/" ? "" : real) + "/" + components[components.count - 1]
        var info = stat()
        guard lstat(candidate, &info) == 0 else { return .unresolved }
        if info.st_mode & S_IFMT != S_IFLNK { return .found(path: candidate, info: info) }
        guard let followed = MediaResolver.realPath(candidate) else { return .unresolved }
        guard stat(followed, &info) == 0 else { return .unreadable(path: followed) }
        return .found(path: followed, info: info)
    }

    /// The real path of `folder` (absolute), or nil when it does not resolve; resolved the
    /// first time it is asked for.
    private func realPath(of folder: String) -> String? {
        if let known = folders.withLock({ $0[folder] }) { return known }
        let real = MediaResolver.realPath(folder)
        folders.withLock { $0[folder] = real }
        return real
    }
}
