/// One laid-out line of a message.
public struct LayoutLine: Sendable, Hashable {
    /// Row index (0-based) within the message.
    public var y: Int
    /// Column where the line's first fragment starts (after alignment).
    public var x: Int
    /// Cells used by the line's fragments, quote bar included, hanging spaces excluded.
    public var width: Int
    /// UTF-16 range of the source text the line covers, trailing spaces and newline
    /// included. Lines tile the text up to a truncation.
    public var start: Int
    public var end: Int
    /// The kind of the block the line belongs to.
    public var block: BlockKind
    /// True when the line's block is inside a quote.
    public var quoted: Bool
    /// True when the line's paragraph is right-to-left.
    public var rtl: Bool
    /// The fragments, in visual order (ascending `x`), not overlapping.
    public var fragments: [LayoutFragment]

    /// Creates a line.
    public init(
        y: Int, x: Int, width: Int, start: Int, end: Int, block: BlockKind, quoted: Bool = false,
        rtl: Bool, fragments: [LayoutFragment]
    ) {
        self.y = y
        self.x = x
        self.width = width
        self.start = start
        self.end = end
        self.block = block
        self.quoted = quoted
        self.rtl = rtl
        self.fragments = fragments
    }
}
