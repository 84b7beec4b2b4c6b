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
}
