/// Escaping for the transcript's HTML: every text and attribute goes through here.
enum HTMLEscape {
    /// Text safe in element content and quoted attributes; unsafe controls become visible
    /// placeholders.
    static func text(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count + 8)
        for original in s.unicodeScalars {
            let scalar = original == "\n" || original == "\t" ? original : (DisplaySafety.placeholder(for: original) ?? original)
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The escaped URL when its scheme is http, https, tg, mailto or tel; else nil.
    static func href(_ url: String) -> String? {
        let trimmed = url.drop { $0 == " " }
        let lower = trimmed.lowercased()
        guard ["http://", "https://", "tg://", "mailto:", "tel:"].contains(where: { lower.hasPrefix($0) }) else { return nil }
        guard !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        return text(String(trimmed))
    }
}
