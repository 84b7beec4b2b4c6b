extension FilterSubject {
    /// What a filter sees of a Bot API Message object whose text or caption decoded to
    /// `message`. Bot API messages carry no reactions and are never service messages here
    /// (those have no text), so `has:reaction` and `is:service` do not match them.
    init(botAPI object: JSONValue, message: Message) {
        self.init(message: message)
        date = object["date"]?.int64Value
        sender = Self.party(object["sender_chat"]) ?? Self.party(object["from"])
        chat = Self.party(object["chat"])
        if object["edit_date"] != nil { features.insert(.edited) }
        if Self.forwardKeys.contains(where: { object[$0] != nil }) { features.insert(.forward) }
        if Self.replyKeys.contains(where: { object[$0] != nil }) { features.insert(.reply) }
        if object["has_media_spoiler"]?.boolValue == true { features.insert(.spoiler) }
        for (key, kinds) in Self.mediaKeys where object[key] != nil {
            features.formUnion(kinds)
        }
        // An animation comes with a `document` too, for old clients: it is no file.
        if object["animation"] != nil { features.remove(.file) }
        for key in ["entities", "caption_entities"] {
            for entity in object[key]?.arrayValue ?? [] {
                if let user = Self.party(entity["user"]) { mentionedUsers.append(user) }
            }
        }
    }

    static let forwardKeys = ["forward_origin", "forward_from", "forward_from_chat", "forward_sender_name", "forward_date"]
    static let replyKeys = ["reply_to_message", "external_reply", "reply_to_story"]
    static let mediaKeys: [(String, FilterFeatures)] = [
        ("photo", [.photo, .media]), ("video", [.video, .media]), ("video_note", [.video, .media]),
        ("voice", [.voice, .media]), ("audio", [.audio, .media]), ("document", [.file, .media]),
        ("sticker", [.sticker, .media]), ("poll", [.poll, .media]), ("animation", .media),
        ("location", .media), ("venue", .media), ("contact", .media), ("game", .media),
        ("invoice", .media), ("dice", .media), ("story", .media), ("paid_media", .media),
    ]

    /// A Bot API User or Chat: its title or full name, @username and id.
    static func party(_ value: JSONValue?) -> FilterParty? {
        guard let value, value.objectValue != nil else { return nil }
        var names: [String] = []
        if let title = value["title"]?.stringValue, !title.isEmpty { names.append(title) }
        let full = [value["first_name"]?.stringValue, value["last_name"]?.stringValue]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        if !full.isEmpty { names.append(full) }
        return FilterParty(names: names, username: value["username"]?.stringValue, id: value["id"]?.int64Value)
    }
}
