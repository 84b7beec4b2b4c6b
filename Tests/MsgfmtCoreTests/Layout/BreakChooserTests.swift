import TestSupport
import Testing

@testable import MsgfmtCore

/// The break choosers work on numbers alone.
@Suite struct BreakChooserTests {
    /// `aaaa bb cc dddddd` as widths.
    let items = [
        WrapItem(width: 4, whitespaceWidth: 1), WrapItem(width: 2, whitespaceWidth: 1),
        WrapItem(width: 2, whitespaceWidth: 1), WrapItem(width: 6),
    ]

    @Test func greedyFillsEachLine() {
        #expect(BreakChooser.greedy(items, lineWidths: [10]) == [3, 4])
        #expect(BreakChooser.greedy(items, lineWidths: [100]) == [4])
        #expect(BreakChooser.greedy(items, lineWidths: [1]) == [1, 2, 3, 4])
        #expect(BreakChooser.greedy([], lineWidths: [5]) == [])
    }

    @Test func whitespaceHangsAtLineEnds() {
        // "aaaa " is 5 with its space but fits a 4-cell line.
        #expect(BreakChooser.greedy([WrapItem(width: 4, whitespaceWidth: 3), WrapItem(width: 4)], lineWidths: [4]) == [1, 2])
        #expect(BreakChooser.greedy([WrapItem(width: 4, whitespaceWidth: 3), WrapItem(width: 4)], lineWidths: [11]) == [2])
    }

    @Test func penaltyCountsOnlyAtTheBreak() {
        let hyphenated = [WrapItem(width: 3, penaltyWidth: 1), WrapItem(width: 3)]
        #expect(BreakChooser.greedy(hyphenated, lineWidths: [6]) == [2])
        #expect(BreakChooser.greedy(hyphenated, lineWidths: [5]) == [1, 2])
    }

    @Test func lineWidthsRepeatTheLastEntry() {
        let words = Array(repeating: WrapItem(width: 2, whitespaceWidth: 1), count: 6)
        // First line 2 cells, then 5: "xx" / "xx xx" / "xx xx" / "xx".
        #expect(BreakChooser.greedy(words, lineWidths: [2, 5]) == [1, 3, 5, 6])
    }

    @Test func balancedEvensOutLinesWithoutAddingAny() {
        // Greedy: "aaaa bb cc" / "dddddd" (slack 0 and 4); balanced: "aaaa bb" / "cc dddddd".
        #expect(BreakChooser.balanced(items, lineWidths: [10]) == [2, 4])
        #expect(BreakChooser.balanced(items, lineWidths: [100]) == [4])
    }

    @Test(arguments: 1...30)
    func balancedNeverExceedsTheWidthNorUsesMoreLinesThanGreedy(width: Int) {
        var rng = SeededGenerator(seed: UInt64(width))
        for _ in 0..<200 {
            let words = (0..<Int.random(in: 0...30, using: &rng)).map { _ in
                WrapItem(width: Int.random(in: 0...12, using: &rng), whitespaceWidth: Int.random(in: 0...2, using: &rng))
            }
            let greedy = BreakChooser.greedy(words, lineWidths: [width])
            let balanced = BreakChooser.balanced(words, lineWidths: [width])
            #expect(balanced.count == greedy.count)
            #expect(balanced.last == greedy.last)
            var start = 0
            for end in balanced {
                #expect(end > start)
                let used = words[start..<end].reduce(0) { $0 + $1.width + $1.whitespaceWidth } - words[end - 1].whitespaceWidth
                #expect(used <= width || end - start == 1, "line \(start)..<\(end) is \(used) wide")
                start = end
            }
        }
    }
}
