import Foundation
import TestSupport
import Testing

@_spi(Testing) @testable import MsgfmtCore

/// Layout invariants over random messages under every combination of wrapping, overflow,
/// truncation and quote expansion, with random widths (1–120), alignments, tab widths,
/// width models, ellipses and line limits; then quoted messages at every width from 1,
/// and mixed-direction paragraphs cut by the line limit under each truncation mode.
@Suite struct LayoutPropertyTests {
    /// One option combination.
    struct Combination: CustomStringConvertible {
        var wrap: WrapMode
        var overflow: OverflowMode
        var truncate: TruncationMode?
        var expandQuotes: Bool
        var description: String {
            "wrap \(wrap), overflow \(overflow), truncate \(truncate.map(\.rawValue) ?? "off"), expand \(expandQuotes)"
        }
    }

    static let combinations: [Combination] = WrapMode.allCases.flatMap { wrap in
        OverflowMode.allCases.flatMap { overflow in
            ([nil] + TruncationMode.allCases.map { Optional($0) }).flatMap { truncate in
                [false, true].map { Combination(wrap: wrap, overflow: overflow, truncate: truncate, expandQuotes: $0) }
            }
        }
    }

    /// The run is cut into chunks that Swift Testing runs in parallel.
    static let chunks = 4
    static let environment = ProcessInfo.processInfo.environment
    /// `MSGFMT_SEED` when set, else a fresh random seed (printed).
    static let seed = environment["MSGFMT_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
    /// Messages per run, each laid out under every combination (so this many cases per
    /// combination): `MSGFMT_PROPERTY_CASES`, else 10,000 (640,000 layouts).
    static let messages = Int(environment["MSGFMT_PROPERTY_CASES"] ?? "") ?? 10_000

    @Test(arguments: 0..<chunks)
    func invariantsHoldForRandomMessages(chunk: Int) {
        let seed = Self.seed &+ UInt64(chunk)
        let messages = (Self.messages + Self.chunks - 1 - chunk) / Self.chunks
        print(
            "LayoutPropertyTests chunk \(chunk) seed \(seed) (rerun all chunks with MSGFMT_SEED=\(Self.seed)); \(messages) messages × \(Self.combinations.count) combinations"
        )
        var rng = SeededGenerator(seed: seed)
        var failures = 0
        let clock = ContinuousClock()
        let started = clock.now
        var layoutTime = Duration.zero
        for caseIndex in 0..<messages {
            let styled = RandomStyledText.make(&rng)
            let prepared = [
                WidthModel.modern: PreparedText(styled, measurer: CellMeasurer(model: .modern)),
                .legacy: PreparedText(styled, measurer: CellMeasurer(model: .legacy)),
            ]
            let compared = Int.random(in: 0..<Self.combinations.count, using: &rng)
            // Every layout of the message, checked together below (one segmentation).
            var layouts: [(layout: TextLayout, constraints: LayoutConstraints)] = []
            for (index, combination) in Self.combinations.enumerated() {
                var c = LayoutConstraints()
                c.width = Int.random(in: 1...120, using: &rng)
                if Int.random(in: 0..<3, using: &rng) == 0 { c.width = Int.random(in: 1...6, using: &rng) }
                c.wrap = combination.wrap
                c.overflow = combination.overflow
                c.expandQuotes = combination.expandQuotes
                if let truncate = combination.truncate {
                    c.truncate = truncate
                    c.maxLines = Int.random(in: 1...6, using: &rng)
                }
                c.align = LineAlignment.allCases.randomElement(using: &rng)!
                c.tabWidth = Int.random(in: 1...8, using: &rng)
                c.widthModel = WidthModel.allCases.randomElement(using: &rng)!
                c.ellipsis = ["…", "...", "»", "⋯⋯"].randomElement(using: &rng)!
                let t0 = clock.now
                let layout = TextLayouter.layout(prepared[c.widthModel]!, c)
                layoutTime += clock.now - t0
                if index == compared, layout != TextLayouter.layout(styled, c) {
                    Issue.record(
                        "seed \(seed) case \(caseIndex) [\(combination)]: laying out prepared text differs from laying out the message")
                }
                layouts.append((layout, c))
            }
            let violations = TextLayout.checkInvariants(styled, layouts)
            for (index, combination) in Self.combinations.enumerated() where !violations[index].isEmpty {
                let c = layouts[index].constraints
                failures += 1
                if failures <= 5 {
                    Issue.record(
                        "seed \(seed) case \(caseIndex) [\(combination), width \(c.width), maxLines \(c.maxLines), align \(c.align), tab \(c.tabWidth), \(c.widthModel), ellipsis \(c.ellipsis)] text \(styled.text.string.debugDescription) blocks \(styled.blocks.map { "\($0.kind)\($0.quote == nil ? "" : " quoted")\($0.range)" }): \(violations[index].prefix(3))"
                    )
                }
            }
        }
        let elapsed = clock.now - started
        print(
            "LayoutPropertyTests chunk \(chunk): \(messages * Self.combinations.count) layouts (\(messages) per combination) in \(elapsed) (layout alone \(layoutTime)), \(failures) failing"
        )
        #expect(failures == 0)
    }

    /// Random constraints for the narrow and bidi runs: alignment, tab width, width model
    /// and ellipsis.
    static func randomize(_ c: inout LayoutConstraints, _ rng: inout SeededGenerator) {
        c.align = LineAlignment.allCases.randomElement(using: &rng)!
        c.tabWidth = Int.random(in: 1...8, using: &rng)
        c.widthModel = WidthModel.allCases.randomElement(using: &rng)!
        c.ellipsis = ["…", "...", "»", "⋯⋯"].randomElement(using: &rng)!
    }

    /// Quote bars, titles and ellipses give way before text passes the width: random
    /// messages, most blocks quoted, at every width from 1 to 8 under each overflow mode
    /// that keeps words within the width.
    @Test func decoratedLinesObeyEveryWidthDownToOne() {
        let seed = Self.seed &+ 100
        var rng = SeededGenerator(seed: seed)
        let messages = max(1, Self.messages / 10)
        var failures = 0
        for caseIndex in 0..<messages {
            var styled = RandomStyledText.make(&rng, tokens: RandomStyledText.tokens + RandomStyledText.mixedScriptTokens, blocks: 1...4)
            for i in styled.blocks.indices where Int.random(in: 0..<4, using: &rng) > 0 {
                styled.blocks[i].quote = BlockQuote(index: 100 + i, expandable: Bool.random(using: &rng))
            }
            let checker = LayoutInvariantChecker(styled)
            for width in 1...8 {
                for overflow in [OverflowMode.fold, .crop, .ellipsis] {
                    var c = LayoutConstraints()
                    c.width = width
                    c.overflow = overflow
                    c.maxLines = Int.random(in: 0...4, using: &rng)
                    c.truncate = TruncationMode.allCases.randomElement(using: &rng)!
                    c.expandQuotes = Bool.random(using: &rng)
                    Self.randomize(&c, &rng)
                    let problems = checker.violations(TextLayouter.layout(styled, c), c)
                    if !problems.isEmpty {
                        failures += 1
                        if failures <= 5 {
                            Issue.record(
                                "seed \(seed) case \(caseIndex) [width \(width), \(overflow), maxLines \(c.maxLines), \(c.truncate), align \(c.align), \(c.widthModel), ellipsis \(c.ellipsis)] text \(styled.text.string.debugDescription) blocks \(styled.blocks.map { "\($0.kind)\($0.quote == nil ? "" : " quoted")\($0.range)" }): \(problems.prefix(3))"
                            )
                        }
                    }
                }
            }
        }
        #expect(failures == 0)
    }

    /// Paragraphs mixing Hebrew, Arabic, CJK and Latin cut by the line limit: the ellipsis
    /// stands where `mode` cuts (after the last line's text for `end`, before it for
    /// `start`, between its two parts for `middle`), is drawn next to the text it cuts in
    /// that text's direction (checked by `LayoutInvariantChecker` from the fragments'
    /// source ranges, fragments being in visual order), and under `start` and `middle`
    /// the line ends with the end of the message.
    @Test(arguments: TruncationMode.allCases)
    func ellipsisStandsWhereTheModeCutsInMixedDirectionText(mode: TruncationMode) {
        let seed = Self.seed &+ 200 &+ UInt64(TruncationMode.allCases.firstIndex(of: mode)!)
        var rng = SeededGenerator(seed: seed)
        let messages = max(1, Self.messages / 10)
        var failures = 0
        var cut = 0
        for caseIndex in 0..<messages {
            let styled = RandomStyledText.make(&rng, tokens: RandomStyledText.mixedScriptTokens, blocks: 2...5)
            let checker = LayoutInvariantChecker(styled)
            let units = styled.text.units
            var textEnd = units.count
            while textEnd > 0, [0x20, 0x09, 0x0A, 0x0D].contains(units[textEnd - 1]) { textEnd -= 1 }
            for _ in 0..<8 {
                var c = LayoutConstraints()
                c.width = Int.random(in: 1...40, using: &rng)
                c.maxLines = Int.random(in: 1...4, using: &rng)
                c.truncate = mode
                c.expandQuotes = true
                c.wrap = WrapMode.allCases.randomElement(using: &rng)!
                Self.randomize(&c, &rng)
                let layout = TextLayouter.layout(styled, c)
                let problems = checker.violations(layout, c) + Self.truncationProblems(layout, mode: mode, textEnd: textEnd)
                if layout.lines.last?.fragments.contains(where: { $0.role == .ellipsis }) == true { cut += 1 }
                if !problems.isEmpty {
                    failures += 1
                    if failures <= 5 {
                        Issue.record(
                            "seed \(seed) case \(caseIndex) [\(mode), width \(c.width), maxLines \(c.maxLines), \(c.wrap), align \(c.align), \(c.widthModel), ellipsis \(c.ellipsis)] text \(styled.text.string.debugDescription) blocks \(styled.blocks.map { "\($0.kind)\($0.quote == nil ? "" : " quoted")\($0.range)" }): \(problems.prefix(3))"
                        )
                    }
                }
            }
        }
        #expect(failures == 0)
        #expect(cut > messages, "few layouts were cut: \(cut)")
    }

    /// Where the line limit put the ellipsis of `layout`'s last line, judged by source
    /// ranges: no text after it under `end`, none before it under `start`, none across it
    /// under `middle`; under `start` and `middle` the text after it ends at `textEnd` (the
    /// end of the message's text, trailing whitespace aside).
    static func truncationProblems(_ layout: TextLayout, mode: TruncationMode, textEnd: Int) -> [String] {
        guard layout.truncated, let line = layout.lines.last,
            let ellipsis = line.fragments.first(where: { $0.role == .ellipsis })
        else { return [] }
        let at = ellipsis.start
        let text = line.fragments.filter { $0.role == .text || $0.role == .tab }
        var found: [String] = []
        switch mode {
        case .end where text.contains { $0.end > at }: found.append("under end, text follows the ellipsis at \(at)")
        case .start where text.contains { $0.start < at }: found.append("under start, text precedes the ellipsis at \(at)")
        case .middle where text.contains { $0.start < at && $0.end > at }: found.append("under middle, text spans the ellipsis at \(at)")
        default: break
        }
        if mode != .end, let last = text.max(by: { $0.end < $1.end }), last.start >= at, last.end != textEnd {
            found.append("under \(mode), the text after the ellipsis ends at \(last.end), not at the message's end \(textEnd)")
        }
        return found
    }
}
