/// Says what a service message means, as one sentence: "Alice pinned a message".
public enum ServiceSentence {
    /// The sentence for `message`'s action.
    public static func sentence(for message: ExportMessage) -> String {
        guard let action = message.action else { return message.type == "unsupported" ? "Unsupported message" : "" }
        let f = action.fields
        let who = message.senderName
        func title() -> String { quoted(f["title"]?.stringValue ?? "") }
        func members() -> String { list(f["members"]?.arrayValue?.map { $0.stringValue ?? "Deleted Account" } ?? []) }
        switch action.name {
        case "pin_message":
            return "\(who) pinned a message"
        case "create_group":
            let m = members()
            return "\(who) created the group \(title())" + (m.isEmpty ? "" : " with \(m)")
        case "create_channel":
            return "\(who) created the channel \(title())"
        case "migrate_to_supergroup":
            return "\(who) converted this group to a supergroup"
        case "migrate_from_group":
            return "\(who) converted the group \(title()) to a supergroup"
        case "invite_members":
            return "\(who) added \(members())"
        case "remove_members":
            return "\(who) removed \(members())"
        case "join_group_by_link":
            return "\(who) joined the group via invite link"
        case "join_group_by_request":
            return "\(who) was accepted into the group"
        case "edit_group_title":
            return "\(who) changed the group name to \(title())"
        case "edit_group_photo":
            return "\(who) changed the group photo"
        case "delete_group_photo":
            return "\(who) removed the group photo"
        case "phone_call":
            return call(who, f)
        case "group_call":
            let d = f["duration_seconds"]?.int64Value.map { " (\(ExportMediaDecoder.formatDuration($0)))" } ?? ""
            return "\(who) started a video chat\(d)"
        case "group_call_scheduled":
            return "\(who) scheduled a video chat"
        case "invite_to_group_call":
            return "\(who) invited \(members()) to the video chat"
        case "joined_telegram", "contact_signup":
            return "\(who) joined Telegram"
        case "score_in_game":
            return "\(who) scored \(f["score"]?.int64Value ?? 0) in a game"
        case "topic_created":
            return "\(who) created the topic \(title())"
        case "topic_edit":
            if let t = f["new_title"]?.stringValue { return "\(who) renamed the topic to \(quoted(t))" }
            if f["new_icon_emoji_id"] != nil { return "\(who) changed the topic icon" }
            return "\(who) edited the topic"
        case "clear_history":
            return "History was cleared"
        case "set_messages_ttl":
            let period = f["period_seconds"]?.int64Value ?? f["period"]?.int64Value ?? 0
            return period == 0 ? "\(who) disabled the auto-delete timer" : "\(who) set messages to auto-delete in \(span(period))"
        case "take_screenshot":
            return "\(who) took a screenshot"
        case "send_payment":
            let amount = f["amount"]?.int64Value.flatMap { a in f["currency"]?.stringValue.map { ExportMediaDecoder.money(a, $0) } }
            return "\(who) sent a payment" + (amount.map { " of \($0)" } ?? "")
        case "custom_action":
            return f["message"]?.stringValue ?? "\(who) performed an action"
        case "allow_sending_messages", "bot_allow":
            return "\(who) allowed the bot to send messages"
        case "web_app_data_sent":
            return "Data sent from \(quoted(f["text"]?.stringValue ?? "the web app"))"
        case "set_chat_theme", "edit_chat_theme":
            let emoji = f["emoticon"]?.stringValue ?? ""
            return emoji.isEmpty ? "\(who) disabled the chat theme" : "\(who) changed the chat theme to \(emoji)"
        case "set_chat_wallpaper", "set_same_chat_wallpaper":
            return "\(who) changed the chat wallpaper"
        case "suggest_profile_photo":
            return "\(who) suggested a profile photo"
        case "requested_peer", "shared_peer":
            return "\(who) shared a chat with the bot"
        case "proximity_reached":
            return "\(f["from"]?.stringValue ?? who) is within \(f["distance"]?.int64Value ?? 0) m of \(f["to"]?.stringValue ?? "you")"
        case "boost_apply":
            return "\(who) boosted the group"
        case "gift_premium":
            return "\(who) gifted Telegram Premium" + (f["months"]?.int64Value.map { " for \($0) months" } ?? "")
        case "giveaway_launch":
            return "\(who) started a giveaway"
        case "giveaway_results":
            return "Giveaway results: \(plural(f["winners"]?.int64Value ?? 0, "winner"))"
        case "attach_menu_bot_allowed":
            return "\(who) allowed the bot in the attachment menu"
        default:
            return "\(who) performed an action: \(action.name)"
        }
    }

    private static func call(_ who: String, _ f: JSONValue) -> String {
        let reason = f["discard_reason"]?.stringValue ?? ""
        let duration = f["duration_seconds"]?.int64Value
        switch reason {
        case "missed": return "Missed call from \(who)"
        case "busy": return "\(who) called, the line was busy"
        case "disconnect":
            return "\(who) called, the call was disconnected" + (duration.map { " after \(ExportMediaDecoder.formatDuration($0))" } ?? "")
        default: return "\(who) called" + (duration.map { " (\(ExportMediaDecoder.formatDuration($0)))" } ?? "")
        }
    }

    /// `1 day`, `1 week`, `2 hours`, `30 seconds`.
    static func span(_ s: Int64) -> String {
        if s % 604_800 == 0 { return plural(s / 604_800, "week") }
        if s % 86_400 == 0 { return plural(s / 86_400, "day") }
        if s % 3600 == 0 { return plural(s / 3600, "hour") }
        if s % 60 == 0 { return plural(s / 60, "minute") }
        return plural(s, "second")
    }

    private static func plural(_ n: Int64, _ word: String) -> String {
        ExportMediaDecoder.plural(n, word)
    }

    private static func quoted(_ s: String) -> String { "«\(s)»" }

    /// `Alice`, `Alice and Bob`, `Alice, Bob and Dana`.
    static func list(_ names: [String]) -> String {
        switch names.count {
        case 0: return "nobody"
        case 1: return names[0]
        default: return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        }
    }
}
