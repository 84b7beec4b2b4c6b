extension TextLayout {
    /// The broken invariants of layouts of `styled`, one list per layout in order (see
    /// `LayoutInvariantChecker`), each entry one sentence; a list is empty when all hold.
    /// Pass a text's layouts together: the text is segmented once for all of them.
    ///
    /// The one way into the checker, for tests and fuzz targets (`@_spi(Testing) import
    /// MsgfmtCore`); the command line never checks layouts.
    @_spi(Testing)
    public static func checkInvariants(
        _ styled: StyledText, _ layouts: [(layout: TextLayout, constraints: LayoutConstraints)],
        measurer: (any TextMeasurer)? = nil
    ) -> [[String]] {
        let checker = LayoutInvariantChecker(styled, measurer: measurer)
        return layouts.map { checker.violations($0.layout, $0.constraints) }
    }
}
