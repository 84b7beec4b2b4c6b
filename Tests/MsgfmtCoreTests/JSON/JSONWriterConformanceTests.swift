import TestSupport
import Testing

@testable import MsgfmtCore

/// The JSON writer's escaping and numbers: what it writes parses back to the same value,
/// and nothing unsafe for a terminal, HTML or JSON Lines is ever written raw.
@Suite struct JSONWriterConformanceTests {
    static let scalars: [Unicode.Scalar] = [
        "a", "<", ">", "&", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1B}",
        "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "é", "\u{2027}",
        "\u{2028}", "\u{2029}", "中", "😀", "\u{FFFD}",
    ]

    @Test func escapedStringsParseBackAndStayOnOneSafeLine() throws {
        var rng = SeededGenerator(seed: 0x6a77_7269)
        for _ in 0..<3000 {
            var view = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...16, using: &rng) { view.append(Self.scalars.randomElement(using: &rng)!) }
            let value = String(view)
            var w = JSONWriter()
            w.string(value)
            #expect(try JSONParser.parse(w.bytes) == .string(value), "seed \(rng.seed) \(value.debugDescription)")
            let unsafe = w.string.unicodeScalars.contains {
                $0.value < 0x20 || $0 == "<" || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}"
            }
            #expect(!unsafe, "seed \(rng.seed) wrote \(w.string.debugDescription)")
        }
    }

    @Test func exactEscapes() {
        var w = JSONWriter()
        w.string("a<b\u{1B}\u{85}\u{2028}\"\\\n\u{7F}é")
        #expect(w.string == #""a\u003cb\u001b\u0085\u2028\"\\\n\u007fé""#)
    }

    /// `string(utf16:)` writes what `string(_:)` writes for the string of the units: every
    /// BMP unit alone, behind and ahead of ASCII at offsets either side of the eight-unit
    /// block (the escapes, the C1 range's ends, U+2028/U+2029 and their neighbours, lone
    /// surrogates), and random runs of the scalars above with lone surrogates among them.
    @Test func utf16StringsWriteWhatTheirStringWrites() {
        func check(_ units: [UInt16]) -> Bool {
            var fast = JSONWriter()
            units.withUnsafeBufferPointer { fast.string(utf16: $0) }
            var reference = JSONWriter()
            reference.string(String(decoding: units, as: UTF16.self))
            return fast.bytes == reference.bytes
        }
        for unit in 0...0xFFFF {
            for at in [0, 7, 8, 11] {
                var units = [UInt16](repeating: 0x61, count: 12)
                units[at] = UInt16(unit)
                guard check(units) else {
                    Issue.record("unit 0x\(String(unit, radix: 16)) at \(at)")
                    return
                }
            }
        }
        #expect(check([]))
        var rng = SeededGenerator(seed: 0x7574_6631)
        for _ in 0..<3000 {
            var units: [UInt16] = []
            for _ in 0..<Int.random(in: 0...40, using: &rng) {
                switch Int.random(in: 0..<8, using: &rng) {
                case 0: units.append(UInt16.random(in: 0xD800...0xDFFF, using: &rng))
                default: units.append(contentsOf: Character(Self.scalars.randomElement(using: &rng)!).utf16)
                }
            }
            #expect(check(units), "\(units)")
        }
    }

    @Test func integersOfEveryWidth() {
        let values: [Int64] = [0, 7, -7, 10, 99, 100, -100, 1_234_567_890, Int64.max, Int64.min]
        for v in values {
            var w = JSONWriter()
            w.number(v)
            #expect(w.string == String(v))
        }
        var w = JSONWriter()
        w.number(UInt64.max)
        w.comma()
        w.number(UInt8(255))
        #expect(w.string == "18446744073709551615,255")
    }

    /// Members written through a `Cursor` in one piece of room are what the one-call-each
    /// writer gives, for random integers of every width and sign.
    @Test func cursorWritesWhatTheWriterWrites() {
        var rng = SeededGenerator(seed: 0xC0_5502)
        var values: [Int64] = [0, 9, 10, -1, -10, Int64.max, Int64.min, Int64.min + 1]
        for _ in 0..<4000 {
            let bits = Int.random(in: 1...63, using: &rng)
            values.append(Int64.random(in: -(1 << (bits - 1))...((1 << (bits - 1)) - 1), using: &rng))
        }
        for k in stride(from: 0, to: values.count - 1, by: 2) {
            var byCursor = JSONWriter()
            byCursor.raw("[")
            byCursor.appending(upTo: 3 + 2 * JSONWriter.Cursor.integerRoom) { c in
                c.integer(values[k])
                c.raw(",")
                c.integer(values[k + 1])
                c.raw("]")
            }
            var byCall = JSONWriter()
            byCall.raw("[")
            byCall.number(values[k])
            byCall.comma()
            byCall.number(values[k + 1])
            byCall.raw("]")
            #expect(byCursor.string == byCall.string && byCall.string == "[\(values[k]),\(values[k + 1])]")
        }
    }

    /// The eight-byte scan for bytes that may need escaping stops exactly where the
    /// byte-by-byte test first says so, from every start, on bytes rich in the flagged
    /// ones and their neighbours (0x02/0x22, 0xC2/0xE2 differ by the bit the scan folds).
    @Test func eightByteScanStopsWhereTheByteTestDoes() {
        let alphabet: [UInt8] = [
            0x61, 0x20, 0x1F, 0x00, 0x02, 0x21, 0x22, 0x23, 0x3B, 0x3C, 0x3D, 0x5B, 0x5C, 0x5D, 0x5F, 0x7E, 0x7F,
            0x80, 0xA0, 0xA8, 0xC1, 0xC2, 0xC3, 0xD0, 0xE1, 0xE2, 0xE3, 0xF0, 0xFF,
        ]
        var rng = SeededGenerator(seed: 0x7363_616e)
        for _ in 0..<4000 {
            let bytes = (0..<Int.random(in: 0...40, using: &rng)).map { _ in
                Int.random(in: 0..<4, using: &rng) == 0 ? alphabet.randomElement(using: &rng)! : 0x61
            }
            bytes.withUnsafeBufferPointer { utf8 in
                for start in 0...utf8.count {
                    let expected = (start..<utf8.count).first { JSONWriter.mayNeedEscape(utf8[$0]) } ?? utf8.count
                    #expect(JSONWriter.firstMayNeedEscape(utf8, from: start) == expected, "\(bytes) from \(start)")
                }
            }
        }
    }
}
