import Testing

@testable import MsgfmtCore

/// The last line `--max-lines` allows: joined with the rest of the message, cut per
/// `--truncate`, with the ellipsis drawn next to the text it cuts.
@Suite struct LastLineTruncationTests {
    typealias S = LayoutTestSupport
    let paragraphs = S.styled("one two three\nfour five six\nseven eight nine")
    /// A paragraph, a quote, a pre block with a title and a last paragraph.
    let blocks = S.styled([
        .init(text: "Intro ⟦b⟧paragraph⟦/b⟧ here\n"),
        .init(text: "quoted line one\nquoted line two", quote: BlockQuote(index: 0, expandable: false)),
        .init(text: "\nlet x = 42\nprint(x)", kind: .pre(language: "swift")),
        .init(text: "\nLast paragraph ends here."),
    ])

    func lines(_ styled: StyledText, _ width: Int, _ maxLines: Int, _ mode: TruncationMode) -> [String] {
        let (layout, lines, problems) = S.render(
            styled,
            S.constraints(width) {
                $0.maxLines = maxLines; $0.truncate = mode
            })
        #expect(problems == [], "\(mode) at \(width)")
        #expect(layout.truncated, "\(mode) at \(width)")
        return lines
    }

    @Test func startShowsTheEndOfTheMessage() {
        #expect(lines(paragraphs, 20, 2, .start) == ["one two three", "…seven eight nine"])
        #expect(lines(paragraphs, 20, 1, .start) == ["…seven eight nine"])
        #expect(lines(paragraphs, 8, 2, .start) == ["one two", "…ht nine"])
        #expect(lines(paragraphs, 1, 2, .start) == ["o", "…"])
    }

    @Test func middleKeepsBothEnds() {
        #expect(lines(paragraphs, 40, 2, .middle) == ["one two three", "four five six…seven eight nine"])
        #expect(lines(paragraphs, 20, 2, .middle) == ["one two three", "four five…eight nine"])
        #expect(lines(paragraphs, 8, 2, .middle) == ["one two", "thre…ine"])
        // The rest of a short line's own paragraph leaves the other half to the end.
        #expect(lines(S.styled("first line\nsecond line"), 20, 1, .middle) == ["first line…cond line"])
    }

    @Test func endKeepsTheLinesOwnParagraph() {
        #expect(lines(paragraphs, 20, 2, .end) == ["one two three", "four five six…"])
        #expect(lines(paragraphs, 8, 2, .end) == ["one two", "three…"])
    }

    @Test func theJoinedLineCoversTheRestOfTheMessage() {
        let layout = TextLayouter.layout(
            paragraphs,
            S.constraints(20) {
                $0.maxLines = 2; $0.truncate = .start
            })
        let last = layout.lines[1]
        #expect(last.start == 14)
        #expect(last.end == 44)
        #expect(last.fragments.map(\.role) == [.ellipsis, .text])
        #expect(last.fragments.map(\.start) == [28, 28])
        let middle = TextLayouter.layout(
            paragraphs,
            S.constraints(20) {
                $0.maxLines = 2; $0.truncate = .middle
            })
        #expect(middle.lines[1].fragments.map(\.start) == [14, 23, 34])
        #expect(middle.lines[1].fragments.map(\.end) == [23, 23, 44])
    }

