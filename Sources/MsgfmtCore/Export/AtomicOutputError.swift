/// Why an output could not be written.
public enum AtomicOutputError: Error, Sendable, Hashable {
    case cannotCreate(path: String, reason: String)
    case cannotRename(path: String, reason: String)
    case writeFailed(path: String)

    /// One lower-case sentence.
    public var message: String {
        switch self {
        case .cannotCreate(let path, let reason): "cannot create \(path): \(reason.lowercased())"
        case .cannotRename(let path, let reason): "cannot move the output into place as \(path): \(reason.lowercased())"
        case .writeFailed(let path): "cannot write \(path)"
        }
    }
}
