/// Finds the entities Telegram detects by itself in plain text: mentions, bot commands,
/// hashtags, cashtags, URLs, emails and bank card numbers.
public enum EntityDetector {
    /// Every detected entity, sorted, with intersecting ones removed (the first wins).
    public static func detect(in text: UTF16Text) -> [MessageEntity] {
        let scanner = TextScanner(units: text.units)
        var found = URLDetector.find(in: scanner)
        found += mentions(in: scanner) + botCommands(in: scanner) + hashtags(in: scanner)
        found += cashtags(in: scanner) + bankCards(in: scanner)
        var result: [MessageEntity] = []
        var end = 0
        for entity in EntityOrder.sorted(found) where entity.offset >= end {
            result.append(entity)
            end = entity.end
        }
        return result
    }

    /// Short usernames Telegram still treats as mentions.
    static let shortNames: Set<String> = ["gif", "nft", "pic", "ufc", "vid"]

    /// `@username`: 4–32 of `[A-Za-z0-9_]` (or a few 3-letter names), not after a word.
    static func mentions(in s: TextScanner) -> [MessageEntity] {
        var result: [MessageEntity] = []
        var i = 0
        while i < s.count {
            defer { i += 1 }
            guard s.units[i] == 0x40, !TextScanner.isWord(s.scalar(before: i)) else { continue }
            var j = i + 1
            while j < s.count, TextScanner.isASCIIWord(s.units[j]) { j += 1 }
            let length = j - i - 1
            let name = String(decoding: s.units[(i + 1)..<j], as: UTF16.self).lowercased()
            let glued = TextScanner.isWord(s.scalar(after: j))
            if !glued, (4...32).contains(length) || (length == 3 && shortNames.contains(name)) {
                result.append(MessageEntity(kind: .mention, offset: i, length: j - i))
            }
            i = j - 1
        }
        return result
    }

    /// `/command` or `/command@bot` (bot name 3–32 characters).
    static func botCommands(in s: TextScanner) -> [MessageEntity] {
        var result: [MessageEntity] = []
        var i = 0
        while i < s.count {
            defer { i += 1 }
            guard s.units[i] == 0x2F else { continue }
            let before = s.scalar(before: i)
            if TextScanner.isWord(before) || before == "/" || before == "<" || before == ">" { continue }
            var j = i + 1
            while j < s.count, j - i <= 64, TextScanner.isASCIIWord(s.units[j]) { j += 1 }
            guard j > i + 1 else { continue }
            if s.unit(j) == 0x40 {
                var k = j + 1
                while k < s.count, TextScanner.isASCIIWord(s.units[k]) { k += 1 }
                guard (3...32).contains(k - j - 1) else { i = k - 1; continue }
                j = k
            }
            if s.unit(j) == 0x2F || TextScanner.isWord(s.scalar(after: j)) { i = j - 1; continue }
            result.append(MessageEntity(kind: .botCommand, offset: i, length: j - i))
            i = j - 1
        }
        return result
    }

    /// A hashtag character: a letter, digit, `_`, middle dot or zero-width non-joiner.
    static func isHashtagScalar(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c == "\u{B7}" || c == "\u{200C}" || TextScanner.isLetter(c) || TextScanner.isDigit(c)
    }

    /// `#tag` (with at least one letter, optionally `@chat`), not after a word or `#`.
    static func hashtags(in s: TextScanner) -> [MessageEntity] {
        var result: [MessageEntity] = []
        var i = 0
        while i < s.count {
            defer { i += 1 }
            guard s.units[i] == 0x23 else { continue }
            let before = s.scalar(before: i)
            if TextScanner.isWord(before) || before == "#" { continue }
            var j = i + 1
            var hasLetter = false
            while j < s.count {
                let (c, n) = s.scalar(at: j)
                guard isHashtagScalar(c) else { break }
                if TextScanner.isLetter(c) { hasLetter = true }
                j += n
            }
            guard hasLetter, j - i <= 257 else { i = max(i, j - 1); continue }
            if s.unit(j) == 0x23 { i = j - 1; continue }
            if s.unit(j) == 0x40 {
                var k = j + 1
                while k < s.count, TextScanner.isASCIIWord(s.units[k]) { k += 1 }
                if (4...32).contains(k - j - 1) { j = k }
            }
            result.append(MessageEntity(kind: .hashtag, offset: i, length: j - i))
            i = j - 1
        }
        return result
    }

