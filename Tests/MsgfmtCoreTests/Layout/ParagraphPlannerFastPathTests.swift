import TestSupport
import Testing

@testable import MsgfmtCore

/// `ParagraphPlanner.greedyPlan`, the one-walk greedy wrap, against `wordPlan` (words,
/// wrap items and `BreakChooser.greedy`) on random messages at random widths: where the
/// fast path answers, its lines are the same; it gives way exactly when a word is wider
/// than the line and may not stick out.
@Suite struct ParagraphPlannerFastPathTests {
    /// The parts of a plan the test compares (LinePlan is not Equatable).
    private static func key(_ plans: [LinePlan]) -> [[Int]] {
        plans.map { plan in
            var key = [plan.start, plan.end, plan.continues ? 1 : 0, plan.cut ? 1 : 0]
            for span in plan.spans {
                switch span {
                case .clusters(let range): key += [0, range.lowerBound, range.upperBound]
                case .ellipsis(let at): key += [1, at]
                }
            }
            return key
        }
    }

    @Test func greedyWalkEqualsWordsAndBreakChooser() {
        var rng = SeededGenerator(seed: 0x4752_4545_4459)
        var answered = 0
        var declined = 0
        var multiline = 0
        for _ in 0..<3_000 {
            let prepared = PreparedText(RandomStyledText.make(&rng))
            for segment in prepared.segments {
                guard case .paragraph = segment.kind else { continue }
                let available = Int.random(in: 0...40, using: &rng)
                var constraints = LayoutConstraints()
                constraints.overflow = OverflowMode.allCases.randomElement(using: &rng)!
                let ellipsisWidth = Int.random(in: 0...2, using: &rng)
                let reference = ParagraphPlanner.wordPlan(
                    segment.content, end: segment.end, table: prepared.table, available: available,
                    ellipsisWidth: ellipsisWidth, constraints: constraints)
                let fast = ParagraphPlanner.greedyPlan(
                    segment.content, end: segment.end, table: prepared.table, available: available,
                    overflow: constraints.overflow)
                // The fast path declines exactly when some word is wider than the line
                // and the mode does not let it stick out.
                let (words, items) = ParagraphPlanner.words(
                    segment.content, table: prepared.table, available: available, ellipsisWidth: ellipsisWidth,
                    overflow: .visible)
                let overlong = constraints.overflow != .visible && items.contains { $0.width > available }
                #expect((fast == nil) == overlong, "available \(available), \(words.count) words")
                guard let fast else {
                    declined += 1
                    continue
                }
                answered += 1
                if fast.count > 1 { multiline += 1 }
                #expect(Self.key(fast) == Self.key(reference), "available \(available), overflow \(constraints.overflow)")
            }
        }
        #expect(answered > 2_000 && declined > 200 && multiline > 500, "\(answered) answered, \(declined) declined, \(multiline) multiline")
    }

    /// A paragraph's plan goes through the fast path under greedy wrapping and through
    /// the words under balanced wrapping; both tile the same text.
    @Test func planPicksThePathByWrapMode() {
        let prepared = PreparedText(StyledText(plain: "one two three four five six seven"))
        let segment = prepared.segments[0]
        for wrap in [WrapMode.greedy, .balanced] {
            var constraints = LayoutConstraints()
            constraints.wrap = wrap
            let plans = ParagraphPlanner.plan(
                segment.content, end: segment.end, table: prepared.table, available: 10, ellipsisWidth: 1,
                constraints: constraints)
            #expect(plans.first?.start == segment.content.lowerBound)
            #expect(plans.last?.end == segment.end)
            #expect(plans.dropLast().allSatisfy { $0.continues })
        }
        var greedy = LayoutConstraints()
        greedy.wrap = .greedy
        let plans = ParagraphPlanner.plan(
            segment.content, end: segment.end, table: prepared.table, available: 10, ellipsisWidth: 1, constraints: greedy)
        // "one two" | "three four" | "five six" | "seven": words fill each line greedily.
        #expect(Self.key(plans).map { $0[0] } == [0, 8, 19, 28])
    }
}
