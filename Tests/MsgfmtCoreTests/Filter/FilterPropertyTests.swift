import PropertyBased
import Testing

@testable import MsgfmtCore

/// Laws of the filter language over random expressions and the hand-made messages:
/// negation partitions, `|` is union, juxtaposition and `and` are intersection, double
/// negation is the identity, and precedence is what the grammar says.
@Suite struct FilterPropertyTests {
    /// Terms that split the hand-made messages in many ways.
    static let terms = [
        "rel", "cafe", #""the release""#, "東京", "from:alice", "from:user2", "from:channel77", "mentions:2",
        "chat:cafe", "chat:200", "has:link", "has:media", "has:code", "has:video", "has:reaction", "is:service",
        "is:edited", "is:forwarded", "before:2024-01-05", "after:2024-01-09", "id:3..11", "id:13", "-has:file",
    ]

    /// A random expression spelled from `choices` (each a random number); the same
    /// choices always give the same text.
    static func expression(_ choices: [Int], depth: Int = 0) -> String {
        var rest = choices[...]
        return build(&rest, depth: depth)
    }

    private static func build(_ choices: inout ArraySlice<Int>, depth: Int) -> String {
        let pick = choices.popFirst() ?? 0
        guard depth < 4, !choices.isEmpty else { return terms[pick % terms.count] }
        switch pick % 6 {
        case 0: return "-" + build(&choices, depth: depth + 1)
        case 1: return "(" + build(&choices, depth: depth + 1) + " | " + build(&choices, depth: depth + 1) + ")"
        case 2: return build(&choices, depth: depth + 1) + " " + build(&choices, depth: depth + 1)
        case 3: return "(" + build(&choices, depth: depth + 1) + " or " + build(&choices, depth: depth + 1) + ")"
        default: return terms[pick % terms.count]
        }
    }

    static let choices = Gen.int(in: 0...10_000).array(of: 1...24)

    /// The set of hand-made messages `text` keeps, as one Boolean per message.
    static func kept(_ text: String) throws -> [Bool] {
        let filter = try MessageFilter(parsing: text, clock: FilterTestSupport.utc)
        return FilterTestSupport.subjects.map(filter.matches)
    }

    @Test func negationPartitions() async {
        await propertyCheck(count: 300, input: Self.choices) { choices in
            let a = Self.expression(choices)
            let yes = try Self.kept(a)
            let no = try Self.kept("-(\(a))")
            #expect(zip(yes, no).allSatisfy { $0 != $1 }, "\(a)")
            #expect(try Self.kept("--(\(a))") == yes, "\(a)")
        }
    }

    @Test func orIsUnionAndIsIntersection() async {
        await propertyCheck(count: 300, input: Self.choices, Self.choices) { left, right in
            let a = Self.expression(left)
            let b = Self.expression(right)
            let ka = try Self.kept(a)
            let kb = try Self.kept(b)
            let union = zip(ka, kb).map { $0 || $1 }
            let both = zip(ka, kb).map { $0 && $1 }
            #expect(try Self.kept("(\(a)) | (\(b))") == union, "\(a) | \(b)")
            #expect(try Self.kept("(\(a)) OR (\(b))") == union, "\(a) OR \(b)")
            #expect(try Self.kept("(\(a)) (\(b))") == both, "\(a) \(b)")
            #expect(try Self.kept("(\(a)) and (\(b))") == both, "\(a) and \(b)")
            #expect(try Self.kept("-(\(a)) -(\(b))") == union.map { !$0 }, "De Morgan: \(a), \(b)")
        }
    }

    @Test func precedenceIsNotAndOr() async {
        await propertyCheck(count: 300, input: Self.choices, Self.choices, Self.choices) { x, y, z in
            let a = "(\(Self.expression(x)))"
            let b = "(\(Self.expression(y)))"
            let c = "(\(Self.expression(z)))"
            for (loose, grouped) in [
                ("\(a) \(b) | \(c)", "(\(a) \(b)) | \(c)"),
                ("\(a) | \(b) \(c)", "\(a) | (\(b) \(c))"),
                ("-\(a) \(b)", "(-\(a)) \(b)"),
                ("\(a) or \(b) and \(c)", "\(a) | (\(b) \(c))"),
            ] {
                let expected = try Self.kept(grouped)
                #expect(try Self.kept(loose) == expected, "\(loose)")
            }
        }
    }
}
