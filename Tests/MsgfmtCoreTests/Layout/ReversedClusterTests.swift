import Testing

@testable import MsgfmtCore

/// Reversing right-to-left clusters for display can put two clusters side by side that
/// read as one (a cluster ending in ZWJ before a pictograph, a lone combining mark after a
/// letter, regional indicators, conjoining jamo); the display then keeps them apart with a
/// zero-width separator so it is drawn as wide as laid out (found by FuzzLayout).
@Suite struct ReversedClusterTests {
    @Test(arguments: [
        "\u{5D0}\u{1F389}\u{1F468}\u{200D}\u{5D1}",  // 👨‍ then 🎉 would fuse into one ZWJ sequence
        "\u{5D0}\u{1F1F5}\u{1F1F1}\u{1F1EA}\u{5D1}",  // 🇵🇱 + lone 🇪 pair up differently
        "\u{5D0}\u{1160}\u{1100}\u{5D1}",  // jamo V then L become L V
    ])
    func reversedClustersKeepTheirWidth(_ string: String) {
        let layouts = LayoutTestSupport.expectDrawnAsMeasured(StyledText(plain: string))
        #expect(layouts.allSatisfy { $0.lines.flatMap(\.fragments).contains { $0.rtl } })
    }

    @Test func separatorGoesOnlyWhereClustersWouldFuse() {
        let fused: [UInt16] = Array("\u{1F468}\u{200D}\u{1F389}".utf16)  // joined at 3
        #expect(LineBuilder.keepingClustersApart(fused, joins: [3]) == Array("\u{1F468}\u{200D}\u{200B}\u{1F389}".utf16))
        let apart: [UInt16] = Array("ab".utf16)
        #expect(LineBuilder.keepingClustersApart(apart, joins: [1]) == apart)
    }
}

/// A control between a character and a combining mark or emoji modifier keeps them apart
/// in the text; its one-cell placeholder must not let them fuse in the display.
@Suite struct PlaceholderClusterTests {
    @Test(arguments: ["a\u{0}\u{1F3FD}b", "x\u{1B}\u{301}y", "\u{7F}\u{200D}\u{1F389}"])
    func placeholdersDoNotFuseWithWhatFollows(_ string: String) {
        LayoutTestSupport.expectDrawnAsMeasured(StyledText(plain: string))
    }
}

/// The checker caches what a fragment must draw as; canonically equivalent fragments
/// (alef + qamats written decomposed and precomposed) must not share an entry, or the
/// second is compared with the first one's scalars (found by LayoutPropertyTests).
@Suite struct CheckerCacheTests {
    @Test func equivalentSpellingsAreCheckedAsWritten() {
        let styled = StyledText(plain: "\u{5D0}\u{5B8} \u{FB2F} \u{5D0}\u{5B8}")
        var constraints = LayoutConstraints()
        constraints.width = 1
        let layout = TextLayouter.layout(styled, constraints)
        #expect(layout.lines.flatMap(\.fragments).filter { $0.role == .text && $0.rtl }.count == 3)
        #expect(LayoutTestSupport.violations(layout, of: styled, constraints).isEmpty)
    }
}
