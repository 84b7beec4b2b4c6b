/// A run of a message laid out as one unit: a paragraph or a pre block, possibly quoted.
public struct Block: Sendable, Hashable {
    /// Paragraph or pre.
    public var kind: BlockKind
    /// The quote this block is inside, if any. Quotes never nest.
    public var quote: BlockQuote?
    /// The UTF-16 range of the block. Blocks tile the message text in order.
    public var range: Range<Int>
    /// The styled runs of the block; they tile `range` (unstyled text is a run too).
    public var runs: [StyledRun]

    /// Creates a block.
    public init(kind: BlockKind, quote: BlockQuote? = nil, range: Range<Int>, runs: [StyledRun]) {
        self.kind = kind
        self.quote = quote
        self.range = range
        self.runs = runs
    }
}
