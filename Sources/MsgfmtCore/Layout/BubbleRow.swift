/// One line a bubble shows around its text (`BubbleExtras`): a forward or via-bot line,
/// a line of the reply quote, of the media placeholder or the reactions, laid out with
/// fonts (widths in layout units) and drawn in the color and face its kind gives it.
public struct BubbleRow: Sendable, Hashable {
    /// What the line is, which decides how it is drawn.
    public enum Kind: Sendable, Hashable {
        /// "Forwarded from Some Channel": italic, in the accent color.
        case forward
        /// "via @bot": italic, in the accent color.
        case via
        /// The reply quote's sender (bold, accent) and its preview, in a band with a bar.
        case replySender, replyText
        /// A line of the media placeholder (`[Poll: Ship it? · 3 votes]`, its options).
        case media
        /// The reactions below the text (`👍 2  ❤️ 1`).
        case reactions

        /// True for the lines of the reply quote's band, laid out `BubbleExtras.quoteInset`
        /// pixels narrower and drawn that far right.
        public var inBand: Bool { self == .replySender || self == .replyText }
    }

    public var kind: Kind
    /// The line, from the left of the box it was laid out in (`BubbleExtras.width`).
    public var line: LayoutLine

    /// A row of `kind` holding `line`.
    public init(_ kind: Kind, _ line: LayoutLine) {
        self.kind = kind
        self.line = line
    }

    /// A row of `kind` holding `fragments` (`width` wide) on a line of its own.
    public init(_ kind: Kind, fragments: [LayoutFragment], width: Int) {
        self.init(
            kind, LayoutLine(y: 0, x: 0, width: width, start: 0, end: 0, block: .paragraph, rtl: false, fragments: fragments))
    }
}
