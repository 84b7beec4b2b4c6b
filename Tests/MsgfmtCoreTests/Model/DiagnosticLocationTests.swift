import Testing

@testable import MsgfmtCore

/// How a diagnostic's place is written: the line wins over the message, unless the line
/// holds several messages, when both are named.
@Suite struct DiagnosticLocationTests {
    @Test func aLineAloneNamesItsMessage() {
        #expect(Diagnostic.Location(messageID: 12, messageIndex: 3, entityIndex: 0, on: InputLine(7)).description == "7, entity 0")
        #expect(Diagnostic.Location(messageID: 12, messageIndex: 3, on: nil).description == "message 12")
        #expect(Diagnostic.Location(messageIndex: 3, on: nil).description == "message #4")
        #expect(Diagnostic.Location(messageIndex: 0, line: 2, column: 69).description == "2:69")
    }

    @Test func aLineHoldingSeveralNamesTheMessageBesideIt() {
        let shared = InputLine(7, holdsSeveral: true)
        #expect(Diagnostic.Location(messageID: 12, messageIndex: 3, entityIndex: 0, on: shared).description == "7, message 12, entity 0")
        #expect(Diagnostic.Location(messageIndex: 3, on: shared).description == "7, message #4")
        #expect(Diagnostic.Location(on: shared).description == "7")
    }

    /// Arrays and responses with an array of results hold several messages; an Update, a
    /// message and a response with one message hold one.
    @Test func whatALineHolds() throws {
        func holds(_ json: String) throws -> Bool {
            InputLine(1, holding: try JSONParser.parse(Array(json.utf8))).holdsSeveral
        }
        #expect(try holds(#"[{"text":"a"}]"#))
        #expect(try holds(#"{"ok":true,"result":[]}"#))
        #expect(try !holds(#"{"ok":true,"result":{"message_id":1,"text":"a"}}"#))
        #expect(try !holds(#"{"update_id":1,"message":{"text":"a"}}"#))
        #expect(try !holds(#"{"text":"a"}"#))
    }
}
