/// Checks and normalizes link targets written in parse modes as tdlib does
/// (`LinkManager::get_link_user_id`, then `check_link`): `tg://user?id=N` is a mention;
/// `tg:`, `ton:` and `tonsite:` links keep their scheme with a checked host; anything else
/// must be an `http` or `https` URL (`http` when no scheme is written) whose host has a dot
/// or is an IPv6 address, and comes back in tdlib's canonical form (see `HTTPURL`).
enum LinkChecker {
    /// What a link target turned out to be.
    enum Target: Equatable {
        case url(String)
        case user(Int64)
        case invalid
    }

    /// The largest user id tdlib accepts (2⁴⁰ − 1).
    static let maxUserID: Int64 = (1 << 40) - 1

    /// The checked form of `raw`.
    static func check(_ raw: String) -> Target {
        if let id = mentionID(raw) { return .user(id) }
        return parsedLink(Array(raw.utf8)[...]).map { canonical($0.url, scheme: $0.scheme) }.map(Target.url) ?? .invalid
    }

    /// True when `check(raw)` is not `.invalid`, found without writing the canonical URL:
    /// the common plain web link by one pass over its bytes (`isPlainWebLink`), anything
    /// else parsed in full (`acceptsByParsing`).
    static func accepts(_ raw: String) -> Bool {
        isPlainWebLink(raw) || acceptsByParsing(raw)
    }

    /// `accepts` by parsing the link in full: the reference of `isPlainWebLink`.
    static func acceptsByParsing(_ raw: String) -> Bool {
        mentionID(raw) != nil || parsedLink(Array(raw.utf8)[...]) != nil
    }

    /// True for a link `check` accepts whose shape says so at once: `http://` or `https://`
    /// (lower case), a host of ASCII letters, digits, hyphens and dots with a dot in it and
    /// more than the dot alone, then nothing or a path, query or fragment (`/`, `?`, `#`),
    /// whose bytes `check` only escapes. False says nothing: the link is parsed in full
    /// (a port, user info, another scheme or any other host byte take that way).
    /// `LinkCheckerTests` compares the two on generated links.
    static func isPlainWebLink(_ raw: String) -> Bool {
        var raw = raw
        return raw.withUTF8 { bytes in
            let n = bytes.count
            // "http", then "s" or not, then "://".
            guard n > 7, bytes[0] == 0x68, bytes[1] == 0x74, bytes[2] == 0x74, bytes[3] == 0x70 else { return false }
            var i = bytes[4] == 0x73 ? 5 : 4
            guard i + 3 <= n, bytes[i] == 0x3A, bytes[i + 1] == 0x2F, bytes[i + 2] == 0x2F else { return false }
            i += 3
            let start = i
            var dot = false
            while i < n {
                let byte = bytes[i]
                if byte == 0x2E {
                    dot = true
                } else if !(HTTPURL.isAlphanumeric(byte) || byte == 0x2D) {
                    break
                }
                i += 1
            }
            guard dot, i - start > 1 else { return false }
            return i == n || bytes[i] == 0x2F || bytes[i] == 0x3F || bytes[i] == 0x23
        }
    }

    /// The schemes that keep their own form.
    private enum Scheme: String, CaseIterable {
        case tg, ton, tonsite
    }

    /// tdlib's `check_link_impl`: the parsed URL and the scheme it keeps (nil for a web
    /// URL), or nil when tdlib refuses the link.
    private static func parsedLink(_ raw: ArraySlice<UInt8>) -> (url: HTTPURL, scheme: Scheme?)? {
        // Each of the schemes starts with a `t`: other links are not compared with them.
        let scheme =
            raw.first.map({ $0 | 0x20 }) != UInt8(ascii: "t")
            ? nil : Scheme.allCases.first { TelegramURLPayload.lowerCasePrefix(raw, is: $0.rawValue + ":") }
        var link = scheme.map { raw.dropFirst($0.rawValue.utf8.count + 1) } ?? raw
        if scheme != nil, link.starts(with: "//".utf8) { link = link.dropFirst(2) }
        guard let url = HTTPURL.parse(link) else { return nil }
        guard let scheme else {
            guard url.isIPv6 || url.writtenHost.contains(0x2E) else { return nil }
            return (url, nil)
        }
        let wrapsWebURL = TelegramURLPayload.lowerCasePrefix(link, is: "http://") || url.isHTTPS
        if wrapsWebURL || !url.userinfo.isEmpty || url.specifiedPort != 0 || url.isIPv6 { return nil }
        let hostIsValid = url.writtenHost.allSatisfy {
            HTTPURL.isAlphanumeric($0) || $0 == 0x2D || $0 == 0x5F || (scheme == .tonsite && $0 == 0x2E)
        }
        return hostIsValid ? (url, scheme) : nil
    }

    /// The canonical text of a link `parsedLink` accepted.
    private static func canonical(_ url: HTTPURL, scheme: Scheme?) -> String {
        guard let scheme else { return url.text }
        var rest = url.rest[...]
        if rest.count > 1, rest[rest.startIndex + 1] == 0x3F { rest = rest.dropFirst() }
        return scheme.rawValue + "://" + String(decoding: url.host + rest, as: UTF8.self)
    }

    /// The user id of a `tg://user?id=N` link (any case; the first `id` parameter decides),
    /// when it is a valid one (1…2⁴⁰−1).
    private static func mentionID(_ raw: String) -> Int64? {
        // Only `tg:` links can be mentions: most links leave here, before any copy.
        var prefix = raw.utf8.makeIterator()
        guard prefix.next().map({ $0 | 0x20 }) == UInt8(ascii: "t"), prefix.next().map({ $0 | 0x20 }) == UInt8(ascii: "g"),
            prefix.next() == UInt8(ascii: ":")
        else { return nil }
        let lower = raw.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        guard let parameters = TelegramURLPayload.parameters(lower[...], host: "user"),
            let value = parameters.first(where: { $0.key == "id" })?.value,
            let id = TelegramInteger.strict(value, as: Int64.self), id > 0, id <= maxUserID
        else { return nil }
        return id
    }
}
