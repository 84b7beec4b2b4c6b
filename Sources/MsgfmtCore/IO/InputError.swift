/// An input that could not be read at all (a usage error, exit status 2).
public enum InputError: Error, Sendable, Hashable {
    case unreadable(path: String, reason: String)

    /// One sentence for stderr.
    public var message: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason.lowercased())"
        }
    }
}
