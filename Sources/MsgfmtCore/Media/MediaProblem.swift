/// Why a media file is shown as a placeholder rather than itself.
public enum MediaProblem: Error, Sendable, Hashable {
    /// The export left the file out ("(File not included…)").
    case notIncluded
    /// No file is at the path.
    case missing
    /// The path is absolute, climbs out of the export folder (`..`, a symbolic link), or
    /// holds characters no export writes; the file is not touched.
    case outsideExport
    /// The path names a directory or a device, not a file.
    case notAFile
    /// `--media copy` could not link or copy the file into the output.
    case copyFailed

    /// The reason shown with the placeholder.
    public var reason: String {
        switch self {
        case .notIncluded: return "not included in the export"
        case .missing: return "file missing"
        case .outsideExport: return "refused: path outside the export folder"
        case .notAFile: return "not a file"
        case .copyFailed: return "could not be copied"
        }
    }
}
