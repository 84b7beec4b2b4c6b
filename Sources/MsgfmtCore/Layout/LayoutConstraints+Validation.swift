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
        return c
    }

    /// Checks the constraints as the command line does: throws when the width or tab
    /// width is below 1, `maxLines` is negative, or the ellipsis (when it can appear) is
    /// wider than the line.
    public func validate() throws(LayoutConstraintError) {
        if width < 1 { throw .widthNotPositive(width) }
        if maxLines < 0 { throw .negativeMaxLines(maxLines) }
        if tabWidth < 1 { throw .tabWidthNotPositive(tabWidth) }
        if maxLines > 0 || overflow == .ellipsis {
            let ellipsisWidth = CellMeasurer(model: widthModel).width(of: ellipsis)
            if ellipsisWidth > width { throw .ellipsisTooWide(ellipsisWidth, width: width) }
        }
    }
}