    /// `$USD`: 1–8 capital Latin letters (or `$1INCH`), not touching other word characters.
    static func cashtags(in s: TextScanner) -> [MessageEntity] {
        var result: [MessageEntity] = []
        var i = 0
        while i < s.count {
            defer { i += 1 }
            guard s.units[i] == 0x24 else { continue }
            let before = s.scalar(before: i)
            if TextScanner.isWord(before) || before == "$" { continue }
            var j = i + 1
            if String(decoding: s.units[(i + 1)..<min(s.count, i + 6)], as: UTF16.self) == "1INCH" {
                j = i + 6
            } else {
                while j < s.count, s.units[j] >= 0x41, s.units[j] <= 0x5A { j += 1 }
            }
            guard (1...8).contains(j - i - 1), !TextScanner.isWord(s.scalar(after: j)), s.unit(j) != 0x24 else { continue }
            result.append(MessageEntity(kind: .cashtag, offset: i, length: j - i))
            i = j - 1
        }
        return result
    }

    /// Card numbers: 13–19 digits, optionally grouped by single spaces or dashes, passing
    /// the Luhn check.
    static func bankCards(in s: TextScanner) -> [MessageEntity] {
        var result: [MessageEntity] = []
        var i = 0
        while i < s.count {
            guard isASCIIDigit(s.units[i]), !TextScanner.isWord(s.scalar(before: i)) else { i += 1; continue }
            var j = i
            var digits: [Int] = []
            while j < s.count {
                let u = s.units[j]
                if isASCIIDigit(u) {
                    digits.append(Int(u) - 0x30)
                    j += 1
                } else if (u == 0x20 || u == 0x2D), isASCIIDigit(s.unit(j + 1)) {
                    j += 1
                } else {
                    break
                }
            }
            if (13...19).contains(digits.count), !TextScanner.isWord(s.scalar(after: j)), luhn(digits) {
                result.append(MessageEntity(kind: .bankCard, offset: i, length: j - i))
            }
            i = j
        }
        return result
    }

    /// Video timestamps `m:ss` or `h:mm:ss` with their value in seconds (tdlib detects them
    /// for media captions; the Bot API has no such entity).
    static func mediaTimestamps(in s: TextScanner) -> [(range: Range<Int>, seconds: Int)] {
        var result: [(range: Range<Int>, seconds: Int)] = []
        var i = 0
        while i < s.count {
            let u = s.units[i]
            guard isASCIIDigit(u) || u == 0x3A else { i += 1; continue }
            var j = i
            while j < s.count, isASCIIDigit(s.units[j]) || s.units[j] == 0x3A { j += 1 }
            let touching = TextScanner.isWord(s.scalar(before: i)) || TextScanner.isWord(s.scalar(after: j))
            let parts = String(decoding: s.units[i..<j], as: UTF16.self).split(separator: ":", omittingEmptySubsequences: false)
            if !touching, parts.count == 2 || parts.count == 3, let seconds = timestamp(parts) {
                result.append((i..<j, seconds))
            }
            i = j
        }
        return result
    }

    private static func timestamp(_ parts: [Substring]) -> Int? {
        guard parts.allSatisfy({ !$0.isEmpty && $0.count <= 9 }), let first = Int(parts[0]) else { return nil }
        var total = first
        for part in parts.dropFirst() {
            guard part.count == 2, let value = Int(part), value < 60 else { return nil }
            total = total * 60 + value
        }
        return total
    }

    @inline(__always)
    private static func isASCIIDigit(_ u: UInt16) -> Bool { u >= 0x30 && u <= 0x39 }

    private static func luhn(_ digits: [Int]) -> Bool {
        var sum = 0
        for (n, d) in digits.reversed().enumerated() {
            let v = n % 2 == 1 ? d * 2 : d
            sum += v > 9 ? v - 9 : v
        }
        return sum % 10 == 0
    }
}
