/// A media file after resolution: where it is on disk, how the output refers to it, or why
/// it is shown as a placeholder. Made on the worker threads (`MediaResolver`), read by the
/// transcript writers.
public struct ResolvedMedia: Sendable {
    /// The file as the export describes it.
    public var file: MediaFile
    /// Why the file is not shown, or nil when it is.
    public var problem: MediaProblem?
    /// The URL path of the file from the output's base folder (percent-encoded), when shown.
    public var href: String?
    /// The file's absolute path on disk (in the export folder), when it exists there.
    public var path: String?
    /// The file's size on disk, when it exists.
    public var size: Int64?
    /// True when `--media copy` placed the file in the output.
    public var copied = false
    /// The thumbnail's URL path, when the export names one and it is there.
    public var thumbnailHref: String?
    /// The thumbnail's absolute path on disk, when it is there.
    public var thumbnailPath: String?
    /// True when the thumbnail's path was refused as outside the export folder (as
    /// `MediaProblem.outsideExport` refuses a file's): it is warned about, never opened.
    public var thumbnailRefused = false
    /// The picture a terminal transcript draws (`export --images`), made on the worker
    /// threads.
    public var terminalImage: TerminalImage?

    /// Creates a resolution of `file`.
    public init(file: MediaFile, problem: MediaProblem? = nil) {
        self.file = file
        self.problem = problem
    }

    /// True when the file is shown (it exists inside the export and, for `copy`, was placed).
    public var available: Bool { problem == nil && href != nil }

    /// The size to show: the one on disk, else the export's.
    public var displaySize: Int64? { size ?? file.size }
}
