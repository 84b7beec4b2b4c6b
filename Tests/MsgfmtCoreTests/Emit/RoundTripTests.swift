import Testing

@testable import MsgfmtCore

/// `--to markdown-v2` and `--to telegram-html` read back by msgfmt's own parsers give the
/// same normalized message, for thousands of generated messy messages.
@Suite struct RoundTripTests {
    static let seed: UInt64 = 20_261_121
    static let count = 3000

    @Test func markdownV2RoundTrip() {
        print("round trip seed \(Self.seed)")
        Self.roundTrip(expected: MarkdownV2Encoder.representable, encode: MarkdownV2Encoder.encode) { bytes throws(ParseModeError) in
            try MarkdownV2Parser.parse(bytes)
        }
    }

    @Test func telegramHTMLRoundTrip() {
        Self.roundTrip(expected: TelegramHTMLEncoder.representable, encode: TelegramHTMLEncoder.encode) { bytes throws(ParseModeError) in
            try TelegramHTMLParser.parse(bytes)
        }
    }

    /// Encodes `count` generated, normalized messages, parses each back and expects the
    /// normalized result to equal what the encoder can represent; stops at the first miss.
    static func roundTrip(
        expected representable: (Message) -> Message, encode: (Message) -> String,
        parse: ([UInt8]) throws(ParseModeError) -> Message
    ) {
        var generator = MessageGenerator(seed: seed, looseQuoteEnds: true)
        for n in 0..<count {
            let normalized = Normalizer.normalize(generator.message(), detect: false).0
            let expected = representable(normalized)
            let source = encode(normalized)
            let parsed: Message
            do throws(ParseModeError) {
                parsed = try parse(Array(source.utf8))
            } catch {
                Issue.record("message \(n): \(error.message) in \(source)")
                continue
            }
            var back = Normalizer.normalize(parsed, detect: false).0
            back.id = expected.id
            #expect(back == expected, "message \(n): \(source)")
            if back != expected { return }
        }
    }

    @Test func markdownV2KeepsEveryHTMLExpressibleEntityOfWholeLineMessages() throws {
        let message = Message(
            text: "quote line\nmore\ncode here\nend",
            entities: [
                MessageEntity(kind: .expandableBlockquote, offset: 0, length: 16),
                MessageEntity(kind: .bold, offset: 0, length: 5),
                MessageEntity(kind: .pre, offset: 16, length: 9, language: "swift"),
                MessageEntity(kind: .textLink, offset: 26, length: 3, url: "https://example.com/a_(b)"),
                MessageEntity(kind: .customEmoji, offset: 6, length: 4, customEmojiID: "5368324170671202286"),
                MessageEntity(kind: .dateTime, offset: 11, length: 4, unixTime: 1_700_000_000, dateTimeFormat: "wDT"),
            ])
        let normalized = Normalizer.normalize(message, detect: false).0
        let source = MarkdownV2Encoder.encode(normalized)
        #expect(
            source
                == ">*quote* ![line](tg://emoji?id=5368324170671202286)\n>![more](tg://time?unix=1700000000&format=wDT)||\n```swift\ncode here```\n[end](https://example.com/a_(b\\))"
        )
        let back = Normalizer.normalize(try MarkdownV2Parser.parse(Array(source.utf8)), detect: false).0
        #expect(back == normalized)
        let html = TelegramHTMLEncoder.encode(normalized)
        #expect(Normalizer.normalize(try TelegramHTMLParser.parse(Array(html.utf8)), detect: false).0 == normalized)
    }
}

/// Control characters never reach the output of the Telegram encoders raw.
@Suite struct EncoderSafetyTests {
    @Test func adjacentQuotesStayApart() throws {
        let message = Message(
            text: "a\nb\n",
            entities: [
                MessageEntity(kind: .blockquote, offset: 0, length: 2), MessageEntity(kind: .blockquote, offset: 2, length: 2),
            ])
        let source = MarkdownV2Encoder.encode(message)
        #expect(source == ">a\n**>b\n")
        #expect(try MarkdownV2Parser.parse(Array(source.utf8)) == message)
    }

