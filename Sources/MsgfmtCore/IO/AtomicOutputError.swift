/// Why an output could not be written.
public enum AtomicOutputError: Error, Sendable, Hashable {
    case cannotCreate(path: String, reason: String)
    case cannotRename(path: String, reason: String)
    case writeFailed(path: String, reason: String)
    /// Standard output was a pipe whose reader went away (`msgfmt export … | head`).
    case readerGone
    /// The output directory exists and holds files msgfmt did not write (`example` is one).
    case notOurs(path: String, example: String)

    /// One lower-case sentence.
    public var message: String {
        switch self {
        case .cannotCreate(let path, let reason): "cannot create \(path): \(reason.lowercased())"
        case .cannotRename(let path, let reason): "cannot move the output into place as \(path): \(reason.lowercased())"
        case .writeFailed(let path, let reason): "cannot write \(path): \(reason.lowercased())"
        case .readerGone: "standard output was closed"
        case .notOurs(let path, let example):
            "\(path) holds files msgfmt did not write (such as '\(example)'), and msgfmt replaces its output folder as a whole: choose a new or empty folder"
        }
    }
}
