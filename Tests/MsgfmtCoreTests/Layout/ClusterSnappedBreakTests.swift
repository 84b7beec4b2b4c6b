import Testing

@testable import MsgfmtCore

/// UAX #14 allows a break between a space and a following combining mark, but the two form
/// one grapheme cluster: layout and the invariant checker both move such a break to the
/// cluster's end (found by FuzzMarkdownV2 / FuzzTelegramHTML).
@Suite struct ClusterSnappedBreakTests {
    @Test(arguments: ["xy \u{618}abc de", "ab \u{310}cd ef gh", "a \u{301}\u{301}bc d"])
    func breaksInsideClustersMoveToTheClusterEnd(_ string: String) {
        let styled = StyledText(plain: string)
        for width in 1...12 {
            for model in WidthModel.allCases {
                var constraints = LayoutConstraints()
                constraints.width = width
                constraints.widthModel = model
                let layout = TextLayouter.layout(styled, constraints)
                #expect(LayoutTestSupport.violations(layout, of: styled, constraints).isEmpty, "width \(width) \(model)")
                #expect(layout.lines.map { $0.end }.last == styled.text.count)
            }
        }
    }
}
