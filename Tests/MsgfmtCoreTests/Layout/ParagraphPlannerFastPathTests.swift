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

    /// What came of holding `greedyPlan` to `wordPlan` on paragraphs: how many the fast path
    /// answered, declined, and answered with more than one line.
    private struct Tally {
        var answered = 0
        var declined = 0
        var multiline = 0

        /// Plans `range` of `table` both ways at `available` cells under `overflow` and
        /// expects the same lines, or the fast path declining exactly when some word is
        /// wider than the line and the mode does not let it stick out.
        mutating func compare(
            _ range: Range<Int>, end: Int, of table: ClusterTable, available: Int, overflow: OverflowMode, ellipsisWidth: Int,
            _ context: String
        ) {
            var constraints = LayoutConstraints()
            constraints.overflow = overflow
            let reference = ParagraphPlanner.wordPlan(
                range, end: end, table: table, available: available, ellipsisWidth: ellipsisWidth, constraints: constraints)
            let fast = ParagraphPlanner.greedyPlan(range, end: end, table: table, available: available, overflow: overflow)
            let (_, items) = ParagraphPlanner.words(
                range, table: table, available: available, ellipsisWidth: ellipsisWidth, overflow: .visible)
            let overlong = overflow != .visible && items.contains { $0.width > available }
            #expect((fast == nil) == overlong, "\(context): available \(available), \(items.count) words")
            guard let fast else {
                declined += 1
                return
            }
            answered += 1
            if fast.count > 1 { multiline += 1 }
            #expect(
                ParagraphPlannerFastPathTests.key(fast) == ParagraphPlannerFastPathTests.key(reference),
                "\(context): available \(available), overflow \(overflow)")
        }

        /// Expects more than these of each, so that the comparisons cover what they are for.
        func expectAtLeast(answered: Int, declined: Int, multiline: Int) {
            #expect(
                self.answered > answered && self.declined > declined && self.multiline > multiline,
                "\(self.answered) answered, \(self.declined) declined, \(self.multiline) multiline")
        }
    }

    @Test func greedyWalkEqualsWordsAndBreakChooser() {
        var rng = SeededGenerator(seed: 0x4752_4545_4459)
        var tally = Tally()
        for round in 0..<3_000 {
            let prepared = PreparedText(RandomStyledText.make(&rng))
            for segment in prepared.segments {
                guard case .paragraph = segment.kind else { continue }
                tally.compare(
                    segment.content, end: segment.end, of: prepared.table, available: Int.random(in: 0...40, using: &rng),
                    overflow: OverflowMode.allCases.randomElement(using: &rng)!, ellipsisWidth: Int.random(in: 0...2, using: &rng),
                    "round \(round)")
            }
        }
        tally.expectAtLeast(answered: 2_000, declined: 200, multiline: 500)
    }

    /// `greedyPlan` against `wordPlan` where a line search could go wrong: words of one
    /// cluster and of many, runs of spaces and tabs (words of whitespace alone among them),
    /// zero-width clusters (a line's width reached and not passed), wide ideographs, and
    /// ranges that start or end inside the text (a paragraph of a longer one, which may end
    /// inside a word), at widths from none to a little more than a word.
    @Test func greedyLinesEqualWordPlanOnWhitespaceAndZeroWidths() {
        var rng = SeededGenerator(seed: 0x4C49_4E45_53)
        let pieces = [
            "a", "bc", "defghijklmnopq", " ", "  ", "\t", "\u{200B}", "\u{200B} ", "x\u{301}", "日本", "語", "-", "😀", "\u{2060}",
        ]
        var tally = Tally()
        for round in 0..<4_000 {
            let text = (0..<Int.random(in: 1...24, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let table = PreparedText(StyledText(plain: text)).table
            let limit = table.count
            let lower = Int.random(in: 0..<max(1, limit), using: &rng)
            for range in [0..<limit, lower..<Int.random(in: lower...limit, using: &rng)] where !range.isEmpty {
                tally.compare(
                    range, end: range.upperBound, of: table, available: Int.random(in: 0...16, using: &rng),
                    overflow: OverflowMode.allCases.randomElement(using: &rng)!, ellipsisWidth: 1,
                    "round \(round), \(range) of \(text.debugDescription)")
            }
        }
        tally.expectAtLeast(answered: 2_000, declined: 500, multiline: 1_000)
    }

    /// The words `words` finds (from the break flags eight at a time and the running
    /// widths) against a walk over the table's clusters one by one: each word ends after
    /// the first cluster with a break after it (or at the end of the range planned), its
    /// content before its trailing spaces and tabs, and its widths are the sums of its
    /// clusters'; for whole texts and for parts of them that may end inside a word.
    @Test func wordsEqualAClusterByClusterWalk() {
        var rng = SeededGenerator(seed: 0x574F_5244_53)
        var words = 0
        var long = 0
        for round in 0..<3_000 {
            var styled = RandomStyledText.make(&rng)
            // Some texts with words longer than eight clusters and runs of spaces and tabs.
            if round % 3 == 0 {
                let pieces = ["abcdefghijklmnop", " ", "\t", "  ", "日本語の文章", "a-b", "x", "😀👍🏽", "\u{301}"]
                styled = StyledText(
                    plain: (0..<Int.random(in: 1...12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined())
            }
            let table = PreparedText(styled).table
            let limit = table.count
            // The whole text, whose last cluster always has a break after it, and a part of
            // it, which may end inside a word (as a paragraph of a longer text can).
            let lower = Int.random(in: 0...limit, using: &rng)
            for range in [0..<limit, lower..<Int.random(in: lower...limit, using: &rng)] {
                let checked = compareWords(in: range, of: table, round: round)
                words += checked.words
                long += checked.long
            }
            // The running sums give every range's width.
            for _ in 0..<8 where limit > 0 {
                let a = Int.random(in: 0...limit, using: &rng)
                let b = Int.random(in: a...limit, using: &rng)
                #expect(table.width(a..<b) == table.widths[a..<b].reduce(0, +))
                let wide = table.withTabWidth(table.tabWidth + 3)
                #expect(wide.width(a..<b) == wide.widths[a..<b].reduce(0, +))
            }
        }
        #expect(words > 10_000 && long > 500, "\(words) words, \(long) longer than eight clusters")
    }

    /// Holds the words `ParagraphPlanner.words` finds in `range` of `table` to a walk over
    /// its clusters one by one (a word ends after a cluster with a break after it, or at
    /// the range's end); returns how many words there were and how many were longer than
    /// eight clusters.
    private func compareWords(in range: Range<Int>, of table: ClusterTable, round: Int) -> (words: Int, long: Int) {
        let (found, items) = ParagraphPlanner.words(range, table: table, available: .max, ellipsisWidth: 0, overflow: .visible)
        var k = range.lowerBound
        var index = 0
        var long = 0
        while k < range.upperBound {
            var j = k
            var c = k
            var width = 0
            var total = 0
            repeat {
                total += table.widths[j]
                if !table.isWhitespace(j) {
                    c = j + 1
                    width = total
                }
                j += 1
            } while j < range.upperBound && !table.breakAfter[j - 1]
            guard index < found.count else {
                Issue.record("round \(round), \(range): word \(index) at cluster \(k) missing")
                return (index, long)
            }
            let word = found[index]
            #expect([word.start, word.contentEnd, word.end] == [k, c, j], "round \(round), \(range), word \(index)")
            #expect(
                items[index].width == width && items[index].whitespaceWidth == total - width, "round \(round), \(range), word \(index)")
            if j - k > 8 { long += 1 }
            index += 1
            k = j
        }
        #expect(index == found.count, "round \(round), \(range)")
        return (index, long)
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
