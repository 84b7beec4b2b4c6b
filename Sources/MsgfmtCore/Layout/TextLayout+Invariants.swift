extension TextLayout {
    /// The broken invariants of this layout of `styled` under `constraints` (see
    /// `LayoutInvariantChecker`); empty when all hold.
    public func checkInvariants(_ styled: StyledText, _ constraints: LayoutConstraints) -> [String] {
        LayoutInvariantChecker(styled).violations(self, constraints)
    }
}
