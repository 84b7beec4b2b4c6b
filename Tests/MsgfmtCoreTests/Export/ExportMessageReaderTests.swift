import CByteScan
import TestSupport
import Testing

@_spi(Testing) @testable import MsgfmtCore

/// Reading an export message without a JSON tree: the everyday message is read directly,
/// and whatever the direct reader returns is what the tree path returns; anything else it
/// declines, and the tree path decides (errors included).
@Suite struct ExportMessageReaderTests {
    static let clock = ExportClock(timeZone: "UTC")!

    static let direct: [String] = [
        #"{"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "date_unixtime": "1704103200", "from": "Zoë", "from_id": "user7", "text": ["see ", {"type": "link", "text": "https://example.com"}], "text_entities": [{"type": "plain", "text": "see "}, {"type": "link", "text": "https://example.com"}]}"#,
        #"{"id":2,"type":"message","date_unixtime":1704103200,"edited":"x","edited_unixtime":"1704103300","from":null,"from_id":"user1","reply_to_message_id":1,"forwarded_from":null,"via_bot":"@gif","author":"Ed","grouped_id":13,"text":"","text_entities":[]}"#,
        #"{"id":-3,"date_unixtime":"5","text_entities":["plain string ", {"type":"bold","text":"жирный 🙈","extra":[1,{"a":null}]}, {"type":"text_link","text":"here","href":"https://x.y/?a=1&b=2"}, {"type":"mention_name","text":"Ann","user_id":"42"}, {"type":"mention_name","text":"Bo","user_id":43}, {"type":"pre","text":"let x = 1","language":"swift"}, {"type":"pre","text":"p","language":""}, {"type":"blockquote","text":"q","collapsed":true}, {"type":"blockquote","text":"r","collapsed":false}, {"type":"custom_emoji","text":"👍","document_id":"5368324170671202286"}, {"type":"custom_emoji","text":"👍","document_id":77}, {"type":"spoiler","text":""}, {"type":"weird_new_kind","text":"w"}, {"type":"unknown","text":"u"}, {"type":"phone","text":"+1"}, {"text":"no type"}]}"#,
        #"{"id":4,"date_unixtime":"1","text_entities":[{"type":"italic","text":"esc \" \\ \u00e9 \ud83d\ude00 \ud800 \n end"}]} "#,
        #"{"id":5,"date_unixtime":"1","from":"A","text_entities":[{"type":"bold","text":"a","type2":"x"}],"text":[{"type":"bold","text":"a"}]}"#,
        #"{"id":6,"date_unixtime":"1","text_entities":[],"reactions":[{"type":"emoji","count":3,"emoji":"👍","recent":[{"from":"A","from_id":"user1","date":"2024-01-01T10:00:00"}]},{"type":"custom_emoji","count":2,"document_id":"5"},{"type":"paid","count":9999999999999},{"type":"emoji","count":1},{"emoji":"🔥"},{"type":"new_kind","count":-4,"emoji":"x"},{}]}"#,
        #"{"id":7,"date_unixtime":"1","text_entities":[],"reactions":[]}"#,
        #"{"id":8,"date_unixtime":"1","text_entities":[],"photo":"photos/a.jpg","photo_file_size":2048,"width":640,"height":480}"#,
        #"{"id":9,"date_unixtime":"1","text_entities":[],"media_type":"sticker","file":"s.webp","file_size":99,"sticker_emoji":"😀","thumbnail":"s.webp_thumb.jpg","thumbnail_file_size":5,"mime_type":"image/webp","width":512,"height":512}"#,
        #"{"id":10,"date_unixtime":"1","text_entities":[],"file":"(File not included. Change data exporting settings to download.)","file_name":"a.pdf","file_size":7000000,"mime_type":"application/pdf"}"#,
        #"{"id":11,"date_unixtime":"1","text_entities":[],"media_type":"audio_file","file":"a.mp3","performer":"P","title":"T","duration_seconds":185,"file_name":null}"#,
        #"{"id":12,"date_unixtime":"1","text_entities":[],"photo":null,"width":null,"file_size":1}"#,
        #"{"id":13,"date_unixtime":"1","text_entities":[],"media_type":"voice_message","file":"v.ogg","duration_seconds":7}"#,
        #"{"id":14,"date_unixtime":"1","text_entities":[],"width":5}"#,
    ]

