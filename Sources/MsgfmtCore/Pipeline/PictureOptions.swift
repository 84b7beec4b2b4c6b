#if canImport(Glibc)
    import Glibc
#endif

/// How `--to svg|png` writes pictures. One source of truth for the defaults of `--scale`,
/// `--stack` and `-o`.
public struct PictureOptions: Sendable, Hashable {
    /// Device pixels per layout pixel in PNG (`--scale`, 1…4).
    public var scale: Double = 1
    /// Every message in one picture, one bubble under another.
    public var stack = false
    /// `-o`: the directory that gets one file per message, or with `stack` the file; nil
    /// writes one stacked picture to standard output.
    public var output: String?

    /// The scales `--scale` accepts.
    public static let scales: ClosedRange<Double> = 1...4

    /// Creates the defaults.
    public init() {}

    /// True when each message gets a file of its own.
    public var filePerMessage: Bool { output != nil && !stack }

    /// True when `-o PATH` names one picture rather than a directory of them: the path ends
    /// in the format's extension (`pictureExtension`, `png` or `svg`, in any case), is not
    /// written with a trailing slash and is not a directory already. `-o bubble.png` then
    /// writes one picture of all messages, as `--stack` does.
    public static func namesFile(_ path: String, pictureExtension: String) -> Bool {
        guard !path.hasSuffix("/"), path.lowercased().hasSuffix("." + pictureExtension) else { return false }
        var status = stat()
        guard stat(path, &status) == 0 else { return true }
        return status.st_mode & S_IFMT != S_IFDIR
    }
}