    @Test func quotesAndPreBlocksInTheCutRegion() {
        #expect(lines(blocks, 40, 1, .start) == ["…Last paragraph ends here."])
        #expect(lines(blocks, 40, 1, .middle) == ["Intro paragraph here…aragraph ends here."])
        #expect(lines(blocks, 40, 1, .end) == ["Intro paragraph here…"])
        // A line that starts in a quote keeps its bar.
        #expect(lines(blocks, 40, 3, .start) == ["Intro paragraph here", "▎ quoted line one", "▎ …Last paragraph ends here."])
        #expect(lines(blocks, 30, 3, .middle) == ["Intro paragraph here", "▎ quoted line one", "▎ quoted line tw…ph ends here."])
        #expect(
            lines(blocks, 40, 5, .middle) == [
                "Intro paragraph here", "▎ quoted line one", "▎ quoted line two", "swift", "let x = 42…Last paragraph ends here.",
            ])
    }

    @Test func aPreTitleGivesWayToTheEndOfTheMessage() {
        let head = ["Intro paragraph here", "▎ quoted line one", "▎ quoted line two"]
        #expect(lines(blocks, 40, 4, .end) == head + ["swift…"])
        #expect(lines(blocks, 40, 4, .start) == head + ["…Last paragraph ends here."])
        #expect(lines(blocks, 40, 4, .middle) == head + ["let x = 42…Last paragraph ends here."])
    }

    @Test func blankParagraphsAtTheEndDoNotCount() {
        let trailing = S.styled("one two three\nfour five six\n\n  \t\n")
        #expect(lines(trailing, 20, 1, .start) == ["…four five six"])
        #expect(lines(trailing, 20, 1, .middle) == ["one two th…five six"])
        // Only blank lines follow the last line: under `start` and `middle` no text is
        // hidden, so no ellipsis stands for it (`end` marks the cut at the line separator).
        #expect(lines(trailing, 20, 2, .start) == ["one two three", "four five six"])
        #expect(lines(trailing, 20, 2, .middle) == ["one two three", "four five six"])
        #expect(lines(trailing, 20, 2, .end) == ["one two three", "four five six…"])
        #expect(lines(trailing, 8, 3, .start) == ["one two", "three", "…ive six"])
        // Nor for a pre block's title followed by blank lines only.
        let blankPre = S.styled([.init(text: "intro\n"), .init(text: "  \n ", kind: .pre(language: "swift"))])
        #expect(lines(blankPre, 20, 2, .start) == ["intro", "swift"])
        #expect(lines(blankPre, 20, 2, .middle) == ["intro", "swift"])
        #expect(lines(blankPre, 20, 2, .end) == ["intro", "swift…"])
    }

    /// The visual order of `line`'s fragments as (role initial, start, end).
    func visual(_ line: LayoutLine) -> [String] {
        line.fragments.map { "\($0.role == .ellipsis ? "…" : $0.rtl ? "R" : "L")\($0.start)-\($0.end)" }
    }

    @Test func theEllipsisFollowsTheTextItCutsInThatTextsDirection() {
        let mixed = S.styled("abc def שלום עולם גדול ומאוד ארוך xyz qqq")
        func last(_ mode: TruncationMode) -> LayoutLine {
            let (layout, _, problems) = S.render(
                mixed,
                S.constraints(12) {
                    $0.maxLines = 1; $0.truncate = mode
                })
            #expect(problems == [])
            return layout.lines[0]
        }
        // "abc def …ולש": the ellipsis is left of ו, the last letter kept.
        #expect(visual(last(.end)) == ["L0-8", "…11-11", "R8-11"])
        // "ךור… xyz qqq": right of ר, the first letter kept.
        #expect(visual(last(.start)) == ["R30-33", "…30-30", "L33-41"])
        #expect(visual(last(.middle)) == ["L0-6", "…6-6", "L36-41"])
        // A right-to-left paragraph cut inside its left-to-right words: "abc de… םולש".
        let rtl = S.styled("שלום abc def עולם xyz גדול qqq ארוך ומאוד")
        let line = TextLayouter.layout(rtl, S.constraints(12) { $0.maxLines = 1 }).lines[0]
        #expect(line.rtl)
        #expect(visual(line) == ["L5-11", "…11-11", "R0-5"])
    }

    @Test func theEndOfTheMessageKeepsItsOwnDirection() {
        // A right-to-left last paragraph in a left-to-right line reads right to left from
        // the ellipsis: "לודג םלוע abc םולש…".
        let toRTL = S.styled("hello world here\nmiddle stuff\nשלום abc עולם גדול")
        let (layout, lines, problems) = S.render(
            toRTL,
            S.constraints(20) {
                $0.maxLines = 1; $0.truncate = .start
            })
        #expect(problems == [])
        #expect(lines == ["לודג םלוע abc םולש…"])
        #expect(visual(layout.lines[0]) == ["R38-48", "L35-38", "R30-35", "…30-30"])
        // A left-to-right last paragraph in a right-to-left line: "123 world…ג םלוע םולש".
        let toLTR = S.styled("שלום עולם גדול\nmiddle\nhello 123 world")
        let (rtlLayout, _, rtlProblems) = S.render(
            toLTR,
            S.constraints(22) {
                $0.maxLines = 1; $0.truncate = .middle
            })
        #expect(rtlProblems == [])
        #expect(rtlLayout.lines[0].rtl)
        #expect(visual(rtlLayout.lines[0]) == ["L28-37", "…11-11", "R0-11"])
    }
}