    @Test(arguments: direct)
    func everydayMessagesAreReadDirectly(_ text: String) throws {
        let bytes = Array(text.utf8)
        let message = try #require(ExportMessageReader.message(bytes))
        #expect(ExportMessageDecoder.directReadingAgrees(bytes, clock: Self.clock))
        let raw = RawExportMessage(bytes: bytes, byteOffset: 0, index: 0)
        guard case .success(let tree) = ExportMessageDecoder.decodeThroughTree(raw, clock: Self.clock) else {
            Issue.record("the tree path fails")
            return
        }
        #expect(message == tree)
    }

    @Test func fieldsAreReadAsTheTreeReadsThem() throws {
        let message = try #require(ExportMessageReader.message(Array(Self.direct[1].utf8)))
        #expect(message.id == 2 && message.date == 1_704_103_200 && message.edited == 1_704_103_300)
        #expect(message.from == nil && message.fromID == "user1" && message.author == "Ed" && message.viaBot == "@gif")
        #expect(message.forwarded && message.forwardedFrom == nil && message.replyTo == 1 && message.groupedID == 13)
        let rich = try #require(ExportMessageReader.message(Array(Self.direct[2].utf8)))
        #expect(rich.body.entities.contains { $0.kind == .textMention && $0.userID == 42 })
        #expect(rich.body.entities.contains { $0.kind == .customEmoji && $0.customEmojiID == "77" })
        #expect(rich.body.entities.contains { $0.kind == .expandableBlockquote })
        let reacted = try #require(ExportMessageReader.message(Array(Self.direct[5].utf8)))
        #expect(
            reacted.reactions == [
                ExportReaction(emoji: "👍", count: 3), ExportReaction(emoji: "custom emoji", count: 2),
                ExportReaction(emoji: "⭐", count: 9_999_999_999_999), ExportReaction(emoji: "🔥", count: 1),
                ExportReaction(emoji: "x", count: -4),
            ])
    }

    static let declined: [String] = [
        #"{"id":1,"type":"service","date_unixtime":"1","actor":"A","action":"pin_message","text":"","text_entities":[]}"#,
        #"{"id":1,"type":"unsupported","date_unixtime":"1","text_entities":[]}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[],"location_information":{"latitude":1,"longitude":2}}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[],"poll":{"question":"q","answers":[]}}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[],"photo":"a.jpg","photo":"b.jpg"}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[],"photo":"a.jpg","width":640.5}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[],"file":"a","file_size":true}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[],"media_type":["sticker"],"file":"s.webp"}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[],"media_spoiler":true,"photo":"a.jpg"}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[],"reactions":{}}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[],"reactions":null}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[],"reactions":[5]}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[],"reactions":[{"type":"emoji","count":1.5,"emoji":"👍"}]}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[],"reactions":[{"type":"emoji","count":"2","emoji":"👍"}]}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[],"reactions":[{"type":5,"emoji":"👍"}]}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[],"reactions":[{"emoji":"👍","emoji":"🔥"}]}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[],"reactions":[],"reactions":[]}"#,
        #"{"id":1,"date":"2024-01-01T10:00:00","text_entities":[]}"#,
        #"{"id":1,"date_unixtime":"1","edited":"2024-01-01T10:00:00","text_entities":[]}"#,
        #"{"id":1,"date_unixtime":"x1","text_entities":[]}"#,
        #"{"id":"1","date_unixtime":"1","text_entities":[]}"#,
        #"{"id":1.0,"date_unixtime":"1","text_entities":[]}"#,
        #"{"date_unixtime":"1","text_entities":[]}"#,
        #"{"id":1,"date_unixtime":"1","text":"only text"}"#,
        #"{"id":1,"id":2,"date_unixtime":"1","text_entities":[]}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[],"text_entities":[]}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":{}}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[5]}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[{"type":"bold"}]}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[{"type":"bold","text":5}]}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[{"type":"bold","text":"a","text":"b"}]}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[{"type":"text_link","text":"a","href":null}]}"#,
        #"{"id":1,"date_unixtime":"1","from":5,"text_entities":[]}"#,
        #"{"id":1,"date_unixtime":"1","reply_to_message_id":"3","text_entities":[]}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[]} x"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[],}"#,
        #"{"id":1,"date_unixtime":"1","text_entities":[{"type":"b\u006fld","text":"a"}]}"#,
        #"{"id":1,"date_unixtime":"1","type":5,"text_entities":[]}"#,
    ]

    @Test(arguments: declined)
    func everythingElseTakesTheTreePath(_ text: String) {
        let bytes = Array(text.utf8)
        #expect(ExportMessageReader.message(bytes) == nil)
        #expect(ExportMessageDecoder.directReadingAgrees(bytes, clock: Self.clock))
    }

    /// Nesting inside a part counts the message, the array and the part, as the tree path
    /// counts them (at most 64 levels in exports).
    @Test(arguments: [60, 61, 62])
    func nestingInAPartIsLimitedAsTheTreeLimitsIt(depth: Int) {
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let bytes = Array(#"{"id":1,"date_unixtime":"1","text_entities":[{"type":"bold","text":"a","x":\#(nested)}]}"#.utf8)
        #expect(ExportMessageDecoder.directReadingAgrees(bytes, clock: Self.clock))
        #expect((ExportMessageReader.message(bytes) != nil) == (depth <= 61))
    }

    /// A part of only a type and a plain text is matched in one C call, in exactly the
    /// shape it describes; anything else is left to the member-by-member walk.
    @Test func typeAndTextPartsAreMatchedOnlyInTheirShape() {
        let cases: [(String, (type: String, text: String, rest: String)?)] = [
            (#"{"type": "plain", "text": "narrow 🔥"}, "#, ("plain", "narrow 🔥", ", ")),
            ("{\n     \"type\": \"bold\",\n     \"text\": \"жирный\"\n    }\n", ("bold", "жирный", "\n")),
            (#"{"type":"text_link" , "text" :"x"}"#, ("text_link", "x", "")),
            (#"{"type":"bold","text":""}"#, ("bold", "", "")),
            (#"{"type":"text_link","text":"x","href":"h"}"#, nil),
            (#"{"text":"x","type":"bold"}"#, nil),
            (#"{"type":"bold","text":"a\"b"}"#, nil),
            (#"{"type":"bold","text":"a\nb"}"#, nil),
            ("{\"type\":\"bold\",\"text\":\"a\u{1}b\"}", nil),
            (#"{"type":"Bold","text":"x"}"#, nil),
            (#"{"type":"","text":"x"}"#, nil),
            (#"{"type":"bold","text":5}"#, nil),
            (#"{"type":"bold","text":"x""#, nil),
            (#"{"type":"bold","text":"x"  "#, nil),
            (#"{ "type" : "bold" "text":"x"}"#, nil),
            (#"{"typ":"bold","text":"x"}"#, nil),
        ]
        for (object, expected) in cases {
            var bytes = Array(object.utf8)
            check(bytes, expected, object)
            // Invalid UTF-8 in the text: never matched.
            if let expected, !expected.text.isEmpty, let quote = bytes.lastIndex(of: UInt8(ascii: "\"")) {
                bytes.insert(contentsOf: [0xE2, 0x28, 0xA1], at: quote)
                check(bytes, nil, object + " with invalid UTF-8")
            }
        }
        func check(_ bytes: [UInt8], _ expected: (type: String, text: String, rest: String)?, _ label: String) {
            var part = msgfmt_byte_scan_export_part()
            let end = msgfmt_byte_scan_type_and_text_part(bytes, 0, bytes.count, &part)
            guard let expected else {
                #expect(end == -1, "\(label)")
                return
            }
            #expect(end >= 0, "\(label)")
            guard end >= 0 else { return }
            #expect(String(decoding: bytes[part.type_start..<part.type_end], as: UTF8.self) == expected.type, "\(label)")
            #expect(String(decoding: bytes[part.text_start..<part.text_end], as: UTF8.self) == expected.text, "\(label)")
            #expect(String(decoding: bytes[end...], as: UTF8.self) == expected.rest, "\(label)")
        }
    }

    /// Parts of random shapes (white space, member order, extra members, escapes, control
    /// characters and broken UTF-8 in the text): read directly they give what the tree path
    /// gives, and the usual ones go through the matched part.
    @Test func partsOfRandomShapesNeverDisagree() {
        var random = SeededGenerator(seed: 0x9A27)
        let spaces = ["", " ", "\n     ", "\n    ", "\t", "\r\n "]
        let types = ["plain", "bold", "text_link", "pre", "mention_name", "custom_emoji", "blockquote", "Bold", "", "b\\u006fld"]
        let texts = ["", "a", "жирный 🙈", "see https://x.y", "esc \\\" q", "tab\\t", "\u{1}", "日本語", "👨‍👩‍👧"]
        let extras = [
            #""href": "https://x.y""#, #""language": "swift""#, #""user_id": 42"#, #""collapsed": true"#, #""x": [1, {"a": null}]"#,
        ]
        var matched = 0
        var readWithoutMatch = 0
        for _ in 0..<20_000 {
            let usual = random.below(2) == 0
            let space = { (random: inout SeededGenerator) in usual ? spaces[random.below(3)] : spaces[random.below(spaces.count)] }
            var members = [
                "\"type\":\(space(&random))\"\(types[random.below(usual ? 7 : types.count)])\"",
                "\"text\":\(space(&random))\"\(texts[random.below(usual ? 3 : texts.count)])\"",
            ]
            if !usual, random.below(2) == 0 { members.append(extras[random.below(extras.count)]) }
            if !usual, random.below(4) == 0 { members.shuffle(using: &random) }
            let object = "{" + space(&random) + members.joined(separator: "," + space(&random)) + space(&random) + "}"
            var objectBytes = Array(object.utf8)
            if !usual, random.below(8) == 0 { objectBytes.insert(0xC3, at: random.below(objectBytes.count)) }
            let bytes =
                Array(#"{"id":1,"date_unixtime":"1","text_entities":["a ", "#.utf8) + objectBytes + Array(#", "b"]}"#.utf8)
            var part = msgfmt_byte_scan_export_part()
            if msgfmt_byte_scan_type_and_text_part(objectBytes, 0, objectBytes.count, &part) >= 0 {
                matched += 1
            } else if ExportMessageReader.message(bytes) != nil {
                readWithoutMatch += 1
            }
            #expect(ExportMessageDecoder.directReadingAgrees(bytes, clock: Self.clock), "\(object)")
        }
        // Both ways of reading are exercised.
        #expect(matched > 5_000 && readWithoutMatch > 1_000, "matched \(matched), read without a match \(readWithoutMatch)")
    }

    /// Random edits of messages: the direct reader declines or agrees with the tree path.
    @Test func randomEditsNeverDisagree() {
        var random = SeededGenerator(seed: 0x1E)
        let pieces: [String] = [
            "\"", "\\", "{", "}", "[", "]", ",", ":", " ", "-", "0", "9", ".", "e", "n", "null", "true", "false", "\\u00",
            "\\ud83d", "\"text\"", "\"text_entities\"", "\"id\"", "\"type\"", "\"href\"", "\"user_id\"", "\"document_id\"",
            "\"collapsed\"", "\"language\"", "\"date_unixtime\"", "\"edited_unixtime\"", "\"from\"", "\"forwarded_from\"",
            "\"photo\"", "\"service\"", "\"plain\"", "\"pre\"", "\"text_link\"", "é", "🙈", "\n", "\t", "\u{1}",
            "\"reactions\"", "\"count\"", "\"emoji\"", "\"paid\"", "\"custom_emoji\"", "1.5", "99999999999999999999",
            "\"photo\"", "\"file\"", "\"media_type\"", "\"file_size\"", "\"width\"", "\"sticker\"", "\"(File not included",
        ]
        let seeds = Self.direct.map { Array($0.utf8) }
        var directly = 0
        for _ in 0..<40_000 {
            var bytes = seeds[random.below(seeds.count)]
            RandomEdits.apply(to: &bytes, pieces: pieces, using: &random)
            if ExportMessageReader.message(bytes) != nil { directly += 1 }
            #expect(ExportMessageDecoder.directReadingAgrees(bytes, clock: Self.clock), "\(String(decoding: bytes, as: UTF8.self))")
        }
        // (A member edited into another type, `"width": "9"`, takes the tree path, which says so.)
        #expect(directly > 2_500)
    }
}
