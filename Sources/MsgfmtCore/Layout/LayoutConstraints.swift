/// Everything layout needs to know besides the text: width, line limit, truncation,
/// wrapping and alignment rules, and the width model.
public struct LayoutConstraints: Sendable, Hashable {
    /// Line width in terminal cells (≥ 1).
    public var width: Int = 80
    /// At most this many lines per message; 0 means unlimited.
    public var maxLines: Int = 0
    /// Where the ellipsis goes when `maxLines` cuts text.
    public var truncate: TruncationMode = .end
    /// The truncation token.
    public var ellipsis: String = "…"
    /// What happens to a word wider than the line.
    public var overflow: OverflowMode = .fold
    /// First-fit or balanced line breaking.
    public var wrap: WrapMode = .greedy
    /// Horizontal alignment.
    public var align: LineAlignment = .natural
    /// Tabs expand to the next multiple of this many cells (≥ 1).
    public var tabWidth: Int = 4
    /// Show expandable quotes in full instead of collapsed to 3 lines.
    public var expandQuotes: Bool = false
    /// How grapheme widths are counted.
    public var widthModel: WidthModel = .modern
    /// The quote bar's width with the gap after it, in the measurer's units (2 cells).
    public var quoteBarWidth: Int = 2
    /// What one space of a display string stands for, in the measurer's units: 1 cell;
    /// a space's advance when a `FontMeasurer` measures, so padding, tabs and
    /// justification write a few spaces, not one per unit.
    public var displaySpaceWidth: Int = 1

    /// Creates constraints with the CLI's defaults.
    public init() {}
}
