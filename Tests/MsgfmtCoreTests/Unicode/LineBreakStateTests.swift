import TestSupport
import Testing

@testable import MsgfmtCore

/// `LineBreakState.adjacentRows`, the pairs of classes whose boundary `decide` reads from
/// a table: the committed rows equal the rules' answers, and no state or text the rules
/// read changes the answer of a pair the table answers.
@Suite struct LineBreakStateTests {
    @Test func classCountMatchesTheEnumeration() {
        #expect(LineBreakClass.count == LineBreakClass.allCases.count)
    }

    @Test func committedRowsEqualTheRules() {
        let derived = LineBreakState.derivedAdjacentRows()
        #expect(LineBreakState.adjacentRows == derived)
        if LineBreakState.adjacentRows != derived {
            let rows = derived.map { "0x" + String($0, radix: 16, uppercase: true) }
            print("adjacentRows should be:\n" + rows.joined(separator: ", "))
        }
    }

    /// Pairs the table answers keep their answer in random states and before random text;
    /// a pair whose answer moves with them must be one `pairNeedsState` names. The states
    /// are those `decide` can reach with base `a`: a resolved class (LB1 comes first), the
    /// hyphen flag only on BA (U+2010), number state only on what continues a number,
    /// regional indicators counted only on RI.
    @Test func tableAnswersDoNotDependOnState() {
        var rng = SeededGenerator(seed: 0x6C62_7374)
        let classes = LineBreakClass.allCases.filter { $0.resolved == $0 }
        // Code points the look-ahead rules read: digits, separators, brackets, letters, marks.
        let next: [UInt16] = [0x30, 0x2E, 0x2C, 0x28, 0x2D, 0x41, 0x20, 0x0301, 0x24, 0x25, 0x0E01]
        var checked = 0
        for a in classes {
            for b in classes where !LineBreakState.pairNeedsState(a, b) {
                let expected = LineBreakState.ruleAnswer(a, b, context: .init())
                for _ in 0..<100 {
                    var context = LineBreakState.RuleContext()
                    context.beforeBase = classes.randomElement(using: &rng)!
                    context.beforeBaseAdjacent = Bool.random(using: &rng)
                    context.breakBeforeBase = Bool.random(using: &rng)
                    context.baseIsHyphen = a == .ba && Bool.random(using: &rng)
                    context.baseIsWide = Bool.random(using: &rng)
                    context.baseIsUnassignedPictograph = Bool.random(using: &rng)
                    context.regionalCount = a == .ri ? Int.random(in: 1...3, using: &rng) : 0
                    context.inNumber = [.nu, .sy, .is, .cl, .cp].contains(a) && Bool.random(using: &rng)
                    context.numberClosed = context.inNumber && [.cl, .cp].contains(a) && Bool.random(using: &rng)
                    context.word = UInt32.random(in: 0...UInt32.max, using: &rng)
                    context.value = UInt32.random(in: 0...0x10FFFF, using: &rng)
                    let after = (0..<Int.random(in: 0...2, using: &rng)).map { _ in next.randomElement(using: &rng)! }
                    let answer = LineBreakState.ruleAnswer(a, b, context: context, after: after)
                    #expect(answer == expected, "\(a) \(b) in \(context) before \(after)")
                    if answer != expected { return }
                    checked += 1
                }
            }
        }
        #expect(checked > 50_000)
    }

    /// `pairNeedsState` names a pair of each stateful rule and leaves out pairs the two
    /// classes decide (spot checks); one named pair's answer does move with the state.
    @Test func askedPairsIncludeTheStatefulRules() {
        #expect(LineBreakState.pairNeedsState(.hy, .al))  // ICU's hyphen rule
        #expect(LineBreakState.pairNeedsState(.nu, .po))  // LB25 after a number
        #expect(LineBreakState.pairNeedsState(.al, .op))  // LB30: wide brackets
        #expect(LineBreakState.pairNeedsState(.ri, .ri))  // LB30a
        #expect(LineBreakState.pairNeedsState(.eb, .em))  // LB30b
        #expect(!LineBreakState.pairNeedsState(.al, .is))
        #expect(!LineBreakState.pairNeedsState(.nu, .nu))
        #expect(!LineBreakState.pairNeedsState(.al, .sy))
        // A pair of the hyphen rule really changes with the state.
        var after = LineBreakState.RuleContext()
        after.breakBeforeBase = true
        var within = after
        within.breakBeforeBase = false
        #expect(
            LineBreakState.ruleAnswer(.hy, .al, context: after) != LineBreakState.ruleAnswer(.hy, .al, context: within))
    }
}
