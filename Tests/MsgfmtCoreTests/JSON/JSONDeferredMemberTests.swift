import TestSupport
import Testing

@testable import MsgfmtCore

/// `JSONParser.parseDeferring` checks the outermost object's deferred member without
/// building it: it must fail exactly where and why `parse` fails, and otherwise give the
/// object `parse` gives without that member.
@Suite struct JSONDeferredMemberTests {
    static let message = #"""
        {"id": 4, "type": "message", "date_unixtime": "1704096365", "from": "Bob",
         "text": ["встреча a ", {"type": "bold", "text": "дела \"q\" \u0041 \x07"}, " 🎉 ", [1, 2.5e3, true, null]],
         "text_entities": [{"type": "plain", "text": "встреча a "}, {"type": "bold", "text": "дела"}],
         "reactions": [{"type": "emoji", "count": 2, "emoji": "👍"}]}
        """#

    static var options: JSONParser.Options {
        var options = JSONParser.Options()
        options.allowHexEscapes = true
        options.maxDepth = 8
        return options
    }

    /// `value` without its members named `name`.
    static func dropping(_ name: String, from value: JSONValue) -> JSONValue {
        guard case .object(let members) = value else { return value }
        return .object(members.filter { $0.0 != name })
    }

    @Test func mutatedMessagesFailOrParseAlike() {
        var random = SeededGenerator(seed: 20_261_126)
        let original = Array(Self.message.utf8)
        let replacements = Array("{}[]\",:\\x0 \n-eu".utf8) + [0xFF, 0x01, 0xC3]
        var failures = 0
        var deferred = 0
        for n in 0..<20_000 {
            var bytes = original
            for _ in 0..<(1 + random.below(3)) {
                bytes[random.below(bytes.count)] = replacements[random.below(replacements.count)]
            }
            if n % 7 == 0 { bytes = Array(bytes.prefix(random.below(bytes.count))) }
            var deferring = Self.options
            deferring.deferredMember = "text"
            let whole = Result { () throws(JSONParseError) in try JSONParser.parse(bytes, options: Self.options) }
            let parts = Result { () throws(JSONParseError) in try JSONParser.parseDeferring(bytes[...], options: deferring) }
            switch (whole, parts) {
            case (.failure(let a), .failure(let b)):
                #expect(a == b, "mutation \(n): \(String(decoding: bytes, as: UTF8.self))")
                failures += 1
            case (.success(let value), .success(let parsed)):
                #expect(Self.dropping("text", from: value) == parsed.value, "mutation \(n)")
                if case .at(let range) = parsed.deferred {
                    deferred += 1
                    let text = try? JSONParser.parse(bytes[range], options: Self.options)
                    if case .object(let members) = value {
                        #expect(text == members.first { $0.0 == "text" }?.1, "mutation \(n)")
                    }
                }
            default:
                Issue.record("mutation \(n): one parse failed, the other did not: \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(failures > 5000)
        #expect(deferred > 1000)
    }

    @Test func aRepeatedMemberIsNotDeferred() throws {
        var deferring = Self.options
        deferring.deferredMember = "text"
        let parsed = try JSONParser.parseDeferring(Array(#"{"text": 1, "id": 2, "text": [3]}"#.utf8)[...], options: deferring)
        #expect(parsed.deferred == .repeated)
        #expect(parsed.value == .object([("id", .number("2"))]))
    }

    @Test func onlyTheOutermostObjectDefers() throws {
        var deferring = Self.options
        deferring.deferredMember = "text"
        let bytes = Array(#"{"a": {"text": "kept"}, "text": "left out"}"#.utf8)
        let parsed = try JSONParser.parseDeferring(bytes[...], options: deferring)
        #expect(parsed.value == .object([("a", .object([("text", .string("kept"))]))]))
        guard case .at(let range) = parsed.deferred else {
            Issue.record("the outermost text was not deferred: \(parsed.deferred)")
            return
        }
        #expect(String(decoding: bytes[range], as: UTF8.self) == "\"left out\"")
    }
}
