/// Where an export's media files are and how the transcript refers to them; the CLI fills
/// it from `--media`, the export's path and the output's path.
public struct MediaOptions: Sendable {
    /// `--media`. Placeholders only unless asked: linking needs `exportFolder` and
    /// `hrefPrefix`, which only a caller that knows the paths (the CLI, default `link`) sets.
    public var mode: MediaMode = .none
    /// The export folder (`result.json`'s folder), absolute and with symbolic links
    /// resolved: media paths are relative to it and must stay inside it.
    public var exportFolder: String = "/nonexistent"
    /// What leads from the output's base folder (the HTML site's root, the Markdown or JSON
    /// file's folder) to the files, as URL path components: the relative path to the export
    /// folder (`link`) or `media` (`copy`).
    public var hrefPrefix: [String] = []
    /// `copy`: the absolute folder files are placed in (`media/` in the temporary output).
    public var copyFolder: String?
    /// With several exports merged: each input's `exportFolder` and `hrefPrefix`, in the
    /// order the inputs were given (empty: every message uses the two above).
    public var sources: [(exportFolder: String, hrefPrefix: [String])] = []
    /// `--images`: how terminal transcripts draw pictures (nil: they do not).
    public var terminalImages: TerminalImageOptions?
    /// The media folders' real paths as this run finds them (`ExportConverter` starts
    /// each run with an empty one, so files added between runs are seen).
    public var folders = MediaFolderCache()

    /// The options for a message read from merged input `source` (nil: the only export).
    /// With `copy`, each merged export's files go to a folder of their own, numbered from 1
    /// in the order the inputs were given (`media/2/photos/…`): two exports may hold
    /// different files under the same relative path.
    public func forSource(_ source: Int?) -> MediaOptions {
        guard let source, sources.indices.contains(source) else { return self }
        var options = self
        options.exportFolder = sources[source].exportFolder
        switch mode {
        case .link: options.hrefPrefix = sources[source].hrefPrefix
        case .copy:
            options.hrefPrefix = hrefPrefix + ["\(source + 1)"]
            options.copyFolder = copyFolder.map { $0 + "/\(source + 1)" }
        case .none: break
        }
        return options
    }

    /// Creates the defaults.
    public init() {}

    /// The percent-encoded URL path of a file whose components (relative to the export
    /// folder) are `components`, from the output's base folder.
    public func href(_ components: [String]) -> String {
        MediaPath.urlPath(hrefPrefix + components)
    }
}
