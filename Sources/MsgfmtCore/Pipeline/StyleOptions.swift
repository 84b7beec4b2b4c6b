/// How emitters style their output, resolved from flags and the environment.
public struct StyleOptions: Sendable, Hashable {
    /// Emit SGR colors and attributes (ANSI).
    public var color: Bool = false
    /// Emit SGR text attributes (bold, italic, underline, strikethrough, dim, reverse)
    /// even when `color` is off: NO_COLOR on a terminal bans color, not emphasis.
    /// Implied by `color`.
    public var attributes: Bool = false
    /// Emit OSC 8 hyperlinks (ANSI).
    public var hyperlinks: Bool = false
    /// Mask spoilers.
    public var spoilers: SpoilerMode = .hide
    /// Wrap HTML in a self-contained page.
    public var standalone: Bool = false
    /// Palette.
    public var theme: Theme = .dark

    /// Creates the defaults: no color, no hyperlinks, spoilers hidden, dark theme.
    public init() {}
}
