/// Marks the blocks that lie inside one blockquote entity.
public struct BlockQuote: Sendable, Hashable {
    /// Which quote of the message (0-based, in text order); blocks sharing it form one quote.
    public var index: Int
    /// True for an expandable blockquote (collapsed to `collapsedLines` unless expanded).
    public var expandable: Bool

    /// The lines a collapsed expandable quote shows, in every output.
    public static let collapsedLines = 3

    /// Creates a quote marker.
    public init(index: Int, expandable: Bool) {
        self.index = index
        self.expandable = expandable
    }
}
