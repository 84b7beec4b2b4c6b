import ArgumentParser
import MsgfmtCore

#if canImport(Glibc)
    import Glibc
#endif

extension ExportCommand {
    /// `--media` resolved against the paths of this run: the export folder (where
    /// `result.json` is; the current folder for standard input), and the folder output
    /// hrefs start from (the site's root for html, the output file's folder, or the current
    /// folder for standard output).
    /// Merged exports share one export folder (`checkMediaFolders`).
    /// With an `-o` pattern, links start from the pattern's folder, which must then hold no
    /// placeholder (files in different folders would need different links).
    func mediaOptions(output: AtomicOutput, pattern: OutputPattern?) throws -> MediaOptions {
        var media = MediaOptions()
        media.mode = export.media
        guard media.mode != .none else { return media }
        let here = Self.currentFolder()
        media.exportFolder = exportFolders(here: here).first ?? here
        let base: String
        if pattern != nil, let path = export.output {
            let folder = Self.folder(of: path)
            if folder.contains("{") {
                throw ValidationError(
                    "--media \(media.mode.rawValue) with placeholders in -o's folders would need other links in each folder; "
                        + "keep the placeholders in the file name or use --media none.")
            }
            base = Self.absolute(folder, in: here)
        } else if export.to == .html, let path = output.path {
            base = Self.absolute(path, in: here)
        } else if let path = output.path {
            base = Self.absolute(Self.folder(of: path), in: here)
        } else {
            base = here
        }
        switch media.mode {
        case .copy:
            media.hrefPrefix = ["media"]
            media.copyFolder = output.temporaryPath.map { Self.absolute($0, in: here) + "/media" }
        case .link, .none:
            media.hrefPrefix = MediaPath.relative(from: base, to: media.exportFolder)
        }
        return media
    }

    /// The real folders of the input exports.
    private func exportFolders(here: String) -> Set<String> {
        Set(files.map { $0 == "-" ? here : MediaResolver.realPath(Self.folder(of: $0)) ?? here })
    }

    /// With `--media link|copy`, merged exports must be in one folder: their media paths are
    /// relative to it, and reading them from another export's folder would show wrong files.
    func checkMediaFolders() throws {
        guard export.media != .none else { return }
        let folders = exportFolders(here: Self.currentFolder())
        if folders.count > 1 {
            throw ValidationError(
                "--media \(export.media.rawValue) shows files from one export folder, and these exports are in \(folders.count) folders; "
                    + "put them in one folder or use --media none.")
        }
    }

    /// The folder part of `path` (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` made absolute, its existing folder part with symbolic links resolved (so it
    /// compares with the export folder's real path).
    static func absolute(_ path: String, in here: String) -> String {
        if let real = MediaResolver.realPath(path) { return real }
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        let parent = MediaResolver.realPath(folder(of: path)) ?? (path.hasPrefix("/") ? folder(of: path) : here + "/" + folder(of: path))
        return parent + "/" + name
    }

    /// The current working folder.
    static func currentFolder() -> String {
        MediaResolver.realPath(".") ?? "/"
    }
}
