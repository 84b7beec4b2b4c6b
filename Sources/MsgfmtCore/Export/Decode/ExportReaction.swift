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

    /// The line under a message that lists `reactions`, each as its emoji (through
    /// `emoji`, which escapes it for a format) and count, `separator` between them. Built
    /// by a loop rather than `joined(separator:)`, whose generic code looks up `Array`'s
    /// conformances at run time: a search of every conformance in the binary the first
    /// time, a twentieth of a one-message export's start-up.
    static func summary(
        of reactions: [ExportReaction], separator: String, emoji: (String) -> String = { $0 }
    ) -> String {
        var line = ""
        for (i, reaction) in reactions.enumerated() {
            if i > 0 { line += separator }
            line += emoji(reaction.emoji)
            line += " "
            line += String(reaction.count)
        }
        return line
    }
}
