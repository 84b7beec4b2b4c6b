/// Reads Bot API JSON: a Message object (`text`+`entities` or `caption`+`caption_entities`,
/// with or without media), an array of them, an Update, or a `getUpdates` response.
enum BotAPIDecoder {
    /// The keys of an Update that carry a message.
    static let updateKeys = [
        "message", "edited_message", "channel_post", "edited_channel_post", "business_message",
        "edited_business_message",
    ]

    /// The messages in `value`, read from JSON Lines line `line` if any. Messages `filter`
    /// does not keep are `.filtered`.
    static func items(from value: JSONValue, line: InputLine?, nextIndex: inout Int, filter: MessageFilter? = nil) -> [DecodedItem] {
        var result: [DecodedItem] = []
        var pending: [JSONValue] = [value]
        while let current = pending.popLast() {
            switch current {
            case .array(let elements):
                pending.append(contentsOf: elements.reversed())
            case .object:
                if let ok = current["ok"], current["result"] != nil || ok == .bool(false) {
                    if ok == .bool(false) {
                        let text = current["description"]?.stringValue ?? "no description"
                        result.append(.failure(Diagnostic(.error, .init(on: line), "the Bot API response is not ok: \(text)")))
                        nextIndex += 1
                    } else if let inner = current["result"] {
                        pending.append(inner)
                    }
                } else if current["update_id"] != nil, current["text"] == nil {
                    switch update(current) {
                    case .message(let inner): pending.append(inner)
                    case .skipped(let kind): result.append(.skipped(update: kind))
                    }
                } else {
                    let item = message(current, index: nextIndex, line: line, filter: filter)
                    // A skipped service message is numbered as an update without one: not at all.
                    if case .skipped = item {} else { nextIndex += 1 }
                    result.append(item)
                }
            default:
                let location = Diagnostic.Location(messageIndex: nextIndex, on: line)
                result.append(.failure(Diagnostic(.error, location, "expected a message object, not \(current.typeName)")))
                nextIndex += 1
            }
        }
        return result
    }

    /// One Message object.
    static func message(_ object: JSONValue, index: Int, line: InputLine?) -> DecodedItem {
        let idValue = object["message_id"] ?? object["id"]
        let id = idValue?.int64Value
        var location = Diagnostic.Location(messageID: id, messageIndex: index, on: line)
        var diagnostics: [Diagnostic] = []
        if let idValue, id == nil {
            diagnostics.append(Diagnostic(.warning, location, "\"message_id\" must be an integer, not \(idValue.typeName); ignored"))
            location.messageID = nil
        }
        let media = BotAPIMediaReader.media(of: object)
        if media != nil { diagnostics += BotAPIMediaReader.problems(of: object, at: location) }
        let sender = sender(of: object)
        let date = date(object["date"]?.int64Value)
        let textKey = object["text"] != nil ? "text" : object["caption"] != nil ? "caption" : nil
        guard let textKey, let textValue = object[textKey] else {
            // Media without a caption is a whole message.
            if let media {
                return .message(Message(id: id, text: "", media: media, sender: sender, date: date), diagnostics: diagnostics)
            }
            // A join, a pin, a new title: counted and noted, as updates without a message are.
            if let field = serviceField(of: object) { return .skipped(update: SkippedUpdates.serviceMessage(field)) }
            return .failure(Diagnostic(.error, location, "message has no \"text\", \"caption\" or media"))
        }
        guard let text = textValue.stringValue else {
            return .failure(Diagnostic(.error, location, "\"\(textKey)\" must be a string, not \(textValue.typeName)"))
        }
        let entitiesKey = textKey == "text" ? "entities" : "caption_entities"
        var entities: [MessageEntity] = []
        if let value = object[entitiesKey] {
            let (read, problems) = BotAPIEntityReader.read(value, at: location)
            entities = read
            diagnostics += problems
        }
        return .message(
            Message(id: id, text: text, entities: entities, media: media, sender: sender, date: date), diagnostics: diagnostics)
    }

    /// The sender of a message object: its `from` user (names and id of the right types
    /// only; others are left out), or for a channel post its `sender_chat`'s title.
    static func sender(of object: JSONValue) -> MessageSender? {
        if let from = object["from"], from.objectValue != nil {
            return MessageSender(
                firstName: from["first_name"]?.stringValue, lastName: from["last_name"]?.stringValue,
                username: from["username"]?.stringValue, id: from["id"]?.int64Value)
        }
        if let chat = object["sender_chat"], let title = chat["title"]?.stringValue, !title.isEmpty {
            return MessageSender(name: title, id: chat["id"]?.int64Value)
        }
        return nil
    }

    /// A message's `date`: seconds since 1970, nil for none or 0 (an inaccessible message).
    static func date(_ seconds: Int64?) -> Int64? {
        guard let seconds, seconds > 0 else { return nil }
        return seconds
    }

    /// What an Update holds: a message to read, or a kind of update that carries none.
    enum UpdateContent {
        case message(JSONValue)
        case skipped(String)
    }

    /// The message of an Update — under one of `updateKeys`, or the bot's own message a
    /// `callback_query` came from — or the kind of the update when it has none.
    static func update(_ update: JSONValue) -> UpdateContent {
        if let key = updateKeys.first(where: { update[$0] != nil }), let inner = update[key] {
            return .message(inner)
        }
        // An inline keyboard button pressed under the bot's message. The message is missing
        // for buttons of inline-mode messages, and inaccessible (date 0, no content) when
        // it is too old.
        if let query = update["callback_query"], let inner = query["message"], inner != .null,
            inner["date"]?.int64Value != 0
        {
            return .message(inner)
        }
        return .skipped(kind(of: update))
    }

    /// The fields that make a Bot API Message a service message (a member joined, a message
    /// was pinned, the chat was renamed, …), which has no text, caption or media to show.
    static let serviceFields: Set<String> = [
        "new_chat_members", "left_chat_member", "new_chat_title", "new_chat_photo", "delete_chat_photo",
        "group_chat_created", "supergroup_chat_created", "channel_chat_created", "message_auto_delete_timer_changed",
        "migrate_to_chat_id", "migrate_from_chat_id", "pinned_message", "successful_payment", "refunded_payment",
        "users_shared", "chat_shared", "gift", "unique_gift", "connected_website", "write_access_allowed", "passport_data",
        "proximity_alert_triggered", "boost_added", "chat_background_set", "checklist_tasks_done", "checklist_tasks_added",
        "direct_message_price_changed", "forum_topic_created", "forum_topic_edited", "forum_topic_closed",
        "forum_topic_reopened", "general_forum_topic_hidden", "general_forum_topic_unhidden", "giveaway_created",
        "giveaway_completed", "paid_message_price_changed", "video_chat_scheduled", "video_chat_started",
        "video_chat_ended", "video_chat_participants_invited", "web_app_data",
    ]

    /// The service field of a message that has one (the first, in the object's order).
    static func serviceField(of object: JSONValue) -> String? {
        object.objectValue?.first { serviceFields.contains($0.0) }?.0
    }

    /// The kind of an Update without a message: the name of its first member other than
    /// `update_id` (`inline_query`, `poll`, …). A name that is not a plain Bot API field
    /// name (lower-case letters, digits, `_`) is `unknown`, so the input cannot put
    /// arbitrary text in the note that counts them.
    static func kind(of update: JSONValue) -> String {
        guard let (name, _) = update.objectValue?.first(where: { $0.0 != "update_id" }) else { return "empty" }
        let plain =
            !name.isEmpty && name.utf8.count <= 64
            && name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
        return plain ? name : "unknown"
    }
}
