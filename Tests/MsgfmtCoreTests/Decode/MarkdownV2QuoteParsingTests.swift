import Testing

@testable import MsgfmtCore

/// `--from markdown-v2` starts, continues and ends quotes where tdlib's `parse_markdown_v2`
/// does (each expected result was read from tdjson 1.8.69): `>` starts a quote after a
/// newline outside code or an escaped one, `\r` in between or not; a newline in code or an
/// escaped one does not end a quote; `||` before the newline ending a quote makes it
/// expandable whatever else is open, and the error then names what is open under it.
@Suite struct MarkdownV2QuoteParsingTests {
    /// Source, and tdlib's text with its entities, or tdlib's error.
    static let table: [(source: String, expected: Result<Message, ParseModeError>)] = [
        ("\r>a", .success(Message(text: "\ra", entities: [quote(1, 1)]))),
        (">a\n\r>b", .success(Message(text: "a\n\rb", entities: [quote(0, 2), quote(3, 1)]))),
        (">a\\\nb", .success(Message(text: "a\nb", entities: [quote(0, 3)]))),
        (">a\\\n>b", .success(Message(text: "a\nb", entities: [quote(0, 3)]))),
        (">a *b\n>c* d", .success(Message(text: "a b\nc d", entities: [quote(0, 7), MessageEntity(kind: .bold, offset: 2, length: 3)]))),
        (">a||\r\nb", .success(Message(text: "a\r\nb", entities: [MessageEntity(kind: .expandableBlockquote, offset: 0, length: 3)]))),
        ("```\na\n```>b", .failure(.reservedCharacter(">", byteOffset: 9))),
        (">x\n`a\n`>b", .failure(.reservedCharacter(">", byteOffset: 7))),
        (">*a||\nb", .failure(.unclosedEntity(name: "Bold", byteOffset: 1))),
        ("**>![||", .failure(.unclosedEntity(name: "CustomEmoji", byteOffset: 3))),
    ]

    static func quote(_ offset: Int, _ length: Int) -> MessageEntity {
        MessageEntity(kind: .blockquote, offset: offset, length: length)
    }

    @Test func quotesMatchTdlib() {
        for (source, expected) in Self.table {
            let result: Result<Message, ParseModeError>
            do throws(ParseModeError) {
                result = .success(try MarkdownV2Parser.parse(Array(source.utf8)))
            } catch {
                result = .failure(error)
            }
            #expect(result == expected, "\(source.debugDescription)")
        }
    }
}
