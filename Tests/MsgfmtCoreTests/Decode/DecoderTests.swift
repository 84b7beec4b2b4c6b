import Testing

@testable import MsgfmtCore

/// Input sniffing, Bot API shapes, `--from text` entities and legacy Markdown.
@Suite struct DecoderTests {
    func decode(_ input: String, _ format: InputFormat = .auto, entities: String? = nil) -> [DecodedItem] {
        MessageDecoder.decode(
            InputFile(name: "t", bytes: Array(input.utf8)), options: DecodeOptions(format: format, entitiesJSON: entities))
    }

    func messages(_ items: [DecodedItem]) -> [Message] {
        items.compactMap { if case .message(let m, _) = $0 { m } else { nil } }
    }

    @Test func sniffing() {
        #expect(messages(decode("plain *text*\n")) == [Message(text: "plain *text*")])
        #expect(messages(decode("[link](x)")) == [Message(text: "[link](x)")])
        #expect(messages(decode(#"[{"text":"a"}]"#)) == [Message(text: "a")])
        #expect(messages(decode("{\"text\":\"a\"}\n{\"text\":\"b\"}\n")).map(\.text) == ["a", "b"])
    }

    @Test func captionsAndIDs() {
        let items = decode(
            #"{"message_id":9,"caption":"hi","caption_entities":[{"type":"text_mention","offset":0,"length":2,"user":{"id":5}}]}"#, .botAPI)
        #expect(
            messages(items) == [Message(id: 9, text: "hi", entities: [MessageEntity(kind: .textMention, offset: 0, length: 2, userID: 5)])])
    }

    @Test func jsonLinesErrorsAreLocated() {
        let items = decode("{\"text\":\"a\"}\n\n{\"text\":\n{\"text\":\"c\"}\n", .botAPI)
        #expect(items.count == 3)
        guard case .failure(let d) = items[1] else { Issue.record("expected a failure"); return }
        #expect(d.location.line == 3)
        #expect(d.location.column != nil)
    }

    /// A bad first line of JSON Lines (`garbage`, `]`, a comment, a broken object) fails
    /// only itself, read as Bot API or sniffed; a document broken further on, or text with
    /// one JSON line among others, is still one error or one text.
    @Test(arguments: ["garbage", "]", "# comment", "{\"text\": oops", "{\"text\":\"a\"} x"])
    func badFirstLineCostsOnlyItself(_ first: String) {
        for format in [InputFormat.botAPI, .auto] {
            let items = decode(first + "\n{\"text\":\"two\"}\n\n{\"text\":\"three\"}\n", format)
            #expect(messages(items).map(\.text) == ["two", "three"], "\(format): \(items)")
            guard case .failure(let d) = items.first else {
                Issue.record("\(format): expected a failure first, not \(items)")
                continue
            }
            #expect(d.location.line == 1)
        }
        let pretty = decode("{\n  \"text\": \"a\",\n  oops\n}\n", .botAPI)
        #expect(pretty.count == 1)
        let cut = decode("[\n{\"text\":\"a\"},\n{\"text\":\"b\"}\n", .botAPI)
        #expect(cut.count == 1)
        #expect(messages(decode("Here it is:\n{\"a\":1}\nthanks\n")).count == 1)
    }

    /// One final newline is dropped from text input, LF or CR LF; a lone CR, or a second
    /// newline, stays text.
    @Test func oneFinalNewlineIsDropped() {
        func text(_ input: String) -> [UInt8] { MessageDecoder.inputText(Array(input.utf8)).bytes }
        #expect(text("a\n") == Array("a".utf8))
        #expect(text("a\r\n") == Array("a".utf8))
        #expect(text("a\r") == Array("a\r".utf8))
        #expect(text("a\n\n") == Array("a\n".utf8))
        #expect(text("a\r\n\r\n") == Array("a\r\n".utf8))
    }

    @Test func hugeNumbersDoNotTrap() {
        let items = decode(
            #"{"text":"abc","entities":[{"type":"bold","offset":99999999999999999999999,"length":1},{"type":"bold","offset":0,"length":1.5}]}"#,
            .botAPI)
        guard case .message(let m, let d) = items.first else { Issue.record("expected a message"); return }
        #expect(m.entities.count == 2)
        #expect(d.count == 1)
        #expect(d.first?.location.entityIndex == 1)
    }

    @Test func textWithEntities() {
        let items = decode("hello", .text, entities: #"[{"type":"bold","offset":0,"length":5}]"#)
        #expect(messages(items) == [Message(text: "hello", entities: [MessageEntity(kind: .bold, offset: 0, length: 5)])])
        guard case .message(_, let d) = decode("hello", .text, entities: "[{")[0] else { return }
        #expect(d.first?.severity == .error)
    }

    @Test func legacyMarkdown() throws {
        let m = try LegacyMarkdownParser.parse(Array("*b* _i_ `c` [t](example.com) ```py\nx``` \\*".utf8))
        #expect(m.text == "b i c t x *")
        #expect(
            m.entities == [
                MessageEntity(kind: .bold, offset: 0, length: 1),
                MessageEntity(kind: .italic, offset: 2, length: 1),
                MessageEntity(kind: .code, offset: 4, length: 1),
                MessageEntity(kind: .textLink, offset: 6, length: 1, url: "http://example.com/"),
                MessageEntity(kind: .pre, offset: 8, length: 1, language: "py"),
            ])
        #expect(throws: ParseModeError.legacyUnclosedEntity(byteOffset: 2)) { try LegacyMarkdownParser.parse(Array("a *b".utf8)) }
    }

    @Test func markdownV2Quotes() throws {
        let m = try MarkdownV2Parser.parse(Array(">a\n**>b\n>c||\nd".utf8))
        #expect(m.text == "a\nb\nc\nd")
        #expect(
            m.entities == [
                MessageEntity(kind: .blockquote, offset: 0, length: 2), MessageEntity(kind: .expandableBlockquote, offset: 2, length: 4),
            ])
        #expect(throws: ParseModeError.unclosedEntity(name: "Bold", byteOffset: 1)) { try MarkdownV2Parser.parse(Array(">*a\nb*".utf8)) }
        // `>` starts a quote wherever nothing was written on the output line yet, even
        // inside an entity, as Telegram does: the link can then no longer close.
        #expect(throws: ParseModeError.reservedCharacter("]", byteOffset: 3)) {
            try MarkdownV2Parser.parse(Array("[>a](http://x.com)".utf8))
        }
        #expect(try MarkdownV2Parser.parse(Array("**>a".utf8)).entities == [MessageEntity(kind: .blockquote, offset: 0, length: 1)])
        #expect(throws: ParseModeError.reservedCharacter(">", byteOffset: 3)) { try MarkdownV2Parser.parse(Array("x**>a".utf8)) }
    }
}
