import Testing

@testable import MsgfmtCore

/// What the Telegram encoders consider sendable follows the parsers' (tdlib's) rules.
@Suite struct TelegramSendableTests {
    @Test func customEmojiIDsAreCanonicalNonZeroIntegers() {
        for (id, sendable) in [("5", true), ("-5", true), ("0", false), ("-0", false), ("05", false), ("+5", false), ("x", false)] {
            let e = MessageEntity(kind: .customEmoji, offset: 0, length: 1, customEmojiID: id)
            #expect((e.telegramSendable != nil) == sendable, "\(id)")
        }
    }

    @Test func dateFormatsAreWrittenCanonically() {
        let cases: [(String, String?)] = [("TdW", "wdT"), ("R", "r"), ("", nil), ("x", nil), ("wDT", "wDT")]
        for (format, written) in cases {
            let e = MessageEntity(kind: .dateTime, offset: 0, length: 1, unixTime: 5, dateTimeFormat: format)
            #expect(e.telegramSendable?.dateTimeFormat == written, "\(format)")
        }
    }

    @Test func botAPILinesCarryOnlyFormatsTelegramTakes() {
        let cases: [(String, String)] = [
            ("TdW", #","date_time_format":"wdT"}"#), ("x", "}"), ("", "}"), ("r", #","date_time_format":"r"}"#),
        ]
        for (format, tail) in cases {
            let e = MessageEntity(kind: .dateTime, offset: 0, length: 1, unixTime: 5, dateTimeFormat: format)
            let line = BotAPIEmitter.line(for: Message(text: "x", entities: [e]))
            #expect(line == #"{"text":"x","entities":[{"type":"date_time","offset":0,"length":1,"unix_time":5"# + tail + "]}", "\(format)")
        }
    }

    @Test func linksTdlibTakesAreSendable() {
        for (url, sendable) in [("http://a.com/a b", true), ("http://[::1]/", true), ("ftp://a.com/", false), ("localhost", false)] {
            let e = MessageEntity(kind: .textLink, offset: 0, length: 1, url: url)
            #expect((e.telegramSendable != nil) == sendable, "\(url)")
        }
    }

    /// The Telegram encoders name each entity they leave out but those Telegram detects by
    /// itself: MarkdownV2 a refused link, custom emoji, mention and time, a mid-line quote,
    /// an unusable pre language and a refused time format; Telegram HTML the refused
    /// payloads and the time format only (its quotes and languages go through).
    @Test func encodersNameWhatTheyLeaveOut() {
        let text = "click here\nquote mid\nhttp://a.com 12:00 code\nlast"
        let entities = [
            MessageEntity(kind: .textLink, offset: 0, length: 5, url: "javascript:alert(1)"),
            MessageEntity(kind: .customEmoji, offset: 6, length: 4, customEmojiID: "abc"),
            MessageEntity(kind: .blockquote, offset: 13, length: 5),
            MessageEntity(kind: .url, offset: 21, length: 12),
            MessageEntity(kind: .dateTime, offset: 34, length: 5, unixTime: 1_700_000_000, dateTimeFormat: "x"),
            MessageEntity(kind: .dateTime, offset: 40, length: 4, unixTime: -5),
            MessageEntity(kind: .pre, offset: 45, length: 4, language: "a b"),
            MessageEntity(kind: .textMention, offset: 40, length: 4, userID: -1),
            MessageEntity(kind: .bold, offset: 0, length: 4),
        ]
        let (message, _) = Normalizer.normalize(Message(text: text, entities: entities), detect: false)
        func named(_ losses: [TelegramEncodingLoss]) -> Set<String> {
            Set(losses.map { "\($0.entity.typeName) \($0.entity.offset) \($0.reason)" })
        }
        var losses: [TelegramEncodingLoss]? = []
        _ = MarkdownV2Encoder.representable(message, text: UTF16Text(message.text), normalized: true, losses: &losses)
        let markdown = named(losses ?? [])
        let html = named(TelegramHTMLEncoder.losses(message))
        let kept = message.entities.map { "\($0.typeName) \($0.offset)" }
        #expect(
            markdown
                == Set(
                    [
                        "blockquote 13 quoteMidLine", "custom_emoji 6 refusedPayload", "date_time 34 dateTimeFormat",
                        "pre 45 language", "text_link 0 refusedPayload",
                    ] + (kept.contains("date_time 40") ? ["date_time 40 refusedPayload"] : [])
                        + (kept.contains("text_mention 40") ? ["text_mention 40 refusedPayload"] : [])),
            "kept by normalizing: \(kept)")
        #expect(
            html
                == Set(
                    [
                        "custom_emoji 6 refusedPayload", "date_time 34 dateTimeFormat", "text_link 0 refusedPayload",
                    ] + (kept.contains("date_time 40") ? ["date_time 40 refusedPayload"] : [])
                        + (kept.contains("text_mention 40") ? ["text_mention 40 refusedPayload"] : [])),
            "kept by normalizing: \(kept)")
        let first = TelegramEncodingLoss(entity: entities[0], reason: .refusedPayload)
        #expect(
            first.message(format: "--to markdown-v2")
                == "text_link entity at offset 0, length 5, is written as plain text in --to markdown-v2: Telegram refuses its URL")
    }
}
