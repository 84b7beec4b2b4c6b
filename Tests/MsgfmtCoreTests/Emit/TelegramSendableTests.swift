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
}
