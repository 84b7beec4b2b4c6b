/// Finds the media attachment of an export message and describes it as a placeholder.
public enum ExportMediaDecoder {
    static let notIncluded = "(File not included"

    /// The placeholder for the message's media, or nil when it has none.
    public static func media(of m: JSONValue) -> ExportMedia? {
        if m["photo"] != nil {
            return ExportMedia(kind: "photo", title: "Photo" + dimensions(m), status: fileStatus(m, path: "photo", sizeKey: "photo_file_size"))
        }
        if let type = m["media_type"]?.stringValue {
            return typed(type, m)
        }
        if m["file"] != nil {
            let name = m["file_name"]?.stringValue ?? "file"
            return ExportMedia(kind: "file", title: "File \(name)", status: fileStatus(m, path: "file", sizeKey: "file_size"))
        }
        if let loc = m["location_information"] {
            return location(loc, m)
        }
        if let contact = m["contact_information"] {
            let name = [contact["first_name"]?.stringValue, contact["last_name"]?.stringValue]
                .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            return ExportMedia(kind: "contact", title: "Contact " + (name.isEmpty ? "(no name)" : name),
                               status: contact["phone_number"]?.stringValue ?? "")
        }
        if let poll = m["poll"] { return self.poll(poll) }
        if let title = m["game_title"]?.stringValue {
            return ExportMedia(kind: "game", title: "Game \(title)", status: m["game_description"]?.stringValue ?? "")
        }
        if let invoice = m["invoice_information"] { return self.invoice(invoice) }
        if let dice = m["dice"] {
            return ExportMedia(kind: "dice", title: "Dice \(dice["emoji"]?.stringValue ?? "🎲")",
                               status: dice["value"]?.int64Value.map { "rolled \($0)" } ?? "")
        }
        if let emoji = m["dice_emoji"]?.stringValue {
            return ExportMedia(kind: "dice", title: "Dice \(emoji)", status: m["dice_value"]?.int64Value.map { "rolled \($0)" } ?? "")
        }
        return nil
    }

    private static func typed(_ type: String, _ m: JSONValue) -> ExportMedia {
        let status = fileStatus(m, path: "file", sizeKey: "file_size")
        let length = duration(m)
        switch type {
        case "sticker":
            return ExportMedia(kind: type, title: "Sticker" + (m["sticker_emoji"]?.stringValue.map { " \($0)" } ?? ""), status: status)
        case "voice_message":
            return ExportMedia(kind: type, title: "Voice message" + length, status: status)
        case "video_message":
            return ExportMedia(kind: type, title: "Video message" + length, status: status)
        case "animation":
            return ExportMedia(kind: type, title: "GIF" + dimensions(m), status: status)
        case "video_file":
            return ExportMedia(kind: type, title: "Video" + length, status: status)
        case "audio_file":
            let who = [m["performer"]?.stringValue, m["title"]?.stringValue].compactMap { $0 }.filter { !$0.isEmpty }
            let name = who.isEmpty ? (m["file_name"]?.stringValue ?? "") : who.joined(separator: " – ")
            return ExportMedia(kind: type, title: "Audio" + (name.isEmpty ? "" : " \(name)") + length, status: status)
        default:
            return ExportMedia(kind: type, title: "File " + (m["file_name"]?.stringValue ?? type), status: status)
        }
    }

    private static func location(_ loc: JSONValue, _ m: JSONValue) -> ExportMedia {
        let lat = loc["latitude"]?.doubleValue, lon = loc["longitude"]?.doubleValue
        var status = ""
        if let lat, let lon { status = "\(coordinate(lat)), \(coordinate(lon))" }
        if let place = m["place_name"]?.stringValue {
            let address = m["address"]?.stringValue ?? ""
            return ExportMedia(kind: "venue", title: "Venue \(place)", status: address.isEmpty ? status : address)
        }
        if m["live_location_period_seconds"] != nil {
            return ExportMedia(kind: "live_location", title: "Live location", status: status)
        }
        return ExportMedia(kind: "location", title: "Location", status: status)
    }

