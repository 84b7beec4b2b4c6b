import TestSupport
import Testing

@testable import MsgfmtCore

/// The link checker's test for white space and controls, which reads ASCII by byte, says
/// what the Unicode property says.
@Suite struct LinkCheckerTests {
    /// The definition the byte test stands in for.
    static func byProperty(_ s: String) -> Bool {
        s.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 }
    }

    @Test func everyASCIICharacterAsUnicodeSaysAlone() {
        for value in 0..<0x80 {
            let s = "a\(Character(Unicode.Scalar(UInt8(value))))b"
            #expect(LinkChecker.hasSpaceOrControl(s) == Self.byProperty(s), "U+\(value)")
        }
    }

    @Test func randomTextAsUnicodeSays() {
        var random = SeededGenerator(seed: 0x1C)
        let pool: [Unicode.Scalar] = [
            "a", "/", ":", " ", "\t", "\u{7F}", "\u{85}", "\u{A0}", "\u{2028}", "\u{3000}", "é", "ж", "🙈", "\u{200B}", "\u{1}",
        ]
        for _ in 0..<20_000 {
            var s = ""
            for _ in 0..<random.below(8) { s.unicodeScalars.append(pool[random.below(pool.count)]) }
            #expect(LinkChecker.hasSpaceOrControl(s) == Self.byProperty(s), "\(s.unicodeScalars.map { $0.value })")
        }
    }

    @Test func linksStillCheckAsBefore() {
        #expect(LinkChecker.check("https://example.org/a b") == .invalid)
        #expect(LinkChecker.check("https://example.org/\u{A0}") == .invalid)
        #expect(LinkChecker.check("example.org") == .url("http://example.org/"))
        #expect(LinkChecker.check("https://пример.рф/путь") == .url("https://пример.рф/путь"))
    }
}
