import CByteScan
import TestSupport
import Testing

@_spi(Testing) @testable import MsgfmtCore

/// Reading a Bot API line without a JSON tree: the everyday message is read directly, and
/// whatever the direct reader returns is what the tree path returns; anything else it
/// declines.
@Suite struct BotAPIMessageReaderTests {
    /// The tree path's items for one line.
    static func tree(_ line: String) -> [DecodedItem]? {
        guard let value = try? JSONParser.parse(Array(line.utf8)) else { return nil }
        var index = 0
        return BotAPIDecoder.items(from: value, line: InputLine(1), nextIndex: &index)
    }

    static let direct: [String] = [
        #"{"message_id": 1, "text": "widths привет 🙈 好", "entities": [{"type": "code", "offset": 7, "length": 6}, {"type": "text_link", "offset": 0, "length": 6, "url": "https://example.com/?q=1&r=2"}]}"#,
        #"{"text":"no id"}"#,
        #" {"text":"escapes \n \" \\ \u00e9 \ud83d\ude00 \ud800 end","entities":[]} "#,
        #"{"message_id":-0,"date":1704110400,"from":{"id":7,"is_bot":false,"first_name":"Zoë","username":"zoe"},"chat":{"id":-5,"title":"Crew \"q\"","type":"group"},"text":"hi","reply_markup":{"inline_keyboard":[[{"text":"ok","callback_data":"x"}]]},"link_preview_options":{"is_disabled":true},"edit_date":1.5e9,"forward_origin":null}"#,
        #"{"message_id":007,"text":"x","entities":[{"type":"pre","offset":0,"length":99999999999999,"language":"swift"},{"type":"unknown_kind","offset":-3,"length":1}]}"#,
    ]

    /// Kind names read as bytes: every known name gives its kind, anything else nil.
    @Test func kindsAreMatchedByTheirBytes() {
        for kind in EntityKind.known {
            var name = kind.botAPIName
            #expect(name.withUTF8 { EntityKind(botAPIBytes: $0) } == kind)
            #expect(EntityKind(botAPIName: name) == kind)
        }
        for other in ["", "Bold", "bold ", "text_lin", "text_linkk", "expandable_blockquote_x", "boldbold", "b\u{0}ld"] {
            var name = other
            #expect(name.withUTF8 { EntityKind(botAPIBytes: $0) } == nil, "\(other)")
            #expect(EntityKind(botAPIName: other) == .unknown)
            let entity = MessageEntity(botAPIType: other, offset: 0, length: 1)
            #expect(entity.kind == .unknown && entity.typeName == other && entity.unknownType == other)
        }
    }

    /// A name read where it lies in a line gives what its bytes alone give, whatever bytes
    /// surround it: words loaded from the line when it goes on 24 bytes past the name's
    /// start, the name copied out when it ends sooner.
    @Test func kindsAreMatchedWhereTheyLie() {
        let names = EntityKind.known.map(\.botAPIName) + ["", "Bold", "text_lin", "text_linkk", "expandable_blockquote_x", "b\u{0}ld"]
        for name in names {
            for (before, after) in [("", ""), ("{\"type\":\"", "\"}"), ("xx", String(repeating: "e", count: 30)), ("", "\u{0}\u{FF}")] {
                let line = Array((before + name + after).utf8)
                let range = before.utf8.count..<(before.utf8.count + name.utf8.count)
                let found = line.withUnsafeBufferPointer { EntityKind.botAPIKind(in: $0, at: range) }
                var bytes = name
                #expect(found == bytes.withUTF8 { EntityKind(botAPIBytes: $0) }, "\(before)|\(name)|\(after)")
            }
        }
    }

    @Test(arguments: direct)
    func everydayMessagesAreReadDirectly(_ line: String) throws {
        let message = try #require(BotAPIMessageReader.message(Array(line.utf8)[...]))
        #expect(Self.tree(line) == [.message(message, diagnostics: [])])
    }

