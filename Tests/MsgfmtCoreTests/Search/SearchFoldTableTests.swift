import TestSupport
import Testing

@testable import MsgfmtCore

/// `SearchFoldTable.scalars(of:_:)` reads only the units beyond ASCII of a text's UTF-16,
/// then the scalars beyond ASCII of a name; the two strings' scalars, kept once each in
/// order of first appearance, are the reference.
@Suite struct SearchFoldTableTests {
    @Test func scalarsMatchTheStringsOwn() {
        var random = SeededGenerator(seed: 20_261_127)
        let pieces = ["a", "Z ", "é", "ß", "привет", "שלום", "好", "🙈", "🇺🇦", "e\u{301}", "\u{FEFF}", "\u{10FFFF}", "\n", "\u{7F}"]
        var beyondASCII = 0
        for _ in 0..<5_000 {
            let texts = (0..<2).map { _ in
                (0..<random.below(12)).map { _ in pieces[random.below(pieces.count)] }.joined()
            }
            var seen = Set<UInt32>()
            var expected: [Unicode.Scalar] = []
            for text in texts {
                for s in text.unicodeScalars where !s.isASCII && seen.insert(s.value).inserted { expected.append(s) }
            }
            let scalars = SearchFoldTable.scalars(of: Array(texts[0].utf16), texts[1])
            #expect(scalars == expected, "\(texts)")
            if scalars != expected { return }
            beyondASCII += expected.isEmpty ? 0 : 1
        }
        #expect(beyondASCII > 4_000)
    }

    /// A lone surrogate among the units (which no Swift string holds) stands for U+FFFD, as
    /// the text's folding reads it; a pair is one scalar.
    @Test func surrogatesAreReadAsPairsOrReplaced() {
        let units: [UInt16] = [0x61, 0xD83D, 0xDE48, 0xD800, 0x62, 0xDC00, 0xD83D, 0xDE48]
        #expect(SearchFoldTable.scalars(of: units, "Zoë") == ["🙈", "\u{FFFD}", "ë"])
        #expect(SearchFoldTable.scalars(of: [], "Zoë") == ["ë"])
        #expect(SearchFoldTable.scalars(of: [], "") == [])
    }
}
