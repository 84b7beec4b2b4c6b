/// Why an output could not be written.
public enum AtomicOutputError: Error, Sendable, Hashable {
    case cannotCreate(path: String, reason: String)
    case cannotRename(path: String, reason: String)
    case writeFailed(path: String, reason: String)
    /// Standard output was a pipe whose reader went away (`msgfmt export … | head`).
    case readerGone
    /// The output directory exists and holds files msgfmt did not write (`example` is one).
    case notOurs(path: String, example: String)
    /// The output is one of the run's inputs, or a folder holding one (`input`): writing it
    /// would lose what is being read.
    case replacesInput(path: String, input: String)

    /// One lower-case sentence.
    public var message: String {
        switch self {
        case .cannotCreate(let path, let reason): "cannot create \(path): \(reason.lowercased())"
        case .cannotRename(let path, let reason): "cannot move the output into place as \(path): \(reason.lowercased())"
        case .writeFailed(let path, let reason): "cannot write \(path): \(reason.lowercased())"
        case .readerGone: "standard output was closed"
        case .notOurs(let path, let example):
            "\(path) holds files msgfmt did not write (such as '\(example)'), and msgfmt replaces its output folder as a whole: choose a new or empty folder"
        case .replacesInput(let path, let input) where path == input:
            "the output \(path) is an input of this run, which writing it would replace: choose another output"
        case .replacesInput(let path, let input):
            "the output \(path) holds \(input), an input of this run, and msgfmt replaces its output folder as a whole: choose another output"
        }
    }
}