    /// The sender and time pictures draw: `from`'s names (else its username) and id, and
    /// `date`; read alike by both paths.
    @Test func senderAndDateAreRead() throws {
        let cases: [(String, MessageSender?, Int64?)] = [
            (Self.direct[3], MessageSender(name: "Zoë", id: 7), 1_704_110_400),
            (
                #"{"text":"t","from":{"first_name":"Ada","last_name":"Lovelace","id":42},"date":0}"#,
                MessageSender(name: "Ada Lovelace", id: 42), nil
            ),
            (#"{"text":"t","from":{"username":"bot_x","is_bot":true}}"#, MessageSender(name: "bot_x"), nil),
            (#"{"text":"t","from":{"id":5}}"#, nil, nil),
        ]
        for (line, sender, date) in cases {
            let message = try #require(BotAPIMessageReader.message(Array(line.utf8)[...]), "\(line)")
            #expect(message.sender == sender && message.date == date, "\(line)")
            #expect(Self.tree(line) == [.message(message, diagnostics: [])], "\(line)")
        }
        // A channel post's sender is its chat: the tree path reads it.
        let post = #"{"text":"t","sender_chat":{"id":-100,"title":"News","type":"channel"}}"#
        #expect(BotAPIMessageReader.message(Array(post.utf8)[...]) == nil)
        #expect(Self.tree(post) == [.message(Message(text: "t", sender: MessageSender(name: "News", id: -100)), diagnostics: [])])
    }

    static let declined: [String] = [
        #"{"message_id":1,"caption":"c","photo":[{"file_id":"x"}]}"#,
        #"{"message_id":1,"text":"t","voice":{"file_id":"v"}}"#,
        #"{"update_id":1,"message":{"text":"t"}}"#,
        #"{"ok":true,"result":[]}"#,
        #"{"id":3,"text":"t"}"#,
        #"{"message_id":"1","text":"t"}"#,
        #"{"message_id":1.0,"text":"t"}"#,
        #"{"message_id":1e3,"text":"t"}"#,
        #"{"message_id":12345678901234567890,"text":"t"}"#,
        #"{"message_id":null,"text":"t"}"#,
        #"{"text":"t","text":"u"}"#,
        #"{"text":5}"#,
        #"{"message_id":1}"#,
        #"{"text":"t","entities":null}"#,
        #"{"text":"t","entities":{}}"#,
        #"{"text":"t","entities":[{"type":"bold","offset":0}]}"#,
        #"{"text":"t","entities":[{"type":"text_mention","offset":0,"length":1,"user":{"id":5}}]}"#,
        #"{"text":"t","entities":[{"type":"bold","offset":0,"length":1,"type":"italic"}]}"#,
        #"{"text":"t","entities":[{"type":"bold","offset":"0","length":1}]}"#,
        #"{"text":"t","entities":[5]}"#,
        #"{"text":"t"} x"#,
        #"{"text":"t","from":{"first_name":"\x41"}}"#,
        #"{"text":"t","from":{"first_name":"a\#tb"}}"#,
        #"{"text":"t","from":[1,2,]}"#,
        #"{"text":"t","from":tru}"#,
        #"{"text":"t","from":{"first_name":1}}"#,
        #"{"text":"t","from":{"id":1,"id":2}}"#,
        #"{"text":"t","date":"1700000000"}"#,
        #"{"text":"t","date":1,"date":2}"#,
        #"{"text":"t",}"#,
        #"[{"text":"t"}]"#,
    ]

    @Test(arguments: declined)
    func everythingElseTakesTheTreePath(_ line: String) {
        #expect(BotAPIMessageReader.message(Array(line.utf8)[...]) == nil)
    }

    /// Invalid UTF-8 in a skipped member is invalid JSON, as the tree path finds.
    @Test func invalidUTF8InASkippedMemberIsDeclined() {
        let line = Array(#"{"text":"t","from":{"first_name":"a"#.utf8) + [0xC3, 0x28] + Array(#""}}"#.utf8)
        #expect(BotAPIMessageReader.message(line[...]) == nil)
        #expect(MessageDecoder.directReadingAgrees(line[...]))
    }

    /// Nesting in a skipped member counts the message object, as the tree path counts it.
    @Test(arguments: [510, 511, 512])
    func nestingIsLimitedAsTheTreeLimitsIt(depth: Int) {
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let line = Array(#"{"text":"t","chat":\#(nested)}"#.utf8)
        #expect(MessageDecoder.directReadingAgrees(line[...]))
        #expect((BotAPIMessageReader.message(line[...]) != nil) == (depth < 512))
    }

    /// Nesting inside the sender counts the message and the sender, as the tree path
    /// counts them.
    @Test(arguments: [509, 510, 511])
    func nestingInTheSenderIsLimitedAsTheTreeLimitsIt(depth: Int) {
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let line = Array(#"{"text":"t","from":{"id":1,"x":\#(nested)}}"#.utf8)
        #expect(MessageDecoder.directReadingAgrees(line[...]))
        #expect((BotAPIMessageReader.message(line[...]) != nil) == (depth < 511))
    }

    /// The usual head of an entity object is matched in one C call: its name, offset and
    /// length read from exactly the shape it describes, anything else left to the
    /// member-by-member walk.
    @Test func entityHeadIsMatchedOnlyInItsUsualShape() {
        let cases: [(String, (name: String, offset: Int64, length: Int64, rest: String)?)] = [
            (#"{"type": "bold", "offset": 7, "length": 12}"#, ("bold", 7, 12, "}")),
            (
                #"{"type":"text_link","offset":0,"length":123456789012345678, "url": "u"}"#,
                ("text_link", 0, 123_456_789_012_345_678, ", \"url\": \"u\"}")
            ),
            (#"{"type":"bold","offset":0,"length":1234567890123456789}"#, nil),
            (#"{"type": "bold", "offset": 7, "length": 1.5}"#, nil),
            (#"{"type": "bold", "offset": 7, "length": 1e3}"#, nil),
            (#"{"type": "bold", "offset": 7, "length": 1E3}"#, nil),
            (#"{"type": "bold", "offset": -7, "length": 1}"#, nil),
            (#"{"type": "bold", "offset": 7, "length": }"#, nil),
            (#"{"type": "bold", "offset": 7, "length": 1"#, nil),
            (#"{"type": "Bold", "offset": 7, "length": 1}"#, nil),
            (#"{"type": "", "offset": 7, "length": 1}"#, nil),
            (#"{"type": "bo\u006cd", "offset": 7, "length": 1}"#, nil),
            (#"{ "type": "bold", "offset": 7, "length": 1}"#, nil),
            (#"{"type":  "bold", "offset": 7, "length": 1}"#, nil),
            (#"{"type": "bold" , "offset": 7, "length": 1}"#, nil),
            (#"{"offset": 7, "type": "bold", "length": 1}"#, nil),
            (#"{"type": "bold", "length": 1, "offset": 7}"#, nil),
            (#"{"type": "bold", "offset": 7}"#, nil),
            (#"{"type": "bold"#, nil),
            (#"{"type": "expandable_blockquote", "offset": 7, "length": 1}"#, nil),
            (#"{"type": "abcdefghijklmno", "offset": 7, "length": 1}"#, ("abcdefghijklmno", 7, 1, "}")),
            (#"{"type": "bold", "offset":7, "length" : 1}"#, nil),
            (#"{"type": "bold", "offset": 7,"length":1 }"#, ("bold", 7, 1, " }")),
        ]
        for (object, expected) in cases {
            let bytes = Array(object.utf8)
            var head = msgfmt_byte_scan_entity_head()
            let end = msgfmt_byte_scan_bot_entity_head(bytes, 0, bytes.count, &head)
            guard let expected else {
                #expect(end == -1, "\(object)")
                continue
            }
            #expect(end >= 0, "\(object)")
            guard end >= 0 else { continue }
            #expect(String(decoding: bytes[head.type_start..<head.type_end], as: UTF8.self) == expected.name, "\(object)")
            #expect(head.offset == expected.offset && head.length == expected.length, "\(object)")
            #expect(String(decoding: bytes[end...], as: UTF8.self) == expected.rest, "\(object)")
        }
    }

    /// Entity objects of random shapes (spacing, member order, extra and repeated members,
    /// numbers of any form): read directly they give what the tree path gives, and the
    /// usual shapes go through the matched head.
    @Test func entitiesOfRandomShapesNeverDisagree() {
        var random = SeededGenerator(seed: 0x0E47)
        let spaces = ["", "", " ", "  ", "\n", "\t"]
        let numbers = ["0", "7", "42", "123456789012345678", "007", "-3", "1.5", "1e2", "2E1", "1234567890123456789", "", "\"4\"", "null"]
        let names = ["bold", "text_link", "pre", "custom_emoji", "unknown_kind", "Bold", "", "b\\u006fld", "bold ", "é"]
        var matched = 0
        var readWithoutHead = 0
        for _ in 0..<20_000 {
            // Half of them near the usual shape: one space or none, names and numbers that
            // mostly fit it.
            let usual = random.below(2) == 0
            let space = { (random: inout SeededGenerator) in usual ? ["", " "][random.below(2)] : spaces[random.below(spaces.count)] }
            let number = { (random: inout SeededGenerator) in numbers[random.below(usual ? 5 : numbers.count)] }
            var members = [
                "\"type\":\(space(&random))\"\(names[random.below(usual ? 4 : names.count)])\"",
                "\"offset\":\(space(&random))\(number(&random))",
                "\"length\":\(space(&random))\(number(&random))",
            ]
            if random.below(3) == 0 { members.append("\"url\": \"https://e.com/\"") }
            if random.below(4) == 0 { members.append("\"language\":\"swift\"") }
            if random.below(10) == 0 { members.append(members[random.below(members.count)]) }
            if !usual, random.below(4) == 0 { members.shuffle(using: &random) }
            let separator = "," + space(&random)
            let object = "{" + (usual ? "" : space(&random)) + members.joined(separator: separator) + space(&random) + "}"
            let line = Array(#"{"text":"hello world","entities":["#.utf8) + Array(object.utf8) + Array("]}".utf8)
            let objectBytes = Array(object.utf8)
            var head = msgfmt_byte_scan_entity_head()
            if msgfmt_byte_scan_bot_entity_head(objectBytes, 0, objectBytes.count, &head) >= 0 {
                matched += 1
            } else if BotAPIMessageReader.message(line[...]) != nil {
                readWithoutHead += 1
            }
            #expect(MessageDecoder.directReadingAgrees(line[...]), "\(object)")
        }
        // Both ways of reading are exercised.
        #expect(matched > 5_000 && readWithoutHead > 500, "matched \(matched), read without the head \(readWithoutHead)")
    }

    /// Random edits of messages: the direct reader declines or agrees with the tree path.
    @Test func randomEditsNeverDisagree() {
        var random = SeededGenerator(seed: 0x19)
        let pieces: [String] = [
            "\"", "\\", "{", "}", "[", "]", ",", ":", " ", "-", "0", "9", ".", "e", "n", "null", "true", "\\u00", "\\ud83d",
            "\"text\"", "\"entities\"", "\"message_id\"", "\"type\"", "\"offset\"", "\"length\"", "\"url\"", "\"caption\"",
            "\"photo\"", "\"from\"", "é", "🙈", "\n", "\t", "\u{1}",
        ]
        let seeds = Self.direct.map { Array($0.utf8) }
        var directly = 0
        for _ in 0..<60_000 {
            var line = seeds[random.below(seeds.count)]
            RandomEdits.apply(to: &line, pieces: pieces, using: &random)
            if BotAPIMessageReader.message(line[...]) != nil { directly += 1 }
            #expect(MessageDecoder.directReadingAgrees(line[...]), "\(String(decoding: line, as: UTF8.self))")
        }
        // The edits leave many lines readable directly, so both outcomes are exercised.
        #expect(directly > 5_000)
    }
}
