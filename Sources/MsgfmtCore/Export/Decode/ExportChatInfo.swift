/// What an export says about one chat besides its messages.
public struct ExportChatInfo: Sendable, Hashable {
    /// The chat's name (`name`), when present.
    public var name: String?
    /// The chat type (`personal_chat`, `private_group`, …), when present.
    public var type: String?
    /// The chat id, when present.
    public var id: Int64?
    /// Position of the chat in the export (0-based).
    public var ordinal: Int
    /// True for chats listed under `left_chats`.
    public var left: Bool

    /// Creates chat info.
    public init(name: String? = nil, type: String? = nil, id: Int64? = nil, ordinal: Int = 0, left: Bool = false) {
        self.name = name
        self.type = type
        self.id = id
        self.ordinal = ordinal
        self.left = left
    }

    /// A name to show: the chat's name, else a description from its id.
    public var displayName: String {
        if let name, !name.isEmpty { return name }
        if let id { return "Chat \(id)" }
        return "Chat \(ordinal + 1)"
    }

    /// Whether `--chat` value `filter` selects this chat (by exact name, by id, or, for a
    /// chat without a name, by the name transcripts show it under: `Chat 16`).
    public func matches(_ filter: String) -> Bool {
        if let name, name == filter { return true }
        if name?.isEmpty ?? true, filter == displayName { return true }
        if let id, let n = Int64(filter), n == id { return true }
        return false
    }
}
