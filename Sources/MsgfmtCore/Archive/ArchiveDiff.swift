/// The differences between two exports, chat by chat, and the counts of every kind.
public struct ArchiveDiff: Sendable {
    /// The changes in one chat, ordered by date then id.
    public struct Chat: Sendable {
        /// The chat's key.
        public var key: ChatKey
        /// What the new export (else the old one) says about the chat.
        public var info: ExportChatInfo
        /// The changes.
        public var changes: [ArchiveChange]
    }

    /// Chats with at least one change, in the new export's order.
    public var chats: [Chat] = []
    /// The counts.
    public var stats = DiffStats()

    /// Creates an empty diff.
    public init() {}

    /// True when the exports hold the same messages within the new one's range.
    public var isEmpty: Bool { stats.differences == 0 }
}
