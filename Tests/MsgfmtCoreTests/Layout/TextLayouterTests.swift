import Testing

@testable import MsgfmtCore

/// Behaviour of the layout engine, option by option.
@Suite struct TextLayouterTests {
    typealias S = LayoutTestSupport

    @Test func wrapsAtWordBoundariesAndHangsSpaces() {
        let (layout, lines, problems) = S.render(S.styled("Hello there,   world"), S.constraints(10))
        #expect(lines == ["Hello", "there,", "world"])
        #expect(problems == [])
        #expect(layout.lines.map(\.start) == [0, 6, 15])
        #expect(layout.lines.map(\.end) == [6, 15, 20])
        #expect(layout.width == 6)
        #expect(!layout.truncated)
    }

    @Test func mandatoryBreaksEndLines() {
        let (layout, lines, problems) = S.render(S.styled("one\n\ntwo three\n"), S.constraints(40))
        #expect(lines == ["one", "", "two three"])
        #expect(layout.lines.map(\.end) == [4, 5, 15])
        #expect(problems == [])
    }

    @Test func emptyTextHasNoLines() {
        let layout = TextLayouter.layout(S.styled(""), S.constraints(10))
        #expect(layout.lines.isEmpty)
        #expect(layout.width == 0)
    }

    @Test func foldsWordsWiderThanTheLineAtGraphemeBoundaries() {
        let e = "e\u{301}"
        let (_, lines, problems) = S.render(S.styled("ab " + String(repeating: e, count: 4) + "🇺🇦x"), S.constraints(3))
        #expect(lines == ["ab", e + e + e, e + "🇺🇦", "x"])
        #expect(problems == [])
        // At width 1 a 2-cell emoji still gets a line of its own, never split.
        let family = "👨‍👩‍👧"
        let (narrow, narrowLines, narrowProblems) = S.render(S.styled(family + "x"), S.constraints(1))
        #expect(narrowLines == [family, "x"])
        #expect(narrow.lines[0].width == 2)
        #expect(narrowProblems == [])
    }

    @Test func overflowModesForALongWord() {
        let text = S.styled("see Supercalifragilistic now")
        #expect(S.render(text, S.constraints(10)).1 == ["see", "Supercalif", "ragilistic", "now"])
        let (cropped, croppedLines, _) = S.render(text, S.constraints(10) { $0.overflow = .crop })
        #expect(croppedLines == ["see", "Supercalif", "now"])
        #expect(cropped.truncated)
        #expect(S.render(text, S.constraints(10) { $0.overflow = .ellipsis }).1 == ["see", "Supercali…", "now"])
        let (visible, visibleLines, problems) = S.render(text, S.constraints(10) { $0.overflow = .visible })
        #expect(visibleLines == ["see", "Supercalifragilistic", "now"])
        #expect(visible.width == 20)
        #expect(problems == [])
    }

