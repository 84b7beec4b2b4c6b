/// Finds the media attachment of an export message and describes it as a placeholder
/// (`MediaPlaceholder+Kinds`, shared with Bot API messages).
public enum ExportMediaDecoder {
    static let notIncluded = "(File not included"

    /// The placeholder for the message's media, or nil when it has none.
    public static func media(of m: JSONValue) -> ExportMedia? {
        if let media = fileMedia(in: m) { return media }
        if let loc = m["location_information"] {
            return location(loc, m)
        }
        if let contact = m["contact_information"] {
            return .contact(
                firstName: contact["first_name"]?.stringValue, lastName: contact["last_name"]?.stringValue,
                phone: contact["phone_number"]?.stringValue)
        }
        if let poll = m["poll"] { return self.poll(poll) }
        if let title = m["game_title"]?.stringValue {
            return .game(title: title, description: m["game_description"]?.stringValue)
        }
        if let invoice = m["invoice_information"] {
            return .invoice(
                title: invoice["title"]?.stringValue, amount: invoice["amount"]?.int64Value, currency: invoice["currency"]?.stringValue)
        }
        if let dice = m["dice"] {
            return .dice(emoji: dice["emoji"]?.stringValue ?? "🎲", value: dice["value"]?.int64Value)
        }
        if let emoji = m["dice_emoji"]?.stringValue {
            return .dice(emoji: emoji, value: m["dice_value"]?.int64Value)
        }
        return nil
    }

    /// The placeholder of a photo, a file or a typed file (`media_type`), which come first
    /// in that order; nil for a message without one.
    static func fileMedia(in m: some ExportMediaMembers) -> ExportMedia? {
        if m.has("photo") {
            return .photo(
                width: m.integer("width"), height: m.integer("height"), status: fileStatus(m, path: "photo", sizeKey: "photo_file_size"))
        }
        if let type = m.string("media_type") {
            return typed(type, m)
        }
        if m.has("file") {
            return .file(name: m.string("file_name") ?? "file", status: fileStatus(m, path: "file", sizeKey: "file_size"))
        }
        return nil
    }

    private static func typed(_ type: String, _ m: some ExportMediaMembers) -> ExportMedia {
        let status = fileStatus(m, path: "file", sizeKey: "file_size")
        let seconds = m.integer("duration_seconds")
        switch type {
        case "sticker":
            return .sticker(emoji: m.string("sticker_emoji"), status: status)
        case "voice_message":
            return .voiceMessage(seconds: seconds, status: status)
        case "video_message":
            return .videoMessage(seconds: seconds, status: status)
        case "animation":
            return .animation(width: m.integer("width"), height: m.integer("height"), status: status)
        case "video_file":
            return .video(seconds: seconds, status: status)
        case "audio_file":
            return .audio(
                performer: m.string("performer"), title: m.string("title"), fileName: m.string("file_name"), seconds: seconds,
                status: status)
        default:
            return .file(name: m.string("file_name") ?? type, kind: type, status: status)
        }
    }

    private static func location(_ loc: JSONValue, _ m: JSONValue) -> ExportMedia {
        let lat = loc["latitude"]?.doubleValue
        let lon = loc["longitude"]?.doubleValue
        if let place = m["place_name"]?.stringValue {
            return .venue(title: place, address: m["address"]?.stringValue, latitude: lat, longitude: lon)
        }
        return .location(latitude: lat, longitude: lon, live: m["live_location_period_seconds"] != nil)
    }

    private static func poll(_ poll: JSONValue) -> ExportMedia {
        let options = (poll["answers"]?.arrayValue ?? []).map { answer in
            MediaPlaceholder.PollOption(
                text: answer["text"]?.stringValue ?? "", votes: answer["voters"]?.int64Value ?? 0,
                chosen: answer["chosen"]?.boolValue == true)
        }
        return .poll(
            question: poll["question"]?.stringValue ?? "", options: options,
            total: poll["total_voters"]?.int64Value ?? 0, closed: poll["closed"]?.boolValue == true)
    }

    /// `12.50 USD` (`MediaPlaceholder.money`).
    static func money(_ amount: Int64, _ currency: String) -> String {
        MediaPlaceholder.money(amount, currency)
    }

    /// `1 vote`, `3 votes` (`MediaPlaceholder.plural`).
    static func plural(_ n: Int64, _ word: String) -> String {
        MediaPlaceholder.plural(n, word)
    }

    /// `0:07`, `2:05`, `1:02:03` (`MediaPlaceholder.duration`).
    public static func formatDuration(_ seconds: Int64) -> String {
        MediaPlaceholder.duration(seconds)
    }

    /// The status line of a file: its size, and a note when the file was not exported.
    private static func fileStatus(_ m: some ExportMediaMembers, path: String, sizeKey: String) -> String {
        let notIncluded = m.string(path)?.hasPrefix(notIncluded) == true
        return MediaPlaceholder.fileStatus(size: m.integer(sizeKey) ?? m.integer("file_size"), notIncluded: notIncluded)
    }

    /// `512 B`, `216 KB`, `1.5 MB`, `10 MB`, `2.1 GB` (`MediaPlaceholder.size`).
    public static func formatSize(_ bytes: Int64) -> String {
        MediaPlaceholder.size(bytes)
    }
}
