/// The placeholder of each kind of media, from the fields every input has in some form:
/// `ExportMediaDecoder` (Telegram Desktop exports) and `BotAPIMediaReader` (Bot API
/// messages) read their own field names and describe the media here, so both give the
/// same kinds, titles and statuses.
extension MediaPlaceholder {
    /// `Photo 1280×720`.
    static func photo(width: Int64?, height: Int64?, status: String) -> MediaPlaceholder {
        MediaPlaceholder(kind: "photo", title: "Photo" + dimensions(width, height), status: status)
    }

    /// `Sticker 😀`.
    static func sticker(emoji: String?, status: String) -> MediaPlaceholder {
        MediaPlaceholder(kind: "sticker", title: "Sticker" + (emoji.map { " \($0)" } ?? ""), status: status)
    }

    /// `Voice message 0:07`.
    static func voiceMessage(seconds: Int64?, status: String) -> MediaPlaceholder {
        MediaPlaceholder(kind: "voice_message", title: "Voice message" + length(seconds), status: status)
    }

    /// `Video message 0:12` (a round video note).
    static func videoMessage(seconds: Int64?, status: String) -> MediaPlaceholder {
        MediaPlaceholder(kind: "video_message", title: "Video message" + length(seconds), status: status)
    }

    /// `GIF 320×240`.
    static func animation(width: Int64?, height: Int64?, status: String) -> MediaPlaceholder {
        MediaPlaceholder(kind: "animation", title: "GIF" + dimensions(width, height), status: status)
    }

    /// `Video 0:42`.
    static func video(seconds: Int64?, status: String) -> MediaPlaceholder {
        MediaPlaceholder(kind: "video_file", title: "Video" + length(seconds), status: status)
    }

    /// `Audio Performer – Title 3:25`, or the file name when performer and title are unknown.
    static func audio(performer: String?, title: String?, fileName: String?, seconds: Int64?, status: String) -> MediaPlaceholder {
        let who = [performer, title].compactMap { $0 }.filter { !$0.isEmpty }
        let name = who.isEmpty ? (fileName ?? "") : who.joined(separator: " – ")
        return MediaPlaceholder(kind: "audio_file", title: "Audio" + (name.isEmpty ? "" : " \(name)") + length(seconds), status: status)
    }

    /// `File report.pdf`.
    static func file(name: String, kind: String = "file", status: String) -> MediaPlaceholder {
        MediaPlaceholder(kind: kind, title: "File \(name)", status: status)
    }

    /// `Location` or `Live location`, with the coordinates as status.
    static func location(latitude: Double?, longitude: Double?, live: Bool) -> MediaPlaceholder {
        MediaPlaceholder(
            kind: live ? "live_location" : "location", title: live ? "Live location" : "Location",
            status: coordinates(latitude, longitude))
    }

    /// `Venue Place name`, with the address (or else the coordinates) as status.
    static func venue(title: String, address: String?, latitude: Double?, longitude: Double?) -> MediaPlaceholder {
        let address = address ?? ""
        return MediaPlaceholder(
            kind: "venue", title: "Venue \(title)", status: address.isEmpty ? coordinates(latitude, longitude) : address)
    }

    /// `Contact First Last`, with the phone number as status.
    static func contact(firstName: String?, lastName: String?, phone: String?) -> MediaPlaceholder {
        let name = [firstName, lastName].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        return MediaPlaceholder(kind: "contact", title: "Contact " + (name.isEmpty ? "(no name)" : name), status: phone ?? "")
    }

    /// One answer of a poll: its text, its votes, and whether the reader chose it.
    struct PollOption {
        var text: String
        var votes: Int64
        var chosen = false
    }

    /// What starts the detail line of a poll's option.
    static let pollBullet = "• "

    /// `Poll: question`, with the total votes as status and one detail line per option.
    static func poll(question: String, options: [PollOption], total: Int64, closed: Bool) -> MediaPlaceholder {
        let details = options.map { "\(pollBullet)\($0.text) — \(plural($0.votes, "vote"))\($0.chosen ? " ✓" : "")" }
        var status = plural(total, "vote")
        if closed { status += " · closed" }
        return MediaPlaceholder(kind: "poll", title: "Poll: \(question)", status: status, details: details)
    }

    /// `Game title`, with its description as status.
    static func game(title: String, description: String?) -> MediaPlaceholder {
        MediaPlaceholder(kind: "game", title: "Game \(title)", status: description ?? "")
    }

    /// `Invoice title`, with the price as status.
    static func invoice(title: String?, amount: Int64?, currency: String?) -> MediaPlaceholder {
        var status = ""
        if let amount, let currency { status = money(amount, currency) }
        return MediaPlaceholder(kind: "invoice", title: "Invoice \(title ?? "")", status: status)
    }

    /// `Dice 🎲`, with the roll as status.
    static func dice(emoji: String, value: Int64?) -> MediaPlaceholder {
        MediaPlaceholder(kind: "dice", title: "Dice \(emoji)", status: value.map { "rolled \($0)" } ?? "")
    }

    /// `Story` (a forwarded story).
    static func story() -> MediaPlaceholder {
        MediaPlaceholder(kind: "story", title: "Story")
    }

    /// `Paid media`, with its price in Telegram Stars and how many items it holds.
    static func paidMedia(stars: Int64?, items: Int) -> MediaPlaceholder {
        let parts = [stars.map { plural($0, "star") }, items > 0 ? plural(Int64(items), "item") : nil].compactMap { $0 }
        return MediaPlaceholder(kind: "paid_media", title: "Paid media", status: parts.joined(separator: " · "))
    }

    /// `Giveaway` or `Giveaway winners`, with the number of winners as status.
    static func giveaway(winners: Int64?, finished: Bool) -> MediaPlaceholder {
        MediaPlaceholder(
            kind: finished ? "giveaway_winners" : "giveaway", title: finished ? "Giveaway winners" : "Giveaway",
            status: winners.map { plural($0, "winner") } ?? "")
    }

    /// `Checklist: title`, with how many tasks are done as status and one line per task.
    static func checklist(title: String, tasks: [(text: String, done: Bool)]) -> MediaPlaceholder {
        let done = tasks.filter(\.done).count
        return MediaPlaceholder(
            kind: "checklist", title: "Checklist: \(title)", status: "\(done) of \(tasks.count) done",
            details: tasks.map { "\($0.done ? "☑" : "☐") \($0.text)" })
    }

    /// `55.75580, 37.61730`, or nothing when a coordinate is missing.
    private static func coordinates(_ latitude: Double?, _ longitude: Double?) -> String {
        guard let latitude, let longitude else { return "" }
        return "\(coordinate(latitude)), \(coordinate(longitude))"
    }
}
