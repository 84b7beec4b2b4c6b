import Testing

@testable import MsgfmtCore

/// The invariant checker itself must catch broken layouts, or the property tests prove nothing.
@Suite struct LayoutInvariantCheckerTests {
    typealias S = LayoutTestSupport
    let styled = S.styled("Hello there, wide world of text")
    let c = S.constraints(12)

    func broken(_ change: (inout TextLayout) -> Void) -> [String] {
        var layout = TextLayouter.layout(styled, c)
        #expect(S.violations(layout, of: styled, c) == [])
        change(&layout)
        return S.violations(layout, of: styled, c)
    }

    @Test func catchesGapsAndOverlapsInLineRanges() {
        #expect(!broken { $0.lines[1].start += 1 }.isEmpty)
        #expect(!broken { $0.lines.removeLast() }.isEmpty)
    }

    @Test func catchesLinesWiderThanTheWidth() {
        #expect(
            !broken { layout in
                layout.lines[0].x = 5
                for i in layout.lines[0].fragments.indices { layout.lines[0].fragments[i].x += 5 }
            }.isEmpty)
    }

    @Test func catchesDecorationsThatPushALinePastTheWidth() {
        // At width 3 a quoted 2-cell grapheme keeps the bar without its space: 3 cells.
        let quoted = S.styled([S.Part(text: "日", quote: BlockQuote(index: 0, expandable: false))])
        let narrow = S.constraints(3)
        var layout = TextLayouter.layout(quoted, narrow)
        #expect(S.violations(layout, of: quoted, narrow) == [])
        #expect(layout.lines[0].fragments.map(\.role) == [.quoteBar, .text])
        layout.lines[0].fragments[0].display = "\u{258E} "
        layout.lines[0].fragments[0].width = 2
        layout.lines[0].fragments[1].x = 2
        layout.lines[0].width = 4
        #expect(S.violations(layout, of: quoted, narrow).contains { $0.contains("has decorations") })
    }

    @Test func catchesAnEllipsisAwayFromTheTextItCuts() {
        // "abc def …ולש": the ellipsis follows ו, the last letter kept, to its left.
        let mixed = S.styled("abc def שלום עולם")
        let c = S.constraints(12) { $0.maxLines = 1 }
        var layout = TextLayouter.layout(mixed, c)
        #expect(S.violations(layout, of: mixed, c) == [])
        #expect(layout.lines[0].fragments.map(\.role) == [.text, .ellipsis, .text])
        // Drawn at the far right instead, next to ש, the first letter of the run.
        layout.lines[0].fragments.swapAt(1, 2)
        layout.lines[0].fragments[1].x = 8
        layout.lines[0].fragments[2].x = 11
        #expect(S.violations(layout, of: mixed, c).contains { $0.contains("ellipsis") })
    }

    @Test func catchesMismeasuredOrMisplacedFragments() {
        #expect(!broken { $0.lines[0].fragments[0].width += 1 }.isEmpty)
        #expect(!broken { $0.lines[0].fragments[0].display = "Hallo there," }.isEmpty)
        #expect(!broken { $0.lines[0].fragments[0].display = "\u{1B}ello there," }.isEmpty)
    }

    @Test func catchesLostText() {
        #expect(
            !broken {
                $0.lines[0].fragments[0].end -= 2; $0.lines[0].fragments[0].text = "Hello ther"
            }.isEmpty)
    }

    @Test func catchesBreaksInsideWordsThatFit() {
        // "Hello the" / "re, wide…": a break inside "there," which fits in 12 cells.
        let layout = TextLayouter.layout(styled, c)
        var bad = layout
        bad.lines[0].end = 9
        bad.lines[1].start = 9
        #expect(S.violations(bad, of: styled, c).contains { $0.contains("not a break opportunity") })
    }

    @Test func countsASpaceInAPrependedMarksClusterAsCells() {
        // U+0604 is prepended to what follows (UAX #29 GB9b), here a space: the cluster
        // "\u{604} " takes a cell and does not hang, so "ب\u{604} " is two cells and may
        // fold at one (found by FuzzLayout).
        let prepended = S.styled("\u{628}\u{604} x")
        let narrow = S.constraints(1)
        let layout = TextLayouter.layout(prepended, narrow)
        #expect(layout.lines.map(\.start) == [0, 1, 3])
        #expect(S.violations(layout, of: prepended, narrow) == [])
        // The same fold at width 2, where the two cells fit, is still caught.
        let wider = S.constraints(2)
        var bad = TextLayouter.layout(prepended, wider)
        #expect(S.violations(bad, of: prepended, wider) == [])
        bad.lines = layout.lines
        #expect(S.violations(bad, of: prepended, wider).contains { $0.contains("not a break opportunity") })
    }
}
