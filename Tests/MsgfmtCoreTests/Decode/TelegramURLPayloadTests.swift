import Testing

@testable import MsgfmtCore

/// `TelegramURLPayload` reads `tg://emoji` and `tg://time` URLs as tdlib does (each answer
/// below is tdlib's, tdjson 1.8.69).
@Suite struct TelegramURLPayloadTests {
    static let cases: [(String, TelegramURLPayload?)] = [
        ("tg://emoji?id=5", .customEmoji("5")),
        ("TG://EMOJI/?id=-5#f", .customEmoji("-5")),
        ("tg:emoji?x=1&id=9223372036854775807", .customEmoji("9223372036854775807")),
        ("tg://emoji?id=5&id=x", .customEmoji("5")),
        ("tg://emoji?id=x&id=5", nil),
        ("tg://emoji?id=0", nil),
        ("tg://emoji?id=-0", nil),
        ("tg://emoji?id=+5", nil),
        ("tg://emoji?id=007", nil),
        ("tg://emoji?ID=5", nil),
        ("tg://emoji?id=9223372036854775808", nil),
        ("tg://emojis?id=5", nil),
        ("tg://time?unix=5&unix=7&format=Td&format=r", .dateTime(unix: 7, format: "r")),
        ("tg://time?unix=5&format=", .dateTime(unix: 5, format: nil)),
        ("tg://time?unix=5&format=TdW", .dateTime(unix: 5, format: "wdT")),
        ("tg:time/?unix=2147483647#x", .dateTime(unix: 2_147_483_647, format: nil)),
        ("tg://time?unix=5&unix=-1", nil),
        ("tg://time?unix=05", nil),
        ("tg://time?unix=+5", nil),
        ("tg://time?unix=2147483648", nil),
        ("tg://time?UNIX=5", nil),
        ("tg://time?unix=5&format=x", nil),
        ("tg://time?unix=5&Format=x", .dateTime(unix: 5, format: nil)),
        ("tg://time?format=r", nil),
    ]

    @Test(arguments: cases.indices)
    func parsesAsTdlib(_ index: Int) {
        let (url, expected) = Self.cases[index]
        #expect(TelegramURLPayload.parse(url) == expected, "\(url)")
    }
}
