/// Validates and normalizes link targets written in parse modes, as Telegram does: adds
/// `http://` when the scheme is missing and `/` before an empty path, recognizes
/// `tg://user?id=` as a mention, and rejects anything else that is not a valid link.
enum LinkChecker {
    /// What a link target turned out to be.
    enum Target: Equatable {
        case url(String)
        case user(Int64)
        case invalid
    }

    /// The checked form of `raw`.
    static func check(_ raw: String) -> Target {
        if raw.isEmpty || hasSpaceOrControl(raw) { return .invalid }
        var scheme = "http"
        var rest = Substring(raw)
        if let colon = raw.firstIndex(of: ":"), raw[..<colon].allSatisfy({ $0.isASCII && $0.isLetter }), !raw[..<colon].isEmpty {
            let candidate = raw[..<colon].lowercased()
            let after = raw[raw.index(after: colon)...]
            if after.hasPrefix("//") {
                scheme = candidate
                rest = after.dropFirst(2)
            } else if candidate == "tg" || candidate == "ton" {
                scheme = candidate
                rest = after
            }
        }
        switch scheme {
        case "tg", "ton":
            if scheme == "tg", let id = mentionID(rest) { return .user(id) }
            return rest.isEmpty ? .invalid : .url(scheme + "://" + rest)
        case "http", "https", "ftp", "tonsite":
            let hostEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
            let host = rest[..<hostEnd]
            guard isValidHost(host) else { return .invalid }
            var tail = rest[hostEnd...]
            if !tail.hasPrefix("/") { tail = "/" + tail }
            return .url(scheme + "://" + host + tail)
        default:
            return .invalid
        }
    }

    /// True when `raw` holds a white-space or control character. ASCII is checked by byte
    /// (its white space, U+0009–U+000D and U+0020, and controls are the bytes up to 0x20);
    /// anything else by the Unicode property.
    static func hasSpaceOrControl(_ raw: String) -> Bool {
        for byte in raw.utf8 {
            if byte >= 0x80 { return raw.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 }) }
            if byte <= 0x20 { return true }
        }
        return false
    }

    /// The user id of `user?id=N`.
    private static func mentionID(_ rest: Substring) -> Int64? {
        let lower = rest.lowercased()
        guard lower.hasPrefix("user?id=") else { return nil }
        let digits = rest.dropFirst(8)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int64(digits)
    }

    /// A host name (optionally with `:port`) with at least two labels and an alphabetic
    /// top-level domain, or an IPv4 address.
    private static func isValidHost(_ hostAndPort: Substring) -> Bool {
        var host = hostAndPort
        if let colon = host.lastIndex(of: ":") {
            let port = host[host.index(after: colon)...]
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            host = host[..<colon]
        }
        if host.hasSuffix(".") { host = host.dropLast() }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else { return false }
        for label in labels {
            guard label.unicodeScalars.allSatisfy({ $0 == "-" || $0 == "_" || TextScanner.isLetter($0) || TextScanner.isDigit($0) }) else {
                return false
            }
        }
        if labels.count == 4, labels.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) { return true }
        let tld = labels[labels.count - 1]
        return tld.count >= 2 && tld.unicodeScalars.allSatisfy { $0 == "-" || TextScanner.isLetter($0) }
    }
}
