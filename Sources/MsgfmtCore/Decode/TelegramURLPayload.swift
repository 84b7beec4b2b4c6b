/// The payload of a `tg://emoji?id=…` or `tg://time?unix=…&format=…` URL, checked as tdlib
/// checks it (`LinkManager::get_link_custom_emoji_id`, then `get_link_formatted_date`).
///
/// The scheme and host may be in any case, `//` and a `/` before `?` are optional, the
/// fragment is ignored; parameter names are case-sensitive and values are not
/// percent-decoded. The first `id` decides: a non-zero 64-bit integer in canonical decimal
/// (a `-` allowed). Every `unix` must be a positive 32-bit integer in canonical decimal and
/// the last one wins; the last `format` wins and must be one `DateTimeFormat` accepts.
enum TelegramURLPayload: Equatable {
    case customEmoji(String)
    /// A date; `format` is canonical (`DateTimeFormat.canonical`), nil when it sets no flag.
    case dateTime(unix: Int64, format: String?)

    /// Parses `url`; nil when it is neither form or its parameters are invalid.
    static func parse(_ url: String) -> TelegramURLPayload? {
        let bytes = Array(url.utf8)[...]
        if let parameters = parameters(bytes, host: "emoji") {
            if let id = parameters.first(where: { $0.key == "id" })?.value, let value = TelegramInteger.strict(id, as: Int64.self),
                value != 0
            {
                return .customEmoji(id)
            }
        }
        guard let parameters = parameters(bytes, host: "time") else { return nil }
        var unix: Int32 = 0
        var format = ""
        for (key, value) in parameters {
            if key == "unix" {
                guard let date = TelegramInteger.strict(value, as: Int32.self), date > 0 else { return nil }
                unix = date
            } else if key == "format" {
                format = value
            }
        }
        guard unix > 0, let canonical = DateTimeFormat.canonical(format) else { return nil }
        return .dateTime(unix: Int64(unix), format: canonical.isEmpty ? nil : canonical)
    }

    /// The `key=value` parameters of a `tg:` URL with `host` (tdlib's `check_tg_url_host`):
    /// nil when the URL has another scheme or host, or no `?`. A parameter without `=` has
    /// an empty value; empty parameters are kept.
    static func parameters(_ url: ArraySlice<UInt8>, host: String) -> [(key: String, value: String)]? {
        var rest = url
        guard lowerCasePrefix(rest, is: "tg:") else { return nil }
        rest = rest.dropFirst(3)
        if rest.starts(with: "//".utf8) { rest = rest.dropFirst(2) }
        guard lowerCasePrefix(rest, is: host) else { return nil }
        rest = rest.dropFirst(host.utf8.count)
        if let next = rest.first, next != 0x2F, next != 0x3F, next != 0x23 { return nil }
        if rest.first == 0x2F { rest = rest.dropFirst() }
        guard rest.first == 0x3F else { return nil }
        rest = rest.dropFirst()
        if let hash = rest.firstIndex(of: 0x23) { rest = rest[..<hash] }
        return rest.split(separator: 0x26, omittingEmptySubsequences: false).map { parameter in
            let equals = parameter.firstIndex(of: 0x3D) ?? parameter.endIndex
            let value = equals < parameter.endIndex ? parameter[(equals + 1)...] : []
            return (String(decoding: parameter[..<equals], as: UTF8.self), String(decoding: value, as: UTF8.self))
        }
    }

    /// Whether `bytes` are the lower-case ASCII `word`, ignoring case.
    static func lowerCaseEquals(_ bytes: ArraySlice<UInt8>, _ word: String) -> Bool {
        bytes.count == word.utf8.count && lowerCasePrefix(bytes, is: word)
    }

    /// Whether `bytes` starts with the lower-case ASCII `prefix`, ignoring case.
    static func lowerCasePrefix(_ bytes: ArraySlice<UInt8>, is prefix: String) -> Bool {
        var i = bytes.startIndex
        for expected in prefix.utf8 {
            guard i < bytes.endIndex else { return false }
            let byte = bytes[i]
            guard (byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) == expected else { return false }
            i += 1
        }
        return true
    }
}
