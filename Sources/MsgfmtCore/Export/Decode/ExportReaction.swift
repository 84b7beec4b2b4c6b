/// One reaction under a message.
public struct ExportReaction: Sendable, Hashable {
    /// The emoji, or a short name for custom emoji and paid reactions.
    public var emoji: String
    /// How many reacted.
    public var count: Int

    /// Creates a reaction.
    public init(emoji: String, count: Int) {
        self.emoji = emoji
        self.count = count
    }
}
