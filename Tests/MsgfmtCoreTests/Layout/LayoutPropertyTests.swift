import Foundation
import Testing
@testable import MsgfmtCore

/// Layout invariants over random messages under every combination of wrapping, overflow,
/// truncation and quote expansion, with random widths (1–120), alignments, tab widths,
/// width models, ellipses and line limits.
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

    @Test func invariantsHoldForRandomMessages() {
        let environment = ProcessInfo.processInfo.environment
        let seed = SeededGenerator.seed(environment: environment)
        let messages = Int(environment["MSGFMT_PROPERTY_CASES"] ?? "") ?? 10_000
        print("LayoutPropertyTests seed \(seed) (rerun with MSGFMT_SEED=\(seed)); \(messages) messages × \(Self.combinations.count) combinations")
        var rng = SeededGenerator(seed: seed)
        var failures = 0
        let clock = ContinuousClock()
        let started = clock.now
        var layoutTime = Duration.zero
        for caseIndex in 0..<messages {
            let styled = RandomStyledText.make(&rng)
            let checker = LayoutInvariantChecker(styled)
            for combination in Self.combinations {
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
                let layout = TextLayouter.layout(styled, c)
                layoutTime += clock.now - t0
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
        print("LayoutPropertyTests: \(messages * Self.combinations.count) layouts (\(messages) per combination) in \(elapsed) (layout alone \(layoutTime)), \(failures) failing")
        #expect(failures == 0)
    }
}