    private static func poll(_ poll: JSONValue) -> ExportMedia {
        let question = poll["question"]?.stringValue ?? ""
        var details: [String] = []
        for answer in poll["answers"]?.arrayValue ?? [] {
            let voters = answer["voters"]?.int64Value ?? 0
            let mark = answer["chosen"]?.boolValue == true ? " ✓" : ""
            details.append("• \(answer["text"]?.stringValue ?? "") — \(plural(voters, "vote"))\(mark)")
        }
        var status = plural(poll["total_voters"]?.int64Value ?? 0, "vote")
        if poll["closed"]?.boolValue == true { status += " · closed" }
        return ExportMedia(kind: "poll", title: "Poll: \(question)", status: status, details: details)
    }

    private static func invoice(_ inv: JSONValue) -> ExportMedia {
        var status = ""
        if let amount = inv["amount"]?.int64Value, let currency = inv["currency"]?.stringValue {
            status = money(amount, currency)
        }
        return ExportMedia(kind: "invoice", title: "Invoice \(inv["title"]?.stringValue ?? "")", status: status)
    }

    /// `12.50 USD` from an amount in the currency's smallest unit (two decimals assumed).
    static func money(_ amount: Int64, _ currency: String) -> String {
        let whole = amount / 100, cents = abs(amount % 100)
        return "\(whole).\(cents < 10 ? "0" : "")\(cents) \(currency)"
    }

    static func plural(_ n: Int64, _ word: String) -> String {
        "\(n) \(word)\(n == 1 ? "" : "s")"
    }

    private static func coordinate(_ v: Double) -> String {
        let scaled = (v * 100_000).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else { return "?" }
        let n = Int64(scaled)
        let sign = n < 0 ? "-" : ""
        let a = abs(n)
        let frac = String(a % 100_000)
        return "\(sign)\(a / 100_000).\(String(repeating: "0", count: 5 - frac.count))\(frac)"
    }

    private static func dimensions(_ m: JSONValue) -> String {
        guard let w = m["width"]?.int64Value, let h = m["height"]?.int64Value else { return "" }
        return " \(w)×\(h)"
    }

    private static func duration(_ m: JSONValue) -> String {
        guard let s = m["duration_seconds"]?.int64Value else { return "" }
        return " " + formatDuration(s)
    }

    /// `0:07`, `2:05`, `1:02:03`.
    public static func formatDuration(_ seconds: Int64) -> String {
        let s = max(0, seconds)
        let h = s / 3600, m = s % 3600 / 60, sec = s % 60
        let ss = sec < 10 ? "0\(sec)" : "\(sec)"
        if h > 0 { return "\(h):\(m < 10 ? "0" : "")\(m):\(ss)" }
        return "\(m):\(ss)"
    }

    /// The status line of a file: its size, and a note when the file was not exported.
    private static func fileStatus(_ m: JSONValue, path: String, sizeKey: String) -> String {
        var parts: [String] = []
        if let size = m[sizeKey]?.int64Value ?? m["file_size"]?.int64Value { parts.append(formatSize(size)) }
        if let p = m[path]?.stringValue, p.hasPrefix(notIncluded) { parts.append("not included") }
        return parts.joined(separator: " · ")
    }

    /// `512 B`, `216 KB`, `1.5 MB`, `10 MB`, `2.1 GB`.
    public static func formatSize(_ bytes: Int64) -> String {
        let b = min(max(0, bytes), 1 << 52)
        if b < 1024 { return "\(b) B" }
        if b < 1024 * 1024 { return "\((b + 512) / 1024) KB" }
        let unit: Int64 = b < 1024 * 1024 * 1024 ? 1024 * 1024 : 1024 * 1024 * 1024
        let tenths = (b * 10 + unit / 2) / unit
        let name = unit == 1024 * 1024 ? "MB" : "GB"
        return tenths % 10 == 0 || tenths >= 100 ? "\((tenths + 5) / 10) \(name)" : "\(tenths / 10).\(tenths % 10) \(name)"
    }
}
