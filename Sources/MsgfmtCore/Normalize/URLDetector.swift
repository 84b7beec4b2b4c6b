/// Finds URLs (with a scheme, or a bare domain with a known TLD), `tg://` links and email
/// addresses in text, trimming trailing punctuation and unbalanced brackets.
enum URLDetector {
    /// Schemes whose URLs have a host part.
    static let hostSchemes: Set<String> = ["http", "https", "ftp", "tonsite"]
    /// Schemes whose URLs are taken as they are.
    static let opaqueSchemes: Set<String> = ["tg", "ton"]

    /// URL and email entities, unsorted and non-overlapping.
    static func find(in s: TextScanner) -> [MessageEntity] {
        var result: [MessageEntity] = []
        var taken: [Range<Int>] = []
        func overlapsTaken(_ r: Range<Int>) -> Bool { taken.contains { $0.overlaps(r) } }

        // URLs with a scheme.
        var i = 0
        while i + 2 < s.count {
            if s.units[i] == 0x3A, s.units[i + 1] == 0x2F, s.units[i + 2] == 0x2F, let url = schemeURL(s, colon: i) {
                result.append(MessageEntity(kind: .url, offset: url.lowerBound, length: url.count))
                taken.append(url)
                i = url.upperBound
                continue
            }
            i += 1
        }
        // Emails.
        i = 0
        while i < s.count {
            if s.units[i] == 0x40, let email = email(s, at: i), !overlapsTaken(email), s.unit(email.upperBound) != 0x40 {
                result.append(MessageEntity(kind: .email, offset: email.lowerBound, length: email.count))
                taken.append(email)
                i = email.upperBound
                continue
            }
            i += 1
        }
        // Bare domains.
        i = 0
        while i < s.count {
            let (c, n) = s.scalar(at: i)
            guard isHostScalar(c), c != ".", c != "-" else { i += n; continue }
            let before = s.scalar(before: i)
            if let before, isHostScalar(before) || before == "@" || before == "/" {
                i += n
                continue
            }
            if let host = host(s, at: i, requireKnownTLD: true) {
                let url = i..<path(s, after: port(s, after: host))
                if !overlapsTaken(url), s.unit(url.upperBound) != 0x40 {
                    result.append(MessageEntity(kind: .url, offset: url.lowerBound, length: url.count))
                    taken.append(url)
                }
                i = max(url.upperBound, host)
                continue
            }
            i += n
            while i < s.count, isHostScalar(s.scalar(at: i).0) { i += s.scalar(at: i).1 }
        }
        return result
    }

    /// A URL whose `://` starts at `colon`, if its scheme is known.
    static func schemeURL(_ s: TextScanner, colon: Int) -> Range<Int>? {
        var start = colon
        while start > 0, colon - start < 16, isASCIILetter(s.units[start - 1]) { start -= 1 }
        guard start < colon else { return nil }
        var scheme = String(decoding: s.units[start..<colon], as: UTF16.self).lowercased()
        if !hostSchemes.contains(scheme), !opaqueSchemes.contains(scheme) {
            // A known scheme glued to the end of a word still starts a URL.
            guard let known = (hostSchemes.union(opaqueSchemes)).sorted(by: { $0.count > $1.count }).first(where: { scheme.hasSuffix($0) }) else {
                return nil
            }
            start = colon - known.count
            scheme = known
        }
        let rest = colon + 3
        if opaqueSchemes.contains(scheme) {
            var end = rest
            while end < s.count, isPathScalar(s.scalar(at: end).0) { end += s.scalar(at: end).1 }
            let trimmed = trimPath(s, rest..<end)
            return trimmed > rest ? start..<trimmed : nil
        }
        guard hostSchemes.contains(scheme), let host = host(s, at: rest, requireKnownTLD: false) else { return nil }
        return start..<path(s, after: port(s, after: host))
    }

