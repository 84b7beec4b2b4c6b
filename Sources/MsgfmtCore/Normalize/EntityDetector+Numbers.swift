/// Bank card numbers and media timestamps.
extension EntityDetector {
    /// Card numbers: 13–19 ASCII digits, grouped by spaces or dashes or not at all (never two
    /// separators in a row), not after `.`, `,`, `+`, `-`, `_` or a letter, not before `-`,
    /// `_` or a letter, passing the Luhn check and the issuers' length rules.
    static func bankCards(in s: TextScanner) -> [MessageEntity] {
        var result: [MessageEntity] = []
        var i = 0
        while i < s.count {
            guard TextScanner.isASCIIDigit(s.units[i]) else { i += 1; continue }
            if i > 0, precludesCard(before: s.scalar(endingAt: i).0) {
                while i < s.count, isCardUnit(s.units[i]) { i += 1 }
                continue
            }
            let start = i
            var digits: [UInt8] = []
            while i < s.count, isCardUnit(s.units[i]) {
                // Sixteen or more digits in a row end at a space: the next digits are another number.
                if s.units[i] == 0x20, (16...19).contains(digits.count), digits.count == i - start { break }
                if TextScanner.isASCIIDigit(s.units[i]) { digits.append(UInt8(s.units[i] - 0x30)) }
                i += 1
            }
            guard (13...19).contains(digits.count) else { continue }
            var end = i
            while !TextScanner.isASCIIDigit(s.units[end - 1]) { end -= 1 }
            guard end - start <= 2 * digits.count - 1 else { continue }
            if end < s.count, isCardNeighbour(s.scalar(at: end).0) { continue }
            if isValidCard(digits) { result.append(MessageEntity(kind: .bankCard, offset: start, length: end - start)) }
        }
        return result
    }

    /// A digit, space or dash: what a card number's run is made of.
    private static func isCardUnit(_ u: UInt16) -> Bool {
        TextScanner.isASCIIDigit(u) || u == 0x20 || u == 0x2D
    }

    /// What may not touch either end of a card number: `-`, `_` or a letter.
    private static func isCardNeighbour(_ c: Unicode.Scalar) -> Bool {
        c == "-" || c == "_" || TextScanner.category(c) == .letter
    }

    /// What may not come before a card number: a neighbour, `.`, `,` or `+`.
    private static func precludesCard(before c: Unicode.Scalar) -> Bool {
        c == "." || c == "," || c == "+" || isCardNeighbour(c)
    }

    /// The Luhn check, then the lengths Visa, Mastercard, American Express, UnionPay and
    /// MIR numbers have (other prefixes may have any length).
    static func isValidCard(_ digits: [UInt8]) -> Bool {
        var sum = 0
        for (position, digit) in digits.reversed().enumerated() {
            let d = Int(digit)
            sum += position % 2 == 0 ? d : (d < 5 ? 2 * d : 2 * d - 9)
        }
        guard sum % 10 == 0 else { return false }
        let prefix = digits.prefix(4).reduce(0) { $0 * 10 + Int($1) }
        let count = digits.count
        switch prefix {
        case 4000...4999: return [13, 16, 18, 19].contains(count)
        case 5100...5599, 2221...2720: return count == 16
        case 3400...3499, 3700...3799: return count == 15
        case 6200...6299, 8100...8199: return count >= 16
        case 2200...2204: return count == 16
        default: return true
        }
    }

    /// Video timestamps `m:ss` (up to four digits of minutes) or `h:mm:ss` (up to two
    /// digits of hours and minutes under 60) with their value in seconds, touching no word
    /// character. Telegram detects them in captions of media with a duration; the Bot API
    /// has no such entity.
    static func mediaTimestamps(in s: TextScanner) -> [(range: Range<Int>, seconds: Int)] {
        var result: [(range: Range<Int>, seconds: Int)] = []
        var i = 0
        while i < s.count {
            guard s.units[i] == 0x3A else { i += 1; continue }
            // The run of digits and colons around this colon.
            var start = i
            var end = i + 1
            while start > 0, isTimestampUnit(s.units[start - 1]) { start -= 1 }
            while end < s.count, isTimestampUnit(s.units[end]) { end += 1 }
            defer { i = end }
            guard start < i, end > i + 1, TextScanner.isASCIIDigit(s.units[i + 1]) else { continue }
            if start > 0, TextScanner.isWordCharacter(s.scalar(endingAt: start).0) { continue }
            if startsWithWordCharacter(s, at: end) { continue }
            if let seconds = timestampValue(String(decoding: s.units[start..<end], as: UTF16.self)) {
                result.append((start..<end, seconds))
            }
        }
        return result
    }

    private static func isTimestampUnit(_ u: UInt16) -> Bool { u == 0x3A || TextScanner.isASCIIDigit(u) }

    /// The seconds `m:ss` or `h:mm:ss` stands for, if it is one.
    private static func timestampValue(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        let lengths = text.split(separator: ":", omittingEmptySubsequences: false).map(\.count)
        guard lengths.last == 2, let seconds = parts.last ?? nil, seconds < 60 else { return nil }
        switch parts.count {
        case 2:
            guard (1...4).contains(lengths[0]), let minutes = parts[0] else { return nil }
            return minutes * 60 + seconds
        case 3:
            guard (1...2).contains(lengths[0]), (1...2).contains(lengths[1]),
                let hours = parts[0], let minutes = parts[1], minutes < 60
            else { return nil }
            return hours * 3600 + minutes * 60 + seconds
        default:
            return nil
        }
    }
}
