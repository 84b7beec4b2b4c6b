/// `tg://`, `ton://` and `tonsite://` links.
extension URLDetector {
    /// The longest host of a Telegram link; a longer run of host characters is cut there.
    static let telegramHostLimit = 253

    /// `tg://host`, `ton://host` (scheme in any case, also at the end of a word) with a host
    /// of up to 253 of `[A-Za-z0-9_-]` and an optional path, query or fragment. As in
    /// Telegram, a `tonsite://` link is found from its `ite://`; the URL finder
    /// (`find`) finds it whole when its host has a dot.
    static func telegramLinks(in s: TextScanner) -> [MessageEntity] {
        var result: [MessageEntity] = []
        var i = 0
        // Telegram stops looking when five UTF-8 bytes or fewer are left.
        while s.count - i > 5 || s.utf8Count(i..<s.count) > 5 {
            guard let colon = s.units[i...].firstIndex(of: 0x3A) else { break }
            guard let start = telegramSchemeStart(s, colon: colon) else {
                i = colon + 1
                continue
            }
            let hostStart = colon + 3
            var end = hostStart
            while end < s.count, end - hostStart < telegramHostLimit,
                TextScanner.isASCIIWord(s.units[end]) || s.units[end] == 0x2D
            {
                end += 1
            }
            defer { i = end }
            guard end > hostStart else { continue }
            end = pathEnd(s, after: end)
            result.append(MessageEntity(kind: .url, offset: start, length: end - start))
        }
        return result
    }

    /// Where a Telegram link whose `:` is at `colon` starts, if `://` follows a Telegram
    /// scheme there.
    private static func telegramSchemeStart(_ s: TextScanner, colon: Int) -> Int? {
        guard colon + 3 <= s.count, s.units[colon + 1] == 0x2F, s.units[colon + 2] == 0x2F else { return nil }
        if colon >= 2, s.matches("tg", at: colon - 2) { return colon - 2 }
        if colon >= 3, s.matches("ton", at: colon - 3) { return colon - 3 }
        if colon >= 7, s.matches("tonsite", at: colon - 7) { return colon - 3 }
        return nil
    }
}