    /// The end (without trailing dots) of a valid host name starting at `start`, if any.
    static func host(_ s: TextScanner, at start: Int, requireKnownTLD: Bool) -> Int? {
        var end = start
        while end < s.count, isHostScalar(s.scalar(at: end).0) { end += s.scalar(at: end).1 }
        while end > start, s.units[end - 1] == 0x2E { end -= 1 }
        guard end > start, end - start <= 253 else { return nil }
        let name = String(decoding: s.units[start..<end], as: UTF16.self)
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && $0.utf16.count <= 63 }) else { return nil }
        if labels.count == 4, labels.allSatisfy({ $0.allSatisfy({ $0.isASCII && $0.isNumber }) && (Int($0) ?? 256) <= 255 }) {
            return end
        }
        let tld = String(labels[labels.count - 1])
        if tld.allSatisfy(\.isASCII) {
            guard tld.count >= 2, tld.allSatisfy({ $0.isLetter || $0 == "-" }) else { return nil }
            if requireKnownTLD, !KnownTLDs.contains(tld) { return nil }
        } else if !tld.unicodeScalars.allSatisfy(TextScanner.isLetter) {
            return nil
        }
        return end
    }

    /// The end of an optional `:port` after `end`.
    static func port(_ s: TextScanner, after end: Int) -> Int {
        guard s.unit(end) == 0x3A else { return end }
        var j = end + 1
        while j < s.count, j - end <= 5, s.units[j] >= 0x30, s.units[j] <= 0x39 { j += 1 }
        guard j > end + 1, let value = Int(String(decoding: s.units[(end + 1)..<j], as: UTF16.self)),
            (1...65535).contains(value)
        else { return end }
        return j
    }

    /// The end of an optional path, query or fragment after `end`.
    static func path(_ s: TextScanner, after end: Int) -> Int {
        let u = s.unit(end)
        guard end < s.count, u == 0x2F || u == 0x3F || u == 0x23 else { return end }
        var j = end
        while j < s.count, isPathScalar(s.scalar(at: j).0) { j += s.scalar(at: j).1 }
        return trimPath(s, end..<j)
    }

    /// Cuts a path where a bracket closes without opening, then trims trailing punctuation.
    static func trimPath(_ s: TextScanner, _ range: Range<Int>) -> Int {
        var depth = [0, 0, 0]
        var end = range.upperBound
        for j in range {
            let u = s.units[j]
            let (open, close): (Int?, Int?) = switch u {
            case 0x28: (0, nil)
            case 0x5B: (1, nil)
            case 0x7B: (2, nil)
            case 0x29: (nil, 0)
            case 0x5D: (nil, 1)
            case 0x7D: (nil, 2)
            default: (nil, nil)
            }
            if let open { depth[open] += 1 }
            if let close {
                if depth[close] == 0 { end = j; break }
                depth[close] -= 1
            }
        }
        let trailing: Set<UInt16> = [0x2E, 0x3A, 0x3B, 0x2C, 0x28, 0x27, 0x3F, 0x21, 0x60, 0x5B, 0x7B]
        while end > range.lowerBound, trailing.contains(s.units[end - 1]) { end -= 1 }
        // (An empty path at the very end of the text, as in "tg://", has nothing to look at.)
        if end == range.lowerBound, end < s.count, s.units[end] == 0x2F { return end + 1 }
        return end
    }

    /// `local@domain`, with the `@` at `at`.
    static func email(_ s: TextScanner, at: Int) -> Range<Int>? {
        var start = at
        while start > 0, isLocalUnit(s.units[start - 1]) { start -= 1 }
        while start < at, s.units[start] == 0x2E { start += 1 }
        guard start < at, s.units[at - 1] != 0x2E, let host = host(s, at: at + 1, requireKnownTLD: true) else { return nil }
        return start..<host
    }

    private static func isLocalUnit(_ u: UInt16) -> Bool {
        TextScanner.isASCIIWord(u) || u == 0x2E || u == 0x25 || u == 0x2B || u == 0x2D
    }

    private static func isASCIILetter(_ u: UInt16) -> Bool {
        (u >= 0x41 && u <= 0x5A) || (u >= 0x61 && u <= 0x7A)
    }

    /// A character of a host name: letters, digits, `-`, `_`, `.`.
    static func isHostScalar(_ c: Unicode.Scalar) -> Bool {
        c == "-" || c == "_" || c == "." || TextScanner.isLetter(c) || TextScanner.isDigit(c)
    }

    /// A character that may continue a URL path: printable ASCII except space, quotes and
    /// angle brackets, or a non-ASCII letter, digit or mark.
    static func isPathScalar(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII {
            let v = c.value
            return v > 0x20 && v < 0x7F && v != 0x22 && v != 0x3C && v != 0x3E
        }
        return TextScanner.isLetter(c) || TextScanner.isDigit(c) || c.properties.generalCategory == .nonspacingMark
    }
}
