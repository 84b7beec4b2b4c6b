/// What a bubble shows around its text besides the name and time (`BubbleCaption`), as a
/// chat does: above the text the forward and via-bot lines, the reply quote and the media
/// placeholder; below it the reactions. Laid out with fonts where the fonts are (the
/// transcript writer's prepare and drain steps), so the picture emitters only place it.
public struct BubbleExtras: Sendable, Hashable {
    /// The rows above the text, top to bottom.
    public var above: [BubbleRow] = []
    /// The rows below the text.
    public var below: [BubbleRow] = []
    /// The width the rows were laid out in, in layout units: a row whose line was moved
    /// right (a right-to-left paragraph) moves left with the bubble's edge.
    public var width = 0

    /// How far right of the band's edge the reply quote's rows are drawn, in pixels (its
    /// bar and a gap); they are laid out that much narrower.
    public static let quoteInset = 10

    /// Nothing around the text.
    public init() {}

    /// `above` and `below`, laid out `width` layout units wide.
    public init(above: [BubbleRow], below: [BubbleRow], width: Int) {
        self.above = above
        self.below = below
        self.width = width
    }

    /// True when there is nothing to show around the text.
    public var isEmpty: Bool { above.isEmpty && below.isEmpty }
}
