import TestSupport
import Testing

@testable import MsgfmtCore

/// `LinePlan.Spans`, which holds one span without an array, against a plain array of
/// spans under random appends, replacements and merges.
@Suite struct LinePlanSpansTests {
    /// A span from a random draw: clusters or an ellipsis.
    private static func span(_ rng: inout SeededGenerator) -> LinePlan.Span {
        let at = Int.random(in: 0..<50, using: &rng)
        return Bool.random(using: &rng) ? .clusters(at..<(at + Int.random(in: 0..<5, using: &rng))) : .ellipsis(at: at)
    }

    /// The parts of a span the tests compare (Span is not Equatable).
    private static func key(_ span: LinePlan.Span) -> [Int] {
        switch span {
        case .clusters(let range): [0, range.lowerBound, range.upperBound]
        case .ellipsis(let at): [1, at]
        }
    }

    @Test func behavesLikeAnArray() {
        var rng = SeededGenerator(seed: 0x5350_414E)
        for _ in 0..<2_000 {
            var spans: LinePlan.Spans = []
            var reference: [LinePlan.Span] = []
            for _ in 0..<Int.random(in: 0..<8, using: &rng) {
                if !reference.isEmpty, Int.random(in: 0..<4, using: &rng) == 0 {
                    let k = Int.random(in: 0..<reference.count, using: &rng)
                    let replacement = Self.span(&rng)
                    spans[k] = replacement
                    reference[k] = replacement
                } else {
                    let next = Self.span(&rng)
                    spans.append(next)
                    reference.append(next)
                }
                #expect(spans.count == reference.count)
                #expect(spans.map(Self.key) == reference.map(Self.key))
                #expect(spans.last.map(Self.key) == reference.last.map(Self.key))
            }
            #expect(LinePlan.Spans(reference).map(Self.key) == reference.map(Self.key))
        }
    }

    @Test func adjacentClustersMergeIntoOneSpan() {
        var plan = LinePlan(start: 0, end: 10, spans: [])
        plan.append(0..<3)
        plan.append(3..<7)
        #expect(plan.spans.map(Self.key) == [[0, 0, 7]])
        plan.spans.append(.ellipsis(at: 7))
        plan.append(7..<9)
        plan.append(9..<10)
        #expect(plan.spans.map(Self.key) == [[0, 0, 7], [1, 7], [0, 7, 10]])
        plan.append(10..<10)
        #expect(plan.spans.count == 3)
    }
}
