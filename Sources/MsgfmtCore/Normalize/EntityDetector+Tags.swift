/// Hashtags and cashtags.
extension EntityDetector {
    /// The most characters of a hashtag after `#`; a longer run is cut there.
    static let hashtagLimit = 256

    /// `#tag`: hashtag characters (see `TextScanner.isHashtagCharacter`) with at least one
    /// letter among the first 256, optionally followed by `@chat` (3–32 of `[A-Za-z0-9_]`,
    /// the rest of a longer name left out), not after a hashtag character and not before `#`.
    static func hashtags(in s: TextScanner) -> [MessageEntity] {
        var result: [MessageEntity] = []
        var i = 0
        while i < s.count {
            guard s.units[i] == 0x23 else { i += 1; continue }
            if i > 0, TextScanner.isHashtagCharacter(s.scalar(endingAt: i).0) { i += 1; continue }
            // The run of hashtag characters; the tag keeps its first `hashtagLimit`.
            var runEnd = i + 1
            var tagEnd = i + 1
            var characters = 0
            var hasLetter = false
            while runEnd < s.count {
                let (c, n) = s.scalar(at: runEnd)
                guard TextScanner.isHashtagCharacter(c) else { break }
                runEnd += n
                if characters < hashtagLimit {
                    characters += 1
                    tagEnd = runEnd
                    if TextScanner.category(c) == .letter { hasLetter = true }
                }
            }
            var end = runEnd
            defer { i = end }
            guard characters > 0 else { continue }
            if tagEnd == runEnd, s.unit(runEnd) == 0x40 {
                var nameEnd = runEnd + 1
                while nameEnd < s.count, nameEnd - runEnd <= 32, TextScanner.isASCIIWord(s.units[nameEnd]) { nameEnd += 1 }
                if nameEnd - runEnd - 1 >= 3 {
                    end = nameEnd
                    tagEnd = nameEnd
                }
            }
            guard s.unit(end) != 0x23, hasLetter else { continue }
            result.append(MessageEntity(kind: .hashtag, offset: i, length: tagEnd - i))
        }
        return result
    }

    /// `$USD`: 1–8 capital Latin letters or `1INCH`, optionally followed by `@chat` (3–32 of
    /// `[A-Za-z0-9_]`), touching no hashtag character or `$` on either side.
    static func cashtags(in s: TextScanner) -> [MessageEntity] {
        var result: [MessageEntity] = []
        var i = 0
        while i < s.count {
            guard s.units[i] == 0x24 else { i += 1; continue }
            if i > 0, isCashtagNeighbour(s.scalar(endingAt: i).0) { i += 1; continue }
            var end = i + 1
            if end + 5 <= s.count, s.units[end..<(end + 5)].elementsEqual("1INCH".utf16) {
                end += 5
            } else {
                while end < s.count, s.units[end] >= 0x41, s.units[end] <= 0x5A { end += 1 }
            }
            defer { i = end }
            guard (1...8).contains(end - i - 1) else { continue }
            if s.unit(end) == 0x40 {
                let nameEnd = asciiWordEnd(s, from: end + 1)
                if (3...32).contains(nameEnd - end - 1) { end = nameEnd }
            }
            if end < s.count, isCashtagNeighbour(s.scalar(at: end).0) { continue }
            result.append(MessageEntity(kind: .cashtag, offset: i, length: end - i))
        }
        return result
    }

    /// What may not touch a cashtag: a hashtag character or `$`.
    private static func isCashtagNeighbour(_ c: Unicode.Scalar) -> Bool {
        c == "$" || TextScanner.isHashtagCharacter(c)
    }
}