    @Test func styleCrossingAQuoteEndClosesBeforeTheQuoteNewline() throws {
        // Telegram ends a quote at a newline not followed by `>`, and fails ("Can't find
        // end of Bold entity") when bold is still open there: bold gives up the newline.
        let message = Message(
            text: "ab\ncd\nef",
            entities: [
                MessageEntity(kind: .expandableBlockquote, offset: 0, length: 5), MessageEntity(kind: .bold, offset: 3, length: 4),
            ])
        let normalized = Normalizer.normalize(message, detect: false).0
        let source = MarkdownV2Encoder.encode(normalized)
        #expect(source == ">ab\n>*cd*||\n*e*f")
        #expect(try MarkdownV2Parser.parse(Array(source.utf8)) == MarkdownV2Encoder.representable(normalized))
    }

    @Test func styleEndingWithTheNewlineBeforeAQuoteClosesBeforeIt() {
        let message = Message(
            text: "ab\ncd",
            entities: [
                MessageEntity(kind: .italic, offset: 0, length: 3), MessageEntity(kind: .blockquote, offset: 3, length: 2),
            ])
        #expect(MarkdownV2Encoder.encode(message) == "_ab_\n>cd")
    }

    @Test func payloadsTelegramRefusesAreWrittenAsText() {
        // tdlib refuses the whole message for an invalid custom emoji id or Unix time
        // ("Invalid tg://emoji or tg://time URL specified"), and turns a mention of user 0
        // into a link; an unknown date format would be refused too, so it is left out.
        let message = Message(
            text: "a b c d e",
            entities: [
                MessageEntity(kind: .customEmoji, offset: 0, length: 1, customEmojiID: "0"),
                MessageEntity(kind: .dateTime, offset: 2, length: 1, unixTime: 0),
                MessageEntity(kind: .textMention, offset: 4, length: 1, userID: 0),
                MessageEntity(kind: .dateTime, offset: 6, length: 1, unixTime: 5, dateTimeFormat: "x"),
                MessageEntity(kind: .customEmoji, offset: 8, length: 1, customEmojiID: "007"),
            ])
        #expect(MarkdownV2Encoder.encode(message) == "a b c ![d](tg://time?unix=5) e")
        #expect(TelegramHTMLEncoder.encode(message) == "a b c <tg-time unix=\"5\">d</tg-time> e")
        let kept = [MessageEntity(kind: .dateTime, offset: 6, length: 1, unixTime: 5)]
        #expect(MarkdownV2Encoder.representable(message).entities == kept)
        #expect(TelegramHTMLEncoder.representable(message).entities == kept)
    }

    @Test func preLanguagesAndURLsWithControlsAreLeftOut() {
        // A pre language or link URL cannot be escaped in MarkdownV2: written as it is,
        // it would carry the escape into the output.
        let message = Message(
            text: "code x",
            entities: [
                MessageEntity(kind: .pre, offset: 0, length: 4, language: "a\u{1B}b"),
                MessageEntity(kind: .textLink, offset: 5, length: 1, url: "https://example.com/\u{9B}31m"),
            ])
        #expect(MarkdownV2Encoder.encode(message) == "```\ncode``` x")
    }

    @Test func controlCharacters() throws {
        let message = Message(text: "a\u{1B}[31mb\u{7}\tc\u{9B}", entities: [MessageEntity(kind: .code, offset: 0, length: 3)])
        let markdown = MarkdownV2Encoder.encode(message)
        #expect(markdown == "`a [`31mb \tc ")
        let html = TelegramHTMLEncoder.encode(message)
        #expect(html == "<code>a&#27;[</code>31mb&#7;\tc&#155;")
        #expect(try TelegramHTMLParser.parse(Array(html.utf8)) == message)
    }
}
