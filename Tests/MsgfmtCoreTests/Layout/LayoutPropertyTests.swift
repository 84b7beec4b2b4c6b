import Foundation
import Testing
@testable import MsgfmtCore

/// Layout invariants over random messages under every combination of wrapping, overflow,
/// truncation and quote expansion, with random widths (1–120), alignments, tab widths,
/// width models, ellipses and line limits; then quoted messages at every width from 1.
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
        print("LayoutPropertyTests chunk \(chunk) seed \(seed) (rerun all chunks with MSGFMT_SEED=\(Self.seed)); \(messages) messages × \(Self.combinations.count) combinations")
        var rng = SeededGenerator(seed: seed)
        var failures = 0
        let clock = ContinuousClock()
        let started = clock.now
        var layoutTime = Duration.zero
        for caseIndex in 0..<messages {
            let styled = RandomStyledText.make(&rng)
            let checker = LayoutInvariantChecker(styled)
            let prepared = [WidthModel.modern: PreparedText(styled, measurer: CellMeasurer(model: .modern)),
                            .legacy: PreparedText(styled, measurer: CellMeasurer(model: .legacy))]
            let compared = Int.random(in: 0..<Self.combinations.count, using: &rng)
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
                    Issue.record("seed \(seed) case \(caseIndex) [\(combination)]: laying out prepared text differs from laying out the message")
                }
                let problems = checker.violations(layout, c)
                if !problems.isEmpty {
                    failures += 1
                    if failures <= 5 {
                        Issue.record("seed \(seed) case \(caseIndex) [\(combination), width \(c.width), maxLines \(c.maxLines), align \(c.align), tab \(c.tabWidth), \(c.widthModel), ellipsis \(c.ellipsis)] text \(styled.text.string.debugDescription) blocks \(styled.blocks.map { "\($0.name)\($0.range)" }): \(problems.prefix(3))")
                    }
                }
            }
        }
        let elapsed = clock.now - started
        print("LayoutPropertyTests chunk \(chunk): \(messages * Self.combinations.count) layouts (\(messages) per combination) in \(elapsed) (layout alone \(layoutTime)), \(failures) failing")
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
                            Issue.record("seed \(seed) case \(caseIndex) [width \(width), \(overflow), maxLines \(c.maxLines), \(c.truncate), align \(c.align), \(c.widthModel), ellipsis \(c.ellipsis)] text \(styled.text.string.debugDescription) blocks \(styled.blocks.map { "\($0.name)\($0.range)" }): \(problems.prefix(3))")
                        }
                    }
                }
            }
        }
        #expect(failures == 0)
    }
}