    @Test func maxLinesTruncatesTheLastLine() {
        let text = S.styled("alpha beta gamma delta epsilon zeta eta theta")
        #expect(S.render(text, S.constraints(12) { $0.maxLines = 2 }).1 == ["alpha beta", "gamma delta…"])
        #expect(
            S.render(
                text,
                S.constraints(12) {
                    $0.maxLines = 2; $0.truncate = .middle
                }
            ).1 == ["alpha beta", "gamma…theta"])
        #expect(
            S.render(
                text,
                S.constraints(12) {
                    $0.maxLines = 2; $0.truncate = .start
                }
            ).1 == ["alpha beta", "…a eta theta"])
        let (layout, _, problems) = S.render(
            text,
            S.constraints(12) {
                $0.maxLines = 2; $0.ellipsis = "[…]"
            })
        #expect(layout.truncated)
        #expect(S.lines(layout) == ["alpha beta", "gamma del[…]"])
        #expect(layout.lines[1].fragments.last?.role == .ellipsis)
        #expect(problems == [])
    }

    @Test func cutAtANewlineAppendsTheEllipsisUnderEnd() {
        let text = S.styled("first line\nsecond line")
        #expect(S.render(text, S.constraints(20) { $0.maxLines = 1 }).1 == ["first line…"])
        #expect(S.render(text, S.constraints(10) { $0.maxLines = 1 }).1 == ["first lin…"])
        let whole = TextLayouter.layout(text, S.constraints(20) { $0.maxLines = 2 })
        #expect(!whole.truncated)
        #expect(S.lines(whole) == ["first line", "second line"])
    }

    @Test func tabsExpandToTabStops() {
        let (layout, lines, problems) = S.render(S.styled("a\tbc\td"), S.constraints(40) { $0.tabWidth = 4 })
        #expect(lines == ["a   bc  d"])
        #expect(layout.lines[0].fragments.map(\.role) == [.text, .tab, .text, .tab, .text])
        #expect(layout.lines[0].fragments[1].width == 3)
        #expect(problems == [])
    }

    @Test func preBlocksKeepLinesAndFold() {
        let styled = S.styled([
            S.Part(text: "Code:\n"),
            S.Part(text: "let x = 1\n    return x + 100", kind: .pre(language: "swift")),
        ])
        let (layout, lines, problems) = S.render(styled, S.constraints(10))
        #expect(lines == ["Code:", "swift", "let x = 1", "    return", " x + 100"])
        #expect(layout.lines[1].fragments.map(\.role) == [.title])
        #expect(layout.lines.map(\.block) == [.paragraph] + Array(repeating: .pre(language: "swift"), count: 4))
        #expect(layout.lines.allSatisfy { !$0.quoted })
        #expect(problems == [])
    }

    /// A language name wider than the line is cut before an ellipsis, so it does not
    /// read as a shorter name; one that fits is shown whole.
    @Test func aLongPreTitleEndsWithAnEllipsis() {
        let styled = S.styled([S.Part(text: "x = 1", kind: .pre(language: "objective-c++"))])
        let (cut, cutLines, cutProblems) = S.render(styled, S.constraints(8))
        #expect(cutLines == ["objecti…", "x = 1"])
        #expect(cut.lines[0].fragments.map(\.role) == [.title, .ellipsis])
        #expect(cutProblems == [])
        let (_, wholeLines, wholeProblems) = S.render(styled, S.constraints(13))
        #expect(wholeLines == ["objective-c++", "x = 1"])
        #expect(wholeProblems == [])
    }

    @Test func quotesHaveABarAndExpandableOnesCollapse() {
        let quote = BlockQuote(index: 0, expandable: true)
        let styled = S.styled([
            S.Part(text: "one two three four five six seven eight\n", quote: quote),
            S.Part(text: "after"),
        ])
        let (collapsed, lines, problems) = S.render(styled, S.constraints(12))
        #expect(lines == ["▎ one two", "▎ three four", "▎ five six…", "after"])
        #expect(collapsed.truncated)
        #expect(collapsed.lines[0].fragments[0].role == .quoteBar)
        #expect(collapsed.lines.map(\.block) == Array(repeating: .paragraph, count: 4))
        #expect(collapsed.lines.map(\.quoted) == [true, true, true, false])
        #expect(problems == [])
        let (expanded, expandedLines, _) = S.render(styled, S.constraints(12) { $0.expandQuotes = true })
        #expect(expandedLines == ["▎ one two", "▎ three four", "▎ five six", "▎ seven", "▎ eight", "after"])
        #expect(!expanded.truncated)
    }

    @Test func aQuoteWhoseBlocksDisagreeOnExpandingHidesOnlyItself() {
        // Past 3 lines a later expandable block of the same quote is hidden; what follows shows.
        let styled = S.styled([
            S.Part(text: "one\ntwo\nthree\nfour\n", quote: BlockQuote(index: 0, expandable: false)),
            S.Part(text: "five\n", quote: BlockQuote(index: 0, expandable: true)),
            S.Part(text: "after"),
        ])
        let (layout, lines, problems) = S.render(styled, S.constraints(20))
        #expect(lines == ["▎ one", "▎ two", "▎ three", "▎ four", "after"])
        #expect(layout.truncated)
        #expect(problems == [])
    }

    @Test func quoteBarsGiveWayToTextAtTinyWidths() {
        let quoted = S.styled([S.Part(text: "a日🇺🇦 b", quote: BlockQuote(index: 0, expandable: false))])
        // Width 3 leaves 1 cell after "▎ ": a 2-cell grapheme keeps only "▎".
        let (layout, lines, problems) = S.render(quoted, S.constraints(3) { $0.align = .right })
        #expect(lines == ["▎ a", "▎日", "▎🇺🇦", "▎ b"])
        #expect(layout.lines.map(\.width) == [3, 3, 3, 3])
        #expect(problems == [])
        // Width 2: no room for the bar next to a 2-cell grapheme.
        let (narrow, narrowLines, narrowProblems) = S.render(quoted, S.constraints(2) { $0.overflow = .crop })
        #expect(narrowLines == ["▎a", "日", "🇺🇦", "▎b"])
        #expect(narrow.lines[1].fragments.map(\.role) == [.text])
        #expect(narrowProblems == [])
        // Width 1 has no bar; a grapheme wider than the whole width stands alone.
        #expect(S.render(quoted, S.constraints(1)).1 == ["a", "日", "🇺🇦", "b"])
    }

    @Test func alignment() {
        let text = S.styled("aa bb cc dd ee")
        #expect(S.render(text, S.constraints(8) { $0.align = .right }).1 == ["aa bb cc", "   dd ee"])
        #expect(S.render(text, S.constraints(9) { $0.align = .center }).1 == ["aa bb cc", "  dd ee"])
        #expect(S.render(text, S.constraints(10) { $0.align = .justify }).1 == ["aa  bb  cc", "dd ee"])
        let (_, _, problems) = S.render(text, S.constraints(10) { $0.align = .justify })
        #expect(problems == [])
    }

    @Test func rightToLeftParagraphsAreReorderedAndRightAligned() {
        let (layout, lines, problems) = S.render(S.styled("שלום עולם"), S.constraints(12))
        #expect(lines == ["   םלוע םולש"])
        #expect(layout.lines[0].rtl)
        #expect(layout.lines[0].fragments[0].text == "שלום עולם")
        #expect(problems == [])
        let (_, mixed, _) = S.render(S.styled("abc שלום def"), S.constraints(20))
        #expect(mixed == ["abc םולש def"])
        let (_, arabic, _) = S.render(S.styled("مرحبا ABC"), S.constraints(9) { $0.align = .left })
        // Reversed, each letter in its joined form: alef final, beh medial, hah initial
        // (after reh, which joins only before it), reh final, meem initial.
        #expect(arabic == ["ABC \u{FE8E}\u{FE92}\u{FEA3}\u{FEAE}\u{FEE3}"])
    }

    @Test func explicitDirectionControlsDoNotReorderText() {
        // An override is drawn as a placeholder, so it must not reorder its text either:
        // "\u{202E}gnp.exe" would otherwise show as "exe.png" (a file name spoof).
        let (_, override, problems) = S.render(S.styled("pay to \u{202E}gnp.exe\u{202C} now"), S.constraints(40))
        #expect(override == ["pay to \u{FFFD}gnp.exe\u{FFFD} now"])
        #expect(problems == [])
        let (_, isolate, _) = S.render(S.styled("a \u{2067}bc\u{2069} שלום"), S.constraints(40))
        #expect(isolate == ["a \u{FFFD}bc\u{FFFD} םולש"])
        // Right-to-left text around the controls is still reordered.
        let (_, hebrew, _) = S.render(S.styled("\u{202D}שלום\u{202C}"), S.constraints(6) { $0.align = .left })
        #expect(hebrew == ["\u{FFFD}םולש\u{FFFD}"])
    }

    @Test func styleRunsSplitIntoFragmentsPerLine() {
        let (layout, lines, problems) = S.render(S.styled("plain ⟦b⟧bold text here⟦/b⟧ end"), S.constraints(10))
        #expect(lines == ["plain bold", "text here", "end"])
        #expect(layout.lines[0].fragments.map(\.text) == ["plain ", "bold"])
        #expect(layout.lines[0].fragments[1].style.attributes == .bold)
        #expect(layout.lines[1].fragments.map(\.style.attributes) == [.bold])
        #expect(layout.lines[2].fragments.map(\.text) == ["end"])
        #expect(problems == [])
    }

    @Test func unsafeControlsShowAsOneCellPlaceholders() {
        let (layout, lines, problems) = S.render(S.styled("a\u{1B}[2Jb\u{9B}c\u{7}"), S.constraints(40))
        #expect(lines == ["a\u{241B}[2Jb\u{FFFD}c\u{2407}"])
        #expect(layout.lines[0].width == 9)
        #expect(problems == [])
    }

    @Test func widthModelsMeasureEmojiSequences() {
        let text = S.styled("👨‍👩‍👧")
        #expect(TextLayouter.layout(text, S.constraints(10)).width == 2)
        #expect(TextLayouter.layout(text, S.constraints(10) { $0.widthModel = .legacy }).width == 6)
    }

    @Test func linesBreakOnlyAtUAX14Opportunities() {
        let text = "Mixed text: 日本語のテキスト, עברית, العربية and «quotes» — (brackets) 3.14% ok."
        let styled = S.styled(text)
        let opportunities = Set(LineBreaker.breaks(in: styled.text).map(\.offset))
        for width in 1...60 {
            let layout = TextLayouter.layout(styled, S.constraints(width))
            // From 10 cells on every word fits, so every break is a UAX #14 opportunity.
            for line in layout.lines.dropLast() where width >= 10 {
                #expect(opportunities.contains(line.end), "width \(width): break at \(line.end)")
            }
            #expect(S.violations(layout, of: styled, S.constraints(width)) == [])
        }
    }

    @Test func outOfRangeConstraintsAreClampedNeverFatal() {
        let styled = S.styled([
            S.Part(text: "a\tlong message with 👨‍👩‍👧\n", quote: BlockQuote(index: 0, expandable: true)),
            S.Part(text: "x", kind: .pre(language: "go")),
        ])
        for width in [-5, 0, 1, 2, 3, Int.max] {
            for maxLines in [-1, 0, 1] {
                let c = S.constraints(width) {
                    $0.maxLines = maxLines; $0.tabWidth = width; $0.ellipsis = "<<<<truncated>>>>"
                }
                let layout = TextLayouter.layout(styled, c)
                #expect(S.violations(layout, of: styled, c) == [], "width \(width) maxLines \(maxLines)")
            }
        }
    }

    @Test func validationRejectsWhatTheCommandLineRejects() {
        #expect(throws: LayoutConstraintError.widthNotPositive(0)) { try S.constraints(0).validate() }
        #expect(throws: LayoutConstraintError.negativeMaxLines(-1)) { try S.constraints(5) { $0.maxLines = -1 }.validate() }
        #expect(throws: LayoutConstraintError.tabWidthNotPositive(0)) { try S.constraints(5) { $0.tabWidth = 0 }.validate() }
        #expect(throws: LayoutConstraintError.ellipsisTooWide(6, width: 5)) {
            try S.constraints(5) {
                $0.maxLines = 1; $0.ellipsis = "......"
            }.validate()
        }
        #expect(throws: Never.self) { try S.constraints(5) { $0.ellipsis = "......" }.validate() }
    }

    @Test func limitsAreCheckedWithoutTheEllipsis() {
        #expect(throws: LayoutConstraintError.widthNotPositive(-2)) { try S.constraints(-2).validateLimits() }
        #expect(throws: LayoutConstraintError.tabWidthNotPositive(0)) { try S.constraints(5) { $0.tabWidth = 0 }.validateLimits() }
        #expect(throws: Never.self) {
            try S.constraints(1) {
                $0.maxLines = 1; $0.ellipsis = "......"
            }.validateLimits()
        }
    }

    /// The ellipsis is measured as layout draws it: each control is a 1-cell placeholder.
    @Test func validationMeasuresTheEllipsisAsDrawn() {
        let c = S.constraints(2) {
            $0.maxLines = 1; $0.ellipsis = "\u{1}\u{1}\u{1}"
        }
        #expect(throws: LayoutConstraintError.ellipsisTooWide(3, width: 2)) { try c.validate() }
    }

    /// The default ellipsis in cells, written out (`LayoutEngine.cellEllipsis`), is what
    /// measuring "…" gives under every width model, cut to every room.
    @Test func cellEllipsisIsTheMeasuredOne() {
        for model in WidthModel.allCases {
            let measured = MeasuredString("\u{2026}", measurer: CellMeasurer(model: model))
            for available in -2...4 {
                let written = LayoutEngine.cellEllipsis(fitting: available)
                let cut = measured.prefix(fitting: available)
                #expect(written.display == cut.display && written.width == cut.width, "\(model), \(available) cells")
            }
        }
    }
}
