import TestSupport
import Testing

@testable import MsgfmtCore

/// `--to telegram-html` writes a message's text as UTF-8 straight from its UTF-16 units
/// (`TelegramHTMLEncoder.appendEscaped`); the string escaper it replaced, `escape(_:)`,
/// stays the reference.
@Suite struct TelegramHTMLEscapingTests {
    private func escaped(_ units: [UInt16]) -> String {
        var out: [UInt8] = []
        units.withUnsafeBufferPointer { TelegramHTMLEncoder.appendEscaped($0, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func spellsWhatItEscapes() {
        #expect(escaped(Array("a<b>&\"c'".utf16)) == "a&lt;b&gt;&amp;\"c'")
        #expect(escaped([0x00, 0x09, 0x0A, 0x0D, 0x1B, 0x7F, 0x85, 0x9F, 0xA0]) == " \t\n&#13;&#27;&#127;&#133;&#159;\u{A0}")
        #expect(escaped([0xD83D, 0xDE00, 0xD83D, 0x41]) == "😀\u{FFFD}A")
        #expect(escaped([]).isEmpty)
    }

    /// Random units — ASCII with the escaped characters, controls of both ranges, letters
    /// of other scripts, paired and lone surrogates — escape as the string escaper escapes
    /// the string they make.
    @Test func escapesAsTheStringEscaperDoes() {
        let pool: [UInt16] = [
            0x41, 0x7A, 0x20, 0x26, 0x3C, 0x3E, 0x22, 0x27, 0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x7F, 0x80, 0x9F, 0xA0, 0xE9, 0x5D0,
            0x4E2D, 0xFFFD, 0xD83D, 0xDE00, 0xDC00,
        ]
        var rng = SeededGenerator(seed: 0x7E1E)
        for _ in 0..<3_000 {
            let units = (0..<Int.random(in: 0...40, using: &rng)).map { _ in pool.randomElement(using: &rng)! }
            #expect(escaped(units) == TelegramHTMLEncoder.escape(String(decoding: units, as: UTF16.self)), "\(units)")
        }
    }
}
