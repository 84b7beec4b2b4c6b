import Testing

@testable import MsgfmtCore

/// The filter over Bot API messages (`render`): what each operator sees of a Message
/// object, and messages left out as `.filtered` by the decoders.
@Suite struct FilterBotAPITests {
    /// One Message object per line; `date` is 2024-01-0N 12:00 UTC for message_id N.
    static let lines = [
        #"{"message_id": 1, "date": 1704110400, "from": {"id": 7, "first_name": "Zoë", "last_name": "Smith", "username": "zoe_s"}, "chat": {"id": -1001, "title": "Release Crew", "username": "crew"}, "text": "Release at https://x.org", "entities": [{"type": "url", "offset": 11, "length": 13}]}"#,
        #"{"message_id": 2, "date": 1704196800, "from": {"id": 8, "first_name": "Bob"}, "chat": {"id": 8, "first_name": "Bob", "type": "private"}, "photo": [{"file_id": "p"}], "caption": "a photo", "has_media_spoiler": true, "edit_date": 1704200000}"#,
        #"{"message_id": 3, "date": 1704283200, "sender_chat": {"id": -1002, "title": "News Channel", "username": "news"}, "chat": {"id": -1002, "title": "News Channel"}, "animation": {"file_id": "a"}, "document": {"file_id": "a"}, "caption": "gif"}"#,
        #"{"message_id": 4, "date": 1704369600, "from": {"id": 8, "first_name": "Bob"}, "chat": {"id": 8}, "document": {"file_id": "d"}, "caption": "doc", "reply_to_message": {"message_id": 1}, "forward_origin": {"type": "hidden_user", "sender_user_name": "X", "date": 1}}"#,
        #"{"message_id": 5, "date": 1704456000, "from": {"id": 7, "first_name": "Zoë"}, "chat": {"id": -1001}, "video_note": {"file_id": "v"}, "caption": "round", "caption_entities": [{"type": "text_mention", "offset": 0, "length": 5, "user": {"id": 8, "first_name": "Bob"}}]}"#,
        #"{"message_id": 6, "date": 1704542400, "from": {"id": 8, "first_name": "Bob"}, "chat": {"id": 8}, "voice": {"file_id": "v"}}"#,
        #"{"message_id": 7, "date": 1704628800, "from": {"id": 7, "first_name": "Zoë"}, "chat": {"id": -1001}, "sticker": {"file_id": "s"}, "text": "sticker"}"#,
    ]

    static func decode(_ expression: String?, format: InputFormat = .botAPI) throws -> [DecodedItem] {
        let filter = try expression.map { try MessageFilter(parsing: $0, clock: ExportClock(timeZone: "UTC")!) }
        let input = InputFile(name: "t.jsonl", bytes: Array(lines.joined(separator: "\n").utf8))
        return MessageDecoder.decode(input, options: DecodeOptions(format: format, filter: filter))
    }

    /// The message ids kept (`.failure` items as negative ids).
    static func kept(_ expression: String) throws -> [Int64] {
        try decode(expression).enumerated().compactMap { i, item in
            switch item {
            case .message(let m, _): m.id
            case .failure: -Int64(i + 1)
            case .filtered, .skipped: nil
            }
        }
    }

    @Test(
        arguments: [
            ("release", [1]),
            ("photo", [2]),
            ("from:zoe", [1, 5, 7]),
            ("from:@zoe_s", [1]),
            (#"from:"zoe smith""#, [1]),
            ("from:8", [2, 4, 6]),
            ("from:news", [3]),
            ("from:@news", [3]),
            ("from:-1002", [3]),
            ("chat:crew", [1]),
            ("chat:@crew", [1]),
            ("chat:-1001", [1, 5, 7]),
            ("chat:bob", [2]),
            ("has:link", [1]),
            ("has:photo", [2]),
            ("has:spoiler", [2]),
            ("is:edited", [2]),
            ("has:media -has:file", [2, 3, 5, 6, 7]),
            ("has:file", [4]),
            ("has:video", [5]),
            ("has:voice", [6]),
            ("has:sticker", [7]),
            ("has:reply", [4]),
            ("is:forwarded", [4]),
            ("mentions:bob", [5]),
            ("mentions:round", [5]),
            ("mentions:8", [5]),
            ("has:mention", [5]),
            ("before:2024-01-03", [1, 2]),
            ("after:2024-01-06", [7]),
            ("id:2..3", [2, 3]),
            ("is:service", []),
            ("has:reaction", []),
        ] as [(String, [Int64])])
    func keeps(_ expression: String, _ ids: [Int64]) throws {
        #expect(try Self.kept(expression) == ids)
    }

    /// Every message is an item: kept, failed or filtered, so counts add up; message 6,
    /// a voice note without a caption, is a message like the others.
    @Test func everyMessageIsOneItem() throws {
        let all = try Self.decode(nil)
        #expect(all.count == 7)
        #expect(all.filter { if case .failure = $0 { true } else { false } }.count == 0)
        let some = try Self.decode("-has:voice")
        #expect(some.count == 7)
        #expect(!some.contains { if case .failure = $0 { true } else { false } })
        #expect(some.filter { $0 == .filtered }.count == 1)
    }

    /// Streaming JSON Lines gives what decoding the whole input gives.
    @Test func streamingFiltersAlike() throws {
        let filter = try MessageFilter(parsing: "from:bob | has:link", clock: ExportClock(timeZone: "UTC")!)
        let bytes = Array(Self.lines.joined(separator: "\n").utf8)
        let reader = InputReader(name: "t.jsonl", bytes: bytes, chunkSize: 16)
        var streamed: [DecodedItem] = []
        try MessageDecoder.decode(reader, options: DecodeOptions(format: .auto, filter: filter)) { streamed.append($0) }
        let whole = MessageDecoder.decode(InputFile(name: "t.jsonl", bytes: bytes), options: DecodeOptions(format: .auto, filter: filter))
        #expect(streamed == whole)
        #expect(streamed.filter { $0 == .filtered }.count == 3)
    }

    /// Text and parse-mode input: the filter sees the text and its entities only.
    @Test func textInputIsFilteredByItsText() {
        let filter = try? MessageFilter(parsing: "has:code hello", clock: ExportClock(timeZone: "UTC")!)
        let input = InputFile(name: "-", bytes: Array("*hello* `x`".utf8))
        let kept = MessageDecoder.decode(input, options: DecodeOptions(format: .markdownV2, filter: filter))
        #expect(kept.count == 1 && kept[0] != .filtered)
        let other = try? MessageFilter(parsing: "has:link", clock: ExportClock(timeZone: "UTC")!)
        #expect(MessageDecoder.decode(input, options: DecodeOptions(format: .markdownV2, filter: other)) == [.filtered])
        #expect(MessageDecoder.decode(input, options: DecodeOptions(format: .text, filter: other)) == [.filtered])
    }
}
