import Testing

@testable import MsgfmtCore

/// tdlib's MarkdownV2 and HTML vectors: text, entities and error messages match.
@Suite struct ParseModeVectorTests {
    static let markdownVectors = TelegramVectors.of("markdown_v2")
    static let htmlVectors = TelegramVectors.of("html")

    @Test func vectorsArePresent() {
        #expect(Self.markdownVectors.count >= 20)
        #expect(Self.htmlVectors.count >= 10)
    }

    @Test(arguments: markdownVectors.indices)
    func markdownV2(_ index: Int) {
        check(Self.markdownVectors[index]) { bytes throws(ParseModeError) in try MarkdownV2Parser.parse(bytes) }
    }

    @Test(arguments: htmlVectors.indices)
    func html(_ index: Int) {
        check(Self.htmlVectors[index]) { bytes throws(ParseModeError) in try TelegramHTMLParser.parse(bytes) }
    }

    func check(_ vector: JSONValue, _ parse: ([UInt8]) throws(ParseModeError) -> Message) {
        let input = vector["input"]?.stringValue ?? ""
        do throws(ParseModeError) {
            let message = try parse(Array(input.utf8))
            #expect(vector["expected_error"] == nil, "expected an error for \(input)")
            #expect(message.text == vector["expected_text"]?.stringValue, "text of \(input)")
            #expect(message.entities == TelegramVectors.expected(vector), "entities of \(input)")
        } catch {
            #expect(error.message == vector["expected_error"]?.stringValue, "error for \(input)")
        }
    }
}
