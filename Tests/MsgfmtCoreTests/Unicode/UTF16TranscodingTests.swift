import TestSupport
import Testing

@testable import MsgfmtCore

/// `UTF16Text`'s hand-written transcoders against the standard library's.
@Suite struct UTF16TranscodingTests {
    static let scalars: [Unicode.Scalar] = [
        "a", " ", "\n", "\u{7F}", "\u{80}", "é", "\u{7FF}", "\u{800}", "ж",
        "中", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FFFF}", "\u{10000}",
        "😀", "\u{10FFFF}",
    ]

    @Test func stringToUnitsMatchesTheStandardLibrary() {
        var rng = SeededGenerator(seed: 0x7574_6631)
        for _ in 0..<3000 {
            var s = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...20, using: &rng) { s.append(Self.scalars.randomElement(using: &rng)!) }
            let string = String(s)
            let text = UTF16Text(string)
            #expect(text.units == Array(string.utf16), "seed \(rng.seed) \(string.debugDescription)")
            #expect(text.isASCII == string.utf8.allSatisfy { $0 < 0x80 })
            #expect(text.string == string)
        }
    }

    @Test func unitsToStringRepairsLoneSurrogatesLikeTheStandardLibrary() {
        var rng = SeededGenerator(seed: 0x7574_6632)
        let alphabet: [UInt16] = [0x61, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFF, 0xD83D, 0xDE00]
        for _ in 0..<3000 {
            let units = (0..<Int.random(in: 0...16, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            let text = UTF16Text(units: units)
            #expect(text.string == String(decoding: units, as: UTF16.self), "seed \(rng.seed) \(units)")
            #expect(text.isASCII == units.allSatisfy { $0 < 0x80 })
            let a = Int.random(in: -2...units.count + 2, using: &rng)
            let b = Int.random(in: -2...units.count + 2, using: &rng)
            let range = min(a, b)..<max(a, b)
            let lower = max(0, min(range.lowerBound, units.count))
            let upper = max(lower, min(range.upperBound, units.count))
            #expect(text.substring(range) == String(decoding: units[lower..<upper], as: UTF16.self), "seed \(rng.seed) \(units) \(range)")
        }
    }

    /// Text mostly of runs of two-byte characters (U+0080–U+07FF) of every length, which
    /// both transcoders take in a loop of their own, between other characters.
    @Test func twoByteRunsBothWays() {
        var rng = SeededGenerator(seed: 0x7574_6634)
        for _ in 0..<3000 {
            var s = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                for _ in 0..<Int.random(in: 0...12, using: &rng) {
                    s.append(Unicode.Scalar(UInt16.random(in: 0x80...0x7FF, using: &rng))!)
                }
                s.append(Self.scalars.randomElement(using: &rng)!)
            }
            let string = String(s)
            let text = UTF16Text(string)
            #expect(text.units == Array(string.utf16), "seed \(rng.seed) \(string.debugDescription)")
            #expect(UTF16Text(units: text.units).string == string, "seed \(rng.seed) \(string.debugDescription)")
        }
    }

    /// Text mostly of ASCII runs of every length, which the word-at-a-time paths take.
    @Test func asciiRunsBothWays() {
        var rng = SeededGenerator(seed: 0x7574_6633)
        for _ in 0..<3000 {
            var s = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                for _ in 0..<Int.random(in: 0...20, using: &rng) { s.append(Unicode.Scalar(UInt8.random(in: 0...0x7F, using: &rng))) }
                s.append(Self.scalars.randomElement(using: &rng)!)
            }
            let string = String(s)
            let text = UTF16Text(string)
            #expect(text.units == Array(string.utf16), "seed \(rng.seed) \(string.debugDescription)")
            let bytes = text.units.withUnsafeBufferPointer { units in
                [UInt8](unsafeUninitializedCapacity: units.count * 3) { out, count in
                    count = UTF16Text.encodeUTF8(units, into: out)
                }
            }
            #expect(bytes == Array(string.utf8), "seed \(rng.seed) \(string.debugDescription)")
        }
    }
}
