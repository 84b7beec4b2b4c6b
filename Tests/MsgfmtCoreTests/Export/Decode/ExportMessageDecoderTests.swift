import Foundation
import TestSupport
import Testing

@testable import MsgfmtCore

@Suite struct ExportMessageDecoderTests {
    @Test func textEntitiesBecomeBotAPIEntities() throws {
        let messages = try ExportTestSupport.messages(try ExportTestSupport.fixture("kinds/result.json"))
        let m = try #require(messages.first { $0.id == 21 })
        let kinds = m.body.entities.map(\.kind.botAPIName)
        #expect(
            kinds == [
                "url", "bold", "italic", "underline", "strikethrough", "code", "pre", "spoiler",
                "expandable_blockquote", "blockquote", "text_link", "mention", "text_mention", "hashtag",
                "cashtag", "bot_command", "email", "phone_number", "custom_emoji", "bank_card",
            ])
        let units = Array(m.body.text.utf16)
        for e in m.body.entities {
            #expect(e.end <= units.count)
        }
        let link = try #require(m.body.entities.first { $0.kind == .textLink })
        #expect(link.url == "https://t.me")
        #expect(String(utf16CodeUnits: Array(units[link.range]), count: link.length) == "tl")
        #expect(m.body.entities.first { $0.kind == .textMention }?.userID == 1001)
        #expect(m.body.entities.first { $0.kind == .pre }?.language == "swift")
        #expect(m.body.entities.first { $0.kind == .customEmoji }?.customEmojiID == "stickers/s.webp")
        #expect(m.body.text.hasSuffix(" 👨‍👩‍👧\u{7}"), "the \\x07 escape is accepted")
    }

    @Test func utf16OffsetsCountSurrogatePairs() throws {
        let m = try ExportTestSupport.message(
            #"{"id": 1, "date_unixtime": "0", "text_entities": [{"type": "plain", "text": "😀é"}, {"type": "bold", "text": "b"}]}"#)
        #expect(m.body.entities == [MessageEntity(kind: .bold, offset: 3, length: 1)])
    }

    @Test func legacyTextArrayAndLocalDate() throws {
        let clock = ExportClock(timeZone: "+02:00")!
        let m = try ExportTestSupport.message(
            #"{"id": 5, "date": "2019-05-04T10:00:00", "text": ["a ", {"type": "italic", "text": "b"}, {"type": "text_link", "text": "c", "href": "https://x"}]}"#,
            clock: clock)
        #expect(m.body.text == "a bc")
        #expect(m.body.entities.map(\.kind) == [.italic, .textLink])
        #expect(m.date == 1_556_964_000 - 7200, "10:00 at +02:00 is 08:00 UTC")
    }

    @Test func nullSenderNegativeIdAndForward() throws {
        let m = try ExportTestSupport.message(
            #"{"id": -12, "type": "message", "date_unixtime": "1", "from": null, "forwarded_from": null, "text": "x"}"#)
        #expect(m.id == -12)
        #expect(m.senderName == "Deleted Account")
        #expect(m.forwarded && m.forwardedFrom == nil)
    }

    @Test func mediaPlaceholders() throws {
        let messages = try ExportTestSupport.messages(try ExportTestSupport.fixture("kinds/result.json"))
        func media(_ id: Int64) -> String? { messages.first { $0.id == id }?.media?.summary }
        #expect(media(22) == "Photo 1280×720 · 83 KB")
        #expect(media(23) == "Voice message 0:07 · 23 KB")
        #expect(media(24) == "Video 0:42 · 10 MB · not included")
        #expect(media(25) == "Sticker 😀")
        #expect(media(26) == "File report.pdf · 216 KB")
        #expect(media(27) == "Location · 52.52000, 13.40500")
        #expect(media(28) == "Poll: Ship it today? · 5 votes")
        #expect(messages.first { $0.id == 28 }?.media?.details == ["• Yes — 3 votes ✓", "• No — 2 votes"])
        #expect(media(29) == "Contact Dana K · +1 555 0199")
        #expect(media(30) == "Game Lumberjack · Chop")
        #expect(media(31) == "Invoice Coffee · 12.50 USD")
        #expect(media(32) == "Dice 🎲 · rolled 4")
        #expect(media(33) == "Video message 0:09")
        #expect(media(34) == "GIF 320×240")
        #expect(media(35) == "Audio Band – Song 3:12")
        #expect(media(37) == "Unsupported message")
        #expect(
            messages.first { $0.id == 23 }?.reactions == [
                ExportReaction(emoji: "👍", count: 2), ExportReaction(emoji: "custom emoji", count: 1), ExportReaction(emoji: "⭐", count: 5),
            ])
    }

    @Test func serviceSentences() throws {
        let messages = try ExportTestSupport.messages(try ExportTestSupport.fixture("kinds/result.json"))
        let sentences = messages.filter(\.isService).map(ServiceSentence.sentence(for:))
        #expect(
            sentences == [
                "Alice created the group «Release crew» with Alice and Bob",
                "Alice created the channel «News»",
                "Alice converted this group to a supergroup",
                "Alice added Dana and Zoë",
                "Alice removed Zoë",
                "Dana joined the group via invite link",
                "Alice changed the group name to «Release crew 2»",
                "Alice changed the group photo",
                "Alice removed the group photo",
                "Bob called (2:05)",
                "Missed call from Bob",
                "Bob started a video chat (1:02:03)",
                "Deleted Account joined Telegram",
                "Bob scored 42 in a game",
                "Alice created the topic «Bugs»",
                "Alice renamed the topic to «Bugs & fixes»",
                "History was cleared",
                "Alice set messages to auto-delete in 1 day",
                "Alice pinned a message",
                "Alice performed an action: some_future_action",
            ])
    }

    @Test func badMessagesNameTheirId() {
        let clock = ExportClock(timeZone: "UTC")!
        let cases: [(String, Int64?, String)] = [
            (#"{"id": 7, "date_unixtime": "1", "text": 5}"#, 7, "field text should be a string or an array, found a number"),
            (#"{"id": 8, "date_unixtime": "soon"}"#, 8, "field date_unixtime should be a string of digits"),
            (#"{"id": 9 "text": "x"}"#, 9, "invalid JSON"),
            (#"{"text": "x", "date_unixtime": "1"}"#, nil, "missing field id"),
            (#"{"id": 10, "text_entities": [{"type": "bold"}], "date_unixtime": "1"}"#, 10, "text_entities[0].text"),
            (#"[1]"#, nil, "expected a message object"),
        ]
        for (json, id, fragment) in cases {
            let raw = RawExportMessage(bytes: Array(json.utf8), byteOffset: 0, index: 0)
            guard case .failure(let f) = ExportMessageDecoder.decode(raw, clock: clock) else {
                Issue.record("\(json) decoded")
                continue
            }
            #expect(f.id == id, "\(json)")
            #expect(f.error.message.contains(fragment), "\(f.error.message)")
        }
    }

    @Test func sizesAndDurations() {
        #expect(ExportMediaDecoder.formatSize(512) == "512 B")
        #expect(ExportMediaDecoder.formatSize(221_011) == "216 KB")
        #expect(ExportMediaDecoder.formatSize(10_485_760) == "10 MB")
        #expect(ExportMediaDecoder.formatSize(1_572_864) == "1.5 MB")
        #expect(ExportMediaDecoder.formatSize(Int64.max) != "")
        #expect(ExportMediaDecoder.formatDuration(7) == "0:07")
        #expect(ExportMediaDecoder.formatDuration(3723) == "1:02:03")
    }

    /// The UTF-16 length of a piece, counted on its UTF-8 bytes, is what the standard
    /// library counts: random strings of one- to four-byte scalars up to 40 bytes.
    @Test func utf16CountOfUTF8MatchesTheStandardLibrary() {
        var rng = SeededGenerator(seed: 31)
        let scalars: [Unicode.Scalar] = ["a", " ", "\u{7F}", "é", "\u{7FF}", "я", "\u{800}", "好", "\u{FFFD}", "😀", "\u{10FFFF}"]
        for _ in 0..<5000 {
            var text = ""
            while text.utf8.count < Int.random(in: 0...40, using: &rng) {
                text.unicodeScalars.append(scalars.randomElement(using: &rng)!)
            }
            let bytes = Array(text.utf8)
            let counted = bytes.withUnsafeBufferPointer { ExportTextDecoder.utf16Count($0) }
            #expect(counted == text.utf16.count, "\(text.debugDescription)")
        }
    }
}
