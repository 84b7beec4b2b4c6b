/// Parses Telegram's legacy Markdown parse mode: `*bold*`, `_italic_`, `` `code` ``,
/// ```` ```pre``` ```` and `[text](url)`, without nesting.
public enum LegacyMarkdownParser {
    /// Parses `bytes` (valid UTF-8).
    public static func parse(_ bytes: [UInt8]) throws(ParseModeError) -> Message {
        var out = ParsedText()
        var i = 0
        func find(_ needle: [UInt8], from: Int) -> Int? {
            var j = from
            while j + needle.count <= bytes.count {
                if bytes[j] == needle[0], needle.count == 1 || Array(bytes[j..<(j + needle.count)]) == needle { return j }
                j += 1
            }
            return nil
        }
        while i < bytes.count {
            let c = bytes[i]
            let next: UInt8 = i + 1 < bytes.count ? bytes[i + 1] : 0
            if c == 0x5C, [0x5F, 0x2A, 0x60, 0x5B].contains(next) {
                out.append(next)
                i += 2
                continue
            }
            guard [0x5F, 0x2A, 0x60, 0x5B].contains(c) else {
                out.append(c)
                i += 1
                continue
            }
            let at = i
            let start = out.utf16Count
            if c == 0x5B {
                guard let close = find([0x5D], from: i + 1) else { throw .legacyUnclosedEntity(byteOffset: at) }
                for b in bytes[(i + 1)..<close] { out.append(b) }
                i = close + 1
                guard close > at + 1, i < bytes.count, bytes[i] == 0x28 else { continue }
                guard let end = find([0x29], from: i + 1) else { i = bytes.count; continue }
                let url = String(decoding: bytes[(i + 1)..<end], as: UTF8.self)
                i = end + 1
                switch LinkChecker.check(url) {
                case .url(let checked): out.close(.textLink, from: start) { $0.url = checked }
                case .user(let id): out.close(.textMention, from: start) { $0.userID = id }
                case .invalid: break
                }
            } else if c == 0x60, next == 0x60, i + 2 < bytes.count, bytes[i + 2] == 0x60 {
                guard let end = find([0x60, 0x60, 0x60], from: i + 3) else { throw .legacyUnclosedEntity(byteOffset: at) }
                var body = bytes[(i + 3)..<end]
                var language: String?
                let nameEnd = body.firstIndex { [0x20, 0x09, 0x0A, 0x0D, 0x60].contains($0) } ?? body.endIndex
                if nameEnd > body.startIndex, nameEnd < body.endIndex, body[nameEnd] != 0x60 {
                    language = String(decoding: body[..<nameEnd], as: UTF8.self)
                    body = body[nameEnd...]
                    if body.first == 0x0A { body = body.dropFirst() }
                }
                for b in body { out.append(b) }
                out.close(.pre, from: start) { $0.language = language }
                i = end + 3
            } else {
                guard let end = find([c], from: i + 1) else { throw .legacyUnclosedEntity(byteOffset: at) }
                for b in bytes[(i + 1)..<end] { out.append(b) }
                out.close(c == 0x2A ? .bold : c == 0x5F ? .italic : .code, from: start)
                i = end + 1
            }
        }
        return out.message()
    }
}
