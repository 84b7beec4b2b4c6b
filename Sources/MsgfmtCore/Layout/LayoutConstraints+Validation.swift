extension LayoutConstraints {
    /// The widest line layout accepts; wider requests are clamped to it.
    public static let maximumWidth = 1 << 16

    /// The constraints brought into range: width 1…`maximumWidth`, `maxLines` ≥ 0, tab
    /// width 1…width. Layout uses these, so no input can make it fail.
    public var clamped: LayoutConstraints {
        var c = self
        c.width = min(max(1, width), Self.maximumWidth)
        c.maxLines = max(0, maxLines)
        c.tabWidth = min(max(1, tabWidth), c.width)
        c.quoteBarWidth = min(max(1, quoteBarWidth), c.width)
        c.displaySpaceWidth = max(1, displaySpaceWidth)
        return c
    }

    /// Checks the limits: throws when the width or the tab width is below 1 or `maxLines`
    /// is negative. The command line checks these as soon as it has read its options.
    public func validateLimits() throws(LayoutConstraintError) {
        if width < 1 { throw .widthNotPositive(width) }
        if maxLines < 0 { throw .negativeMaxLines(maxLines) }
        if tabWidth < 1 { throw .tabWidthNotPositive(tabWidth) }
    }

    /// Checks the constraints whole: the limits, then that the ellipsis, when it can
    /// appear (a line limit, or `overflow` `.ellipsis`), fits the width. The ellipsis is
    /// measured as layout draws it (unsafe controls as their 1-cell placeholders).
    public func validate() throws(LayoutConstraintError) {
        try validateLimits()
        if maxLines > 0 || overflow == .ellipsis {
            let ellipsisWidth = CellMeasurer(model: widthModel).width(of: ellipsis)
            if ellipsisWidth > width { throw .ellipsisTooWide(ellipsisWidth, width: width) }
        }
    }
}
