/// Finds the media of a Bot API Message (`photo`, `voice`, `poll`, …; field names as in
/// https://core.telegram.org/bots/api#message) and describes it as a placeholder, the way
/// `msgfmt export` describes an export's media (`MediaPlaceholder+Kinds`).
enum BotAPIMediaReader {
    /// The placeholder of `message`'s media, or nil when it has none. A field that is
    /// present but malformed still gives its kind, with what could be read (`problems`
    /// warns about the rest).
    static func media(of message: JSONValue) -> MediaPlaceholder? {
        // A venue also sets `location`, and an animation `document`: the specific kind first.
        if let photo = field(message, "photo") { return self.photo(photo) }
        if let a = field(message, "animation") {
            return .animation(width: a["width"]?.int64Value, height: a["height"]?.int64Value, status: fileStatus(a))
        }
        if let v = field(message, "video") { return .video(seconds: v["duration"]?.int64Value, status: fileStatus(v)) }
        if let v = field(message, "video_note") { return .videoMessage(seconds: v["duration"]?.int64Value, status: fileStatus(v)) }
        if let v = field(message, "voice") { return .voiceMessage(seconds: v["duration"]?.int64Value, status: fileStatus(v)) }
        if let a = field(message, "audio") {
            return .audio(
                performer: a["performer"]?.stringValue, title: a["title"]?.stringValue,
                fileName: a["file_name"]?.stringValue, seconds: a["duration"]?.int64Value, status: fileStatus(a))
        }
        if let s = field(message, "sticker") { return .sticker(emoji: s["emoji"]?.stringValue, status: fileStatus(s)) }
        if let d = field(message, "document") { return .file(name: d["file_name"]?.stringValue ?? "file", status: fileStatus(d)) }
        if let p = field(message, "paid_media") {
            return .paidMedia(stars: p["star_count"]?.int64Value, items: p["paid_media"]?.arrayValue?.count ?? 0)
        }
        if field(message, "story") != nil { return .story() }
        if let v = field(message, "venue") {
            let at = v["location"]
            return .venue(
                title: v["title"]?.stringValue ?? "", address: v["address"]?.stringValue,
                latitude: at?["latitude"]?.doubleValue, longitude: at?["longitude"]?.doubleValue)
        }
        if let l = field(message, "location") {
            return .location(
                latitude: l["latitude"]?.doubleValue, longitude: l["longitude"]?.doubleValue, live: field(l, "live_period") != nil)
        }
        if let c = field(message, "contact") {
            return .contact(
                firstName: c["first_name"]?.stringValue, lastName: c["last_name"]?.stringValue, phone: c["phone_number"]?.stringValue)
        }
        if let p = field(message, "poll") { return poll(p) }
        if let c = field(message, "checklist") { return checklist(c) }
        if let d = field(message, "dice") { return .dice(emoji: d["emoji"]?.stringValue ?? "🎲", value: d["value"]?.int64Value) }
        if let g = field(message, "game") { return .game(title: g["title"]?.stringValue ?? "", description: g["description"]?.stringValue) }
        if let i = field(message, "invoice") {
            return .invoice(title: i["title"]?.stringValue, amount: i["total_amount"]?.int64Value, currency: i["currency"]?.stringValue)
        }
        if let g = field(message, "giveaway") { return .giveaway(winners: g["winner_count"]?.int64Value, finished: false) }
        if let g = field(message, "giveaway_winners") { return .giveaway(winners: g["winner_count"]?.int64Value, finished: true) }
        return nil
    }

    /// The member `key` of `message` unless it is missing or null.
    private static func field(_ message: JSONValue, _ key: String) -> JSONValue? {
        guard let value = message[key], value != .null else { return nil }
        return value
    }

    /// A photo is an array of sizes of one picture; the placeholder names the largest.
    private static func photo(_ sizes: JSONValue) -> MediaPlaceholder {
        var best: JSONValue?
        var bestArea: Double = -1
        for size in sizes.arrayValue ?? [] {
            let area = (size["width"]?.doubleValue ?? 0) * (size["height"]?.doubleValue ?? 0)
            if area >= bestArea {
                best = size
                bestArea = area
            }
        }
        return .photo(width: best?["width"]?.int64Value, height: best?["height"]?.int64Value, status: best.map(fileStatus) ?? "")
    }

    /// The size of a file object, when it says.
    private static func fileStatus(_ file: JSONValue) -> String {
        MediaPlaceholder.fileStatus(size: file["file_size"]?.int64Value)
    }

    private static func poll(_ poll: JSONValue) -> MediaPlaceholder {
        let options = (poll["options"]?.arrayValue ?? []).map { option in
            MediaPlaceholder.PollOption(text: option["text"]?.stringValue ?? "", votes: option["voter_count"]?.int64Value ?? 0)
        }
        return .poll(
            question: poll["question"]?.stringValue ?? "", options: options,
            total: poll["total_voter_count"]?.int64Value ?? 0, closed: poll["is_closed"]?.boolValue == true)
    }

    /// A task is done when it names who completed it or a completion time other than 0.
    private static func checklist(_ checklist: JSONValue) -> MediaPlaceholder {
        let tasks = (checklist["tasks"]?.arrayValue ?? []).map { task in
            let done =
                task["completed_by_user"].map { $0 != .null } == true
                || task["completed_by_chat"].map { $0 != .null } == true
                || (task["completion_date"]?.int64Value ?? 0) != 0
            return (text: task["text"]?.stringValue ?? "", done: done)
        }
        return .checklist(title: checklist["title"]?.stringValue ?? "", tasks: tasks)
    }
}
