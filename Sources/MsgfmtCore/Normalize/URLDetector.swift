/// Finds URLs and email addresses in text by the rules of tdlib's `MessageEntity.cpp`
/// (`find_urls`): around every dot it collects a host name, user info before an `@`, a
/// port, a path and a scheme before `://`, then checks what it collected as an email
/// address or a URL (`URLDetector+Validation`). `tg://` and `ton://` links are found
/// apart (`telegramLinks`).
enum URLDetector {
    /// Characters a path may not end in: they are left out of the URL.
    static let badPathEnds: Set<UInt16> = Set(".:;,('?!`".utf16)

    /// URL and email entities, in text order and non-overlapping.
    static func find(in s: TextScanner) -> [MessageEntity] {
        candidates(in: s).compactMap { range -> MessageEntity? in
            if isEmailAddress(s, range) {
                return MessageEntity(kind: .email, offset: range.lowerBound, length: range.count)
            }
            let afterMailto = range.lowerBound + 7
            if s.units[range].starts(with: "mailto:".utf16), isEmailAddress(s, afterMailto..<range.upperBound) {
                return MessageEntity(kind: .email, offset: afterMailto, length: range.upperBound - afterMailto)
            }
            guard let end = validURLEnd(s, range) else { return nil }
            return MessageEntity(kind: .url, offset: range.lowerBound, length: end - range.lowerBound)
        }
    }

    /// The stretches of text around dots that may be URLs or email addresses. The scan
    /// resumes after each stretch and never looks back past where it resumed.
    static func candidates(in s: TextScanner) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var base = 0
        while let dot = s.units[base...].firstIndex(of: 0x2E), dot + 1 < s.count {
            if s.units[dot + 1] == 0x20 {
                base = dot + 2
                continue
            }
            // The host name around the dot; an `@` in what follows makes it user info.
            var start = walkBack(s, from: dot, to: base, while: TextScanner.isHostCharacter)
            var hostEnd = dot
            var sawAt = false
            while hostEnd < s.count {
                let (c, n) = s.scalar(at: hostEnd)
                if c == "@" {
                    sawAt = true
                } else if !TextScanner.isHostCharacter(c) {
                    break
                }
                hostEnd += n
            }
            if sawAt { start = walkBack(s, from: start, to: base, while: TextScanner.isUserInfoCharacter) }

            var end = pathEnd(s, after: portEnd(s, after: hostEnd))
            while end > dot + 1, s.units[end - 1] == 0x2E { end -= 1 }

            var bad = false
            if start > base, s.units[start - 1] == 0x40 {
                // User info before an `@` that precedes the host name.
                let userStart = walkBack(s, from: start - 1, to: base, while: TextScanner.isUserInfoCharacter)
                if sawAt || userStart == start - 1 { bad = true }
                start = userStart
            }
            if start > base {
                if let schemeStart = schemeStart(s, before: start, base: base) {
                    start = schemeStart
                } else {
                    bad = true
                }
            }

            if !bad {
                if end > dot + 1 { result.append(start..<end) }
                while end < s.count, s.units[end] == 0x2E { end += 1 }
            } else {
                while s.units[end - 1] != 0x2E { end -= 1 }
            }
            base = max(end, dot + 1)
        }
        return result
    }

    /// Where a URL starting at `start` really starts, given what comes before it (after
    /// `base`): with a known scheme (`http`, `https`, `ftp`, `tonsite`, also at the end of
    /// a longer word) before `://`, at the scheme; with nothing that touches it, at
    /// `start`; nil when a word character, `/`, `#`, `@` or an unknown scheme precedes it.
    static func schemeStart(_ s: TextScanner, before start: Int, base: Int) -> Int? {
        guard start - base >= 3, s.units[(start - 3)..<start].elementsEqual("://".utf16) else {
            let c = s.scalar(endingAt: start).0
            return TextScanner.isWordCharacter(c) || c == "/" || c == "#" || c == "@" ? nil : start
        }
        let colon = start - 3
        let schemeBegin = walkBack(s, from: colon, to: base, while: TextScanner.isSchemeCharacter)
        let scheme = s.units[schemeBegin..<colon].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        func ends(_ name: String) -> Bool { scheme.reversed().starts(with: name.utf16.reversed()) }
        func equals(_ name: String) -> Bool { scheme.elementsEqual(name.utf16) }
        if ends("http"), !equals("shttp") { return colon - 4 }
        if ends("https") { return colon - 5 }
        if ends("ftp"), !equals("tftp"), !equals("sftp") { return colon - 3 }
        if ends("tonsite") { return colon - 7 }
        return nil
    }

    /// The end of an optional `:port` (1 to 65535, leading zeros allowed) after `end`.
    static func portEnd(_ s: TextScanner, after end: Int) -> Int {
        guard s.unit(end) == 0x3A else { return end }
        var digitsEnd = end + 1
        while digitsEnd < s.count, TextScanner.isASCIIDigit(s.units[digitsEnd]) { digitsEnd += 1 }
        var significant = end + 1
        while significant < digitsEnd, s.units[significant] == 0x30 { significant += 1 }
        guard significant < digitsEnd, digitsEnd - significant <= 5,
            Int(String(decoding: s.units[significant..<digitsEnd], as: UTF16.self))! <= 65535
        else { return end }
        return digitsEnd
    }

    /// The end of an optional path, query or fragment starting at `end` with `/`, `?` or
    /// `#`, without trailing `badPathEnds`; a lone `?` or `#` is left out, a lone `/` kept.
    static func pathEnd(_ s: TextScanner, after end: Int) -> Int {
        let first = s.unit(end)
        guard end < s.count, first == 0x2F || first == 0x3F || first == 0x23 else { return end }
        var pathEnd = end + 1
        while pathEnd < s.count {
            let (c, n) = s.scalar(at: pathEnd)
            guard TextScanner.isURLPathCharacter(c) else { break }
            pathEnd += n
        }
        while pathEnd > end + 1, badPathEnds.contains(s.units[pathEnd - 1]) { pathEnd -= 1 }
        return first == 0x2F || pathEnd > end + 1 ? pathEnd : end
    }

    /// The start of the run of characters satisfying `accepts` that ends at `end`, going
    /// back no further than `limit`.
    static func walkBack(_ s: TextScanner, from end: Int, to limit: Int, while accepts: (Unicode.Scalar) -> Bool) -> Int {
        var start = end
        while start > limit {
            let (c, n) = s.scalar(endingAt: start)
            guard accepts(c) else { break }
            start -= n
        }
        return start
    }
}
