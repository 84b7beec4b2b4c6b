/// What an export run did, for the exit status and `--stats`-style summaries.
public struct ExportStats: Sendable, Hashable {
    /// Chats read that `--chat` selects (those whose messages were all filtered out
    /// included, though nothing is written of them).
    public var chats = 0
    /// Messages read from selected chats.
    public var read = 0
    /// Messages written.
    public var written = 0
    /// Messages left out by `--since`, `--until` or `--filter`.
    public var filtered = 0
    /// Messages that could not be decoded.
    public var failed = 0
    /// Media files of the written messages, by what became of them.
    public var media = MediaCounts()

    /// Creates zero counts.
    public init() {}
}
