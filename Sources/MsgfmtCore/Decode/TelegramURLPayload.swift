/// The payload of a `tg://emoji?id=…` or `tg://time?unix=…&format=…` URL.
enum TelegramURLPayload: Equatable {
    case customEmoji(String)
    case dateTime(unix: Int64, format: String?)

    /// Parses `url`; nil when it is neither form or its parameters are invalid.
    static func parse(_ url: String) -> TelegramURLPayload? {
        var rest = Substring(url)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let lower = rest.lowercased()
        let prefix: Int
        if lower.hasPrefix("tg://") { prefix = 5 } else if lower.hasPrefix("tg:") { prefix = 3 } else { return nil }
        rest = rest.dropFirst(prefix)
        let query = rest.firstIndex(of: "?").map { rest[rest.index(after: $0)...] } ?? ""
        var host = rest.prefix { $0 != "?" }.lowercased()
        if host.hasSuffix("/") { host.removeLast() }
        var parameters: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0]).lowercased()
            if parameters[key] == nil { parameters[key] = parts.count > 1 ? String(parts[1]) : "" }
        }
        switch host {
        case "emoji":
            guard let id = parameters["id"], !id.isEmpty, id.allSatisfy({ $0.isASCII && $0.isNumber }), Int64(id) != nil else {
                return nil
            }
            return .customEmoji(id)
        case "time":
            guard let unix = parameters["unix"].flatMap({ Int64($0) }) else { return nil }
            let format = parameters["format"]
            if let format, !DateTimeFormat.isValid(format) { return nil }
            return .dateTime(unix: unix, format: format)
        default:
            return nil
        }
    }
}
