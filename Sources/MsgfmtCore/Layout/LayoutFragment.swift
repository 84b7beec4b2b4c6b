/// A piece of one line with one style, positioned in cells.
public struct LayoutFragment: Sendable, Hashable {
    /// Column of the fragment's first cell within the line (0-based, visual order).
    public var x: Int
    /// Cells the fragment occupies.
    public var width: Int
    /// UTF-16 range of the source text it shows (empty for decorations and ellipses).
    public var start: Int
    public var end: Int
    /// The source text of `start..<end`, in logical order.
    public var text: String
    /// What to draw, left to right: RTL text reversed into visual order, tabs as spaces,
    /// unsafe controls as their `DisplaySafety` placeholders. Exactly `width` cells wide
    /// under the layout's width model. Emitters write this and never measure.
    public var display: String
    /// The style of the text (plain for decorations).
    public var style: Style
    /// Text, tab, ellipsis, quote bar or title.
    public var role: FragmentRole
    /// True when the fragment's text is right-to-left.
    public var rtl: Bool

    /// Creates a fragment.
    public init(
        x: Int, width: Int, start: Int, end: Int, text: String, display: String, style: Style,
        role: FragmentRole = .text, rtl: Bool = false
    ) {
        self.x = x
        self.width = width
        self.start = start
        self.end = end
        self.text = text
        self.display = display
        self.style = style
        self.role = role
        self.rtl = rtl
    }
}
