/// Why an export file could not be read as a whole (as opposed to one bad message).
public enum ExportReadError: Error, Sendable, Hashable {
    /// The file could not be opened or read.
    case unreadable(path: String, reason: String)
    /// The file is not a JSON object with a `messages` array or a `chats` list.
    case notAnExport(reason: String)
    /// The file ends in the middle of the JSON document.
    case truncated(byteOffset: Int)
    /// The document structure is broken outside any message.
    case malformed(byteOffset: Int, reason: String)

    /// One lower-case sentence for stderr.
    public var message: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason.lowercased())"
        case .notAnExport(let reason):
            "not a Telegram Desktop export: \(reason)"
        case .truncated(let offset):
            "the file is truncated: it ends at byte \(offset) inside the JSON document"
        case .malformed(let offset, let reason):
            "malformed export at byte \(offset): \(reason)"
        }
    }
}
