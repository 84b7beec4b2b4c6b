import TestSupport
import Testing

@testable import MsgfmtCore

/// The bit words behind `MarkdownV2Encoder.isReserved` against the list of characters, the
/// escaping of text against a unit-by-unit reference, and the URL check against its rule.
@Suite struct MarkdownV2EncoderTests {
    @Test func reservedBitsAreTheReservedCharacters() {
        let listed = Set(MarkdownV2Encoder.reservedCharacters.utf16)
        #expect(listed.count == 19)
        for u in UInt16(0)...UInt16(0x2FF) {
            #expect(MarkdownV2Encoder.isReserved(u) == listed.contains(u), "U+\(String(u, radix: 16))")
        }
    }

    /// `appendText` against a unit-by-unit reference, on random texts from units of every
    /// kind it tells apart (word-like ASCII, reserved and other punctuation, controls, C1
    /// controls, newlines, Latin-1 letters, BMP letters, surrogate pairs and lone halves)
    /// long enough to fill the eight-unit blocks it copies at once, in and out of code and
    /// quotes.
    @Test(arguments: [false, true])
    func textIsEscapedUnitByUnit(code: Bool) {
        let pool: [[UInt16]] = [
            [0x61], [0x5A], [0x37], [0x20], [0x2E], [0x5F], [0x60], [0x5C], [0x2C], [0x3A], [0x7E], [0x09], [0x0A],
            [0x01], [0x7F], [0x85], [0x9F], [0xA0], [0xE9], [0x0430], [0x4E2D], [0xD83D, 0xDE00], [0xD800], [0xDC00],
        ]
        // Letters and spaces, in blocks of ASCII, two-byte and three-byte UTF-8 and mixes.
        let wordlike: [[UInt16]] = [[0x61], [0x5A], [0x37], [0x20], [0xE9], [0x0430], [0x4E2D]]
        var generator = SeededGenerator(seed: 0x6D64_3276)
        for _ in 0..<20_000 {
            var units: [UInt16] = []
            let pieces = Int(generator.next() % 48)
            for _ in 0..<pieces {
                // Word-like units most of the time, so whole blocks of eight occur.
                let pick = Int(generator.next() % UInt64(pool.count * 3))
                units += pick < pool.count ? pool[pick] : wordlike[pick % wordlike.count]
            }
            let lower = units.isEmpty ? 0 : Int(generator.next() % UInt64(units.count))
            let upper = lower + (units.count == lower ? 0 : Int(generator.next() % UInt64(units.count - lower + 1)))
            let quote =
                generator.next() % 2 == 0 ? nil : MessageEntity(kind: .blockquote, offset: 0, length: lower + (upper - lower) / 2)
            var out: [UInt8] = []
            units.withUnsafeBufferPointer { MarkdownV2Encoder.appendText($0, lower..<upper, code: code, quote: quote, into: &out) }
            let expected = Self.reference(units, lower..<upper, code: code, quoteEnd: quote?.end)
            #expect(out == expected, "\(units.map { String($0, radix: 16) }) \(lower)..<\(upper) code: \(code), seed \(generator.seed)")
            if out != expected { return }
        }
    }

    /// What `appendText` writes, unit by unit: the escape before a reserved character (in
    /// code, before `` ` `` and `\`), a space for a control other than tab and newline,
    /// `>` after a newline before the quote's last unit, each scalar's UTF-8 (U+FFFD for a
    /// lone surrogate).
    static func reference(_ units: [UInt16], _ range: Range<Int>, code: Bool, quoteEnd: Int?) -> [UInt8] {
        var out: [UInt8] = []
        var p = range.lowerBound
        while p < range.upperBound {
            let u = units[p]
            if UTF16.isLeadSurrogate(u), p + 1 < range.upperBound, UTF16.isTrailSurrogate(units[p + 1]) {
                out += Array(String(decoding: units[p...(p + 1)], as: UTF16.self).utf8)
                p += 2
                continue
            }
            if u >= 0xA0 {
                out += UTF16.isLeadSurrogate(u) || UTF16.isTrailSurrogate(u) ? [0xEF, 0xBF, 0xBD] : Array(String(Unicode.Scalar(u)!).utf8)
            } else {
                let reserved = code ? u == 0x60 || u == 0x5C : MarkdownV2Encoder.reservedCharacters.utf16.contains(u)
                if reserved { out.append(0x5C) }
                let control = (u < 0x20 && u != 0x09 && u != 0x0A) || (u >= 0x7F && u <= 0x9F)
                out.append(control ? 0x20 : UInt8(u))
                if u == 0x0A, let quoteEnd, p + 1 < quoteEnd { out.append(0x3E) }
            }
            p += 1
        }
        return out
    }

    @Test func usableURLsHoldNoControl() {
        // Every scalar below U+0300 and a few beyond, before and after the sixteen-byte
        // blocks the byte scan passes over, against the rule by scalars.
        let scalars = (0..<0x300).compactMap(Unicode.Scalar.init) + ["\u{2028}", "\u{202E}", "\u{FEFF}", "😀"]
        for scalar in scalars {
            let usable = !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
            for url in ["\(scalar)", "https://a.com/\(scalar)x", "https://example.org/path/to/\(scalar)"] {
                #expect(MarkdownV2Encoder.usableURL(url) == usable, "\(url.debugDescription)")
            }
        }
    }
}
