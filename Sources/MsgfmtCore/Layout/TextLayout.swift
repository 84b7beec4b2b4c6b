/// The immutable result of laying out one message: lines of positioned fragments.
public struct TextLayout: Sendable, Hashable {
    /// The message id, when known.
    public var messageID: Int64?
    /// The text that ranges refer to.
    public var text: String
    /// Widest line, in cells.
    public var width: Int
    /// Number of lines.
    public var height: Int { lines.count }
    /// True when text is hidden: a line limit or a collapsed quote cut it, or
    /// `--overflow crop|ellipsis` cut a word wider than the line.
    public var truncated: Bool
    /// The lines, top to bottom.
    public var lines: [LayoutLine]

    /// Creates a layout.
    public init(messageID: Int64? = nil, text: String, width: Int, truncated: Bool, lines: [LayoutLine]) {
        self.messageID = messageID
        self.text = text
        self.width = width
        self.truncated = truncated
        self.lines = lines
    }
}
