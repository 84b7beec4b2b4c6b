import MsgfmtCore

#if canImport(Glibc)
    import Glibc
#endif

extension ExportJob {
    /// `--media` resolved against the paths of this run: the export folder (where
    /// `result.json` is; the current folder for standard input), and the folder output
    /// hrefs start from (the site's root for html, the output file's folder, or the current
    /// folder for standard output).
    ///
    /// With an `-o` pattern, links start from the pattern's folder; each folder level named
    /// by a placeholder (a slug or a number, never `..`) is one more `..`. Merged exports
    /// each keep their own folder (`MediaOptions.sources`).
    func mediaOptions(output: AtomicOutput, pattern: OutputPattern?) -> MediaOptions {
        mediaOptions(outputPath: output.path, temporaryPath: output.temporaryPath, pattern: pattern)
    }

    /// The same for an output at `outputPath` (nil: standard output or a device) written
    /// under `temporaryPath`, before it is opened.
    func mediaOptions(outputPath: String?, temporaryPath: String?, pattern: OutputPattern?) -> MediaOptions {
        var media = MediaOptions()
        media.mode = export.media
        guard media.mode != .none else { return media }
        let here = Self.currentFolder()
        let folders = files.map { $0 == "-" ? here : MediaResolver.realPath(Self.folder(of: $0)) ?? here }
        media.exportFolder = folders.first ?? here
        let base: String
        var levels = 0
        if pattern != nil, let path = export.output {
            let parts = Self.folder(of: path).split(separator: "/", omittingEmptySubsequences: false)
            let fixed = parts.prefix { !$0.contains("{") }
            levels = parts.dropFirst(fixed.count).reduce(0) { $0 + ($1 == "." || $1.isEmpty ? 0 : $1 == ".." ? -1 : 1) }
            let fixedPath = fixed.joined(separator: "/")
            base = Self.absolute(fixedPath.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : fixedPath, in: here)
        } else if export.to == .html, let path = outputPath {
            base = Self.absolute(path, in: here)
        } else if let path = outputPath {
            base = Self.absolute(Self.folder(of: path), in: here)
        } else {
            base = here
        }
        let links = { (folder: String) in Array(repeating: "..", count: max(0, levels)) + MediaPath.relative(from: base, to: folder) }
        switch media.mode {
        case .copy:
            media.hrefPrefix = ["media"]
            media.copyFolder = temporaryPath.map { Self.absolute($0, in: here) + "/media" }
        case .link, .none:
            media.hrefPrefix = links(media.exportFolder)
        }
        if folders.count > 1 { media.sources = folders.map { (exportFolder: $0, hrefPrefix: links($0)) } }
        return media
    }

    /// What of `media` shapes the output: the mode and where links lead (the export folders
    /// and the hrefs to them from the output), not the temporary folder copies go to.
    static func shaping(_ media: MediaOptions) -> String {
        var parts = [media.mode.rawValue, media.exportFolder, media.hrefPrefix.joined(separator: "/")]
        for source in media.sources { parts += [source.exportFolder, source.hrefPrefix.joined(separator: "/")] }
        return parts.joined(separator: "\u{0}")
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
