@testable import MsgfmtCore

/// Hand-made messages for the filter tests: one export message (or two) per operator
/// value, in two chats.
enum FilterTestSupport {
    static let utc = ExportClock(timeZone: "UTC")!
    static let team = ExportChatInfo(name: "Team Café", type: "private_supergroup", id: 100)
    static let other = ExportChatInfo(name: "Other chat", type: "personal_chat", id: 200)

    /// 2024-01-01 00:00 UTC.
    static let newYear: Int64 = 1_704_067_200

    /// Export message objects, by id: id N is sent N days after 2024-01-01 00:00 UTC,
    /// at 12:00.
    static let exportJSON: [String] = [
        #"{"id": 1, "from": "Alice Smith", "from_id": "user1", "text": ["see ", {"type": "link", "text": "https://example.com"}, " for the Release"]}"#,
        ##"{"id": 2, "from": "Bob", "from_id": "user2", "text": ["Zoë's café opens ", {"type": "hashtag", "text": "#launch"}]}"##,
        #"{"id": 3, "type": "service", "actor": "Alice Smith", "actor_id": "user1", "action": "pin_message", "message_id": 1, "text": ""}"#,
        #"{"id": 4, "from": "Bob", "from_id": "user2", "edited_unixtime": "1704500000", "reply_to_message_id": 1, "photo": "photos/p.jpg", "width": 10, "height": 10, "text": "a photo"}"#,
        #"{"id": 5, "from": "Carol", "from_id": "user3", "forwarded_from": "News", "text": [{"type": "mention", "text": "@alice_s"}, " and ", {"type": "mention_name", "text": "Bob Jones", "user_id": 2}, " ", {"type": "code", "text": "make"}]}"#,
        #"{"id": 6, "from": "Alice Smith", "from_id": "user1", "file": "v.ogg", "media_type": "voice_message", "text": "", "reactions": [{"type": "emoji", "count": 1, "emoji": "👍"}]}"#,
        #"{"id": 7, "from": "Bob", "from_id": "user2", "file": "s.webp", "media_type": "sticker", "sticker_emoji": "😀", "text": ""}"#,
        #"{"id": 8, "from": "Bob", "from_id": "user2", "poll": {"question": "Ship it?", "answers": []}, "text": ""}"#,
        #"{"id": 9, "from": "Carol", "from_id": "user3", "file": "files/r.pdf", "file_name": "r.pdf", "text": "the report"}"#,
        #"{"id": 10, "from": "Carol", "from_id": "user3", "file": "v.mp4", "media_type": "video_file", "text": [{"type": "spoiler", "text": "secret"}, " ", {"type": "blockquote", "text": "quoted"}]}"#,
        #"{"id": 11, "from": "Bob", "from_id": "user2", "file": "a.mp3", "media_type": "audio_file", "text": ""}"#,
        #"{"id": 12, "from": "Daily News", "from_id": "channel77", "text": "Breaking: ÉCOLE reopens"}"#,
        #"{"id": 13, "from": "Bob", "from_id": "user2", "file": "g.mp4", "media_type": "animation", "text": ""}"#,
        #"{"id": 14, "from": null, "from_id": "user9", "location_information": {"latitude": 1, "longitude": 2}, "text": "我在東京"}"#,
        #"{"id": 15, "from": "Alice Smith", "from_id": "user1", "file": "r.mp4", "media_type": "video_message", "text": [{"type": "pre", "text": "let x = 1"}]}"#,
    ]

    /// The messages of `exportJSON`, ids 1–12 in `team` and the rest in `other`.
    static let messages: [(message: ExportMessage, chat: ExportChatInfo)] = exportJSON.map { json in
        var m = try! ExportTestSupport.message(#"{"date_unixtime": "0", "# + json.dropFirst())
        m.date = newYear + (m.id - 1) * 86_400 + 43_200
        return (m, m.id <= 12 ? team : other)
    }

    static let subjects: [FilterSubject] = messages.map { FilterSubject($0.message, chat: $0.chat) }

    /// The ids of `subjects` that `text` keeps, in order.
    static func kept(_ text: String, clock: ExportClock = utc) throws -> [Int64] {
        let filter = try MessageFilter(parsing: text, clock: clock)
        return subjects.filter(filter.matches).compactMap(\.id)
    }
}
