import Foundation
import Testing

@_spi(Testing) @testable import MsgfmtCore

/// Members of the wrong type (`ExportFieldProblem`): each is left out and said, the rest of
/// the message decoded; the direct reader declines such a message, so the tree path says it.
@Suite struct ExportFieldProblemTests {
    static let clock = ExportClock(timeZone: "UTC")!

    static func decode(_ json: String) -> ExportMessage? {
        guard
            case .success(let message) = ExportMessageDecoder.decode(
                RawExportMessage(bytes: Array(json.utf8), byteOffset: 0, index: 0), clock: clock)
        else { return nil }
        return message
    }

    /// One member of each kind, and what is said about it.
    static let cases: [(member: String, severity: Diagnostic.Severity, message: String)] = [
        (#""photo": 123"#, .warning, "field photo should be a string, found a number"),
        (#""reply_to_message_id": "x""#, .warning, #"field reply_to_message_id should be an integer, found "x""#),
        (#""text": 42"#, .error, "field text should be a string or an array, found a number"),
        (#""text": {"a": 1}"#, .error, "field text should be a string or an array, found an object"),
        (#""type": null"#, .warning, "field type should be a string, found null"),
        (#""from": 5"#, .warning, "field from should be a string, found a number"),
        (#""grouped_id": 1.5"#, .warning, "field grouped_id should be an integer, found a number"),
        (#""file": "files/a.txt", "file_size": "big""#, .warning, #"field file_size should be an integer, found "big""#),
        (#""file": "files/a.txt", "width": true"#, .warning, "field width should be an integer, found a boolean"),
        (#""reactions": {}"#, .warning, "field reactions should be an array, found an object"),
    ]

    /// A byte that is not UTF-8 (a sender's name cut mid-character) is read as U+FFFD and
    /// said in a warning where it is; the message is kept. Broken JSON still fails it.
    @Test func aBadByteIsReadAsAReplacementCharacter() throws {
        let bytes =
            Array(#"{"id": 3, "date_unixtime": "7", "from": "Bob "#.utf8) + [0xFE]
            + Array(#"", "text": "hi", "text_entities": [{"type": "plain", "text": "hi"}]}"#.utf8)
        guard
            case .success(let message) = ExportMessageDecoder.decode(
                RawExportMessage(bytes: bytes, byteOffset: 0, index: 0), clock: Self.clock)
        else {
            Issue.record("the message failed")
            return
        }
        #expect(message.from == "Bob \u{FFFD}")
        #expect(message.body.text == "hi")
        #expect(message.problems.map(\.severity) == [.warning])
        #expect(message.problems.first?.error.message == "invalid JSON at byte 45 of the message: invalid UTF-8 byte 0xFE; read as U+FFFD")
        let broken = Array(#"{"id": 3, "from": "Bob "#.utf8) + [0xFE] + Array(#"", "text": "hi""#.utf8)
        guard case .failure = ExportMessageDecoder.decode(RawExportMessage(bytes: broken, byteOffset: 0, index: 0), clock: Self.clock)
        else {
            Issue.record("broken JSON was decoded")
            return
        }
    }

    @Test func eachWrongTypeIsSaidAndTheRestDecoded() throws {
        for (member, severity, message) in Self.cases {
            let json =
                #"{"id": 3, "date_unixtime": "7", "#
                + (member.hasPrefix(#""text""#) ? "" : #""text": "hi", "#)
                + member + #", "text_entities": [{"type": "plain", "text": "hi"}]}"#
            let decoded = try #require(Self.decode(json), "\(json)")
            #expect(decoded.problems.map(\.severity) == [severity], "\(json)")
            #expect(decoded.problems.map(\.error.message) == [message], "\(json)")
            #expect(decoded.body.text == "hi", "\(json)")
            #expect(decoded.id == 3 && decoded.date == 7)
            #expect(ExportMessageReader.message(Array(json.utf8)) == nil, "the direct reader declines \(json)")
            #expect(ExportMessageDecoder.directReadingAgrees(Array(json.utf8), clock: Self.clock))
        }
    }

    /// Values of the right type, and null where an export writes it, say nothing; the
    /// everyday message is still read directly.
    @Test func rightTypesSayNothing() throws {
        let json = #"""
            {"id": 4, "type": "message", "date_unixtime": "7", "from": null, "from_id": "user1", "reply_to_message_id": 2,
             "photo": "photos/p.jpg", "width": 10, "height": null, "text": "hi", "text_entities": ["hi"], "reactions": []}
            """#
        let decoded = try #require(Self.decode(json))
        #expect(decoded.problems.isEmpty)
        #expect(ExportMessageReader.message(Array(json.utf8)) == decoded)
        let service =
            #"{"id": 5, "type": "service", "date_unixtime": "7", "actor": "A", "action": "pin_message", "text": 42, "text_entities": []}"#
        #expect(Self.decode(service)?.problems.map(\.error.message) == ["field text should be a string or an array, found a number"])
    }
}
