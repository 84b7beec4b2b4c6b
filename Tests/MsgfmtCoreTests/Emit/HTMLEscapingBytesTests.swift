import TestSupport
import Testing

@testable import MsgfmtCore

/// The byte path of `HTMLEscaping.append(units:...)` (CByteScan's escaper, plain ASCII
/// eight units at a time) against the string path, unit by unit and on random text.
@Suite struct HTMLEscapingBytesTests {
    /// Every unit value in every lane of a block of plain letters, and at each place
    /// near the end: the bytes are the string path's (each value's rule, and the eight-unit
    /// copy stopping exactly before it).
    @Test func everyUnitInEveryLaneEscapesAsTheStringPathDoes() {
        var wrong: [String] = []
        for value in 0...UInt16.max {
            for lane in [0, 3, 7, 8, 9, 15, 16] {
                var units = [UInt16](repeating: 0x61, count: 17)
                units[lane] = value
                for newlines in [HTMLEscaping.Newlines.lineBreak, .keep, .space] where value < 0x80 || newlines == .keep {
                    var expected = ""
                    HTMLEscaping.append(units: units, range: 0..<17, newlines: newlines, into: &expected)
                    var bytes: [UInt8] = []
                    units.withUnsafeBufferPointer { HTMLEscaping.append(units: $0, range: 0..<17, newlines: newlines, into: &bytes) }
                    if !expected.utf8.elementsEqual(bytes) { wrong.append("U+\(String(value, radix: 16)) in lane \(lane)") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    }

    /// Random runs of plain ASCII, characters that are escaped or replaced, Cyrillic, CJK,
    /// surrogate pairs and lone surrogates, escaped over random ranges: the bytes equal
    /// the units path's string (the rule scalar by scalar), and so does a string's escape.
    @Test func randomTextEscapesAsTheStringPathDoes() {
        var rng = SeededGenerator(seed: 0x4854_4D4C)
        let pools: [[UInt16]] = [
            Array("The quick brown fox, jumps (over) 1 lazy dog.".utf16),
            [0x22, 0x26, 0x27, 0x3C, 0x3E, 0x0A, 0x09, 0x0D, 0x1B, 0x7F, 0x85, 0xA0],
            Array("привет мир".utf16), Array("天气很好".utf16), Array("👍🇺🇦".utf16),
            [0xD800, 0xDFFF, 0x202E, 0x2066, 0xFEFF],
        ]
        for _ in 0..<2_000 {
            var units: [UInt16] = []
            while units.count < 60 {
                let pool = pools[rng.below(pools.count)]
                let start = rng.below(pool.count)
                let length = 1 + rng.below(12)
                units += pool[start..<min(pool.count, start + length)]
            }
            let lower = rng.below(10)
            let upper = lower + rng.below(units.count - lower + 1)
            for newlines in [HTMLEscaping.Newlines.lineBreak, .keep, .space] {
                var expected = ""
                HTMLEscaping.append(units: units, range: lower..<upper, newlines: newlines, into: &expected)
                var bytes: [UInt8] = []
                units.withUnsafeBufferPointer {
                    HTMLEscaping.append(units: $0, range: lower..<upper, newlines: newlines, into: &bytes)
                }
                #expect(String(decoding: bytes, as: UTF8.self) == expected, "seed \(rng.seed)")
                // A string (no lone surrogates) escapes alike through `append(_:newlines:into:)`.
                let slice = Array(units[lower..<upper])
                if let string = String(validating: slice, as: UTF16.self) {
                    var viaString = ""
                    HTMLEscaping.append(string.unicodeScalars, newlines: newlines, into: &viaString)
                    #expect(viaString == expected, "seed \(rng.seed)")
                }
            }
        }
    }

    /// The UTF-8 test for text that needs no escaping agrees, scalar by scalar over all of
    /// Unicode, with what escaping does: a scalar is clean exactly when escaping leaves it
    /// as it is (each scalar tried between two letters).
    @Test func cleanOnItsBytesExactlyWhenEscapingChangesNothing() {
        var wrong: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var text = "a" + String(scalar) + "b"
            let clean = text.withUTF8(HTMLEscaping.isClean)
            let unchanged =
                !"&<>\"'".unicodeScalars.contains(scalar) && DisplaySafety.placeholder(for: scalar) == nil
                && scalar != "\n" && scalar != "\t"
            if clean != unchanged { wrong.append(String(value, radix: 16)) }
            if clean { #expect(HTMLEscaping.escape(text) == text) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    }

    /// `DisplaySafety.mayHoldUnsafe`, which passes over bytes sixteen at a time, against
    /// the placeholder test of every scalar: each scalar up to U+3000 and the supplementary
    /// planes' first, put in text of letters (Latin, Cyrillic, punctuation with 0xE2 lead
    /// bytes) at offsets on both sides of a vector's edge.
    @Test func unsafeScanAgreesWithThePlaceholderTestAtEveryOffset() {
        let filler = Array("ab\u{448}\u{2014}cd \u{44B}\u{2026}xyz\u{A0}qrstuvw\u{4E2D}".utf8)
        var wrong: [String] = []
        for value in Array(UInt32(0)...0x3000) + [0xFEFF, 0xFFFD, 0x1F600, 0x10000] {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = DisplaySafety.placeholder(for: scalar) != nil
            for offset in [0, 13, 14, 15, 16, 17, 30] {
                var bytes = Array(filler.prefix(offset))
                while !bytes.isEmpty, bytes.last! & 0xC0 == 0x80 || bytes.last! >= 0xC0 { bytes.removeLast() }
                bytes += Array(String(scalar).utf8) + filler
                let found = bytes.withUnsafeBufferPointer(DisplaySafety.mayHoldUnsafe)
                if found != expected { wrong.append("U+\(String(value, radix: 16)) at \(bytes.count - filler.count)") }
                // The same bytes after a prefix the scan may read but must not count: an
                // escape sequence, as the terminal output has before a fragment.
                let prefixed = [0x1B, 0x5B, 0x31, 0x6D] + bytes
                let after = prefixed.withUnsafeBufferPointer { DisplaySafety.mayHoldUnsafe($0, from: 4) }
                if after != expected { wrong.append("U+\(String(value, radix: 16)) after a prefix") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    }
}
