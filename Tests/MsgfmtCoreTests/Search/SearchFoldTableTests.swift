import TestSupport
import Testing

@testable import MsgfmtCore

/// `SearchFoldTable.scalars(of:)` decodes only the bytes beyond ASCII of the texts' UTF-8;
/// the texts' scalars, kept once each in order of first appearance, are the reference.
@Suite struct SearchFoldTableTests {
    @Test func scalarsMatchTheStringsOwn() {
        var random = SeededGenerator(seed: 20_261_127)
        let pieces = ["a", "Z ", "é", "ß", "привет", "שלום", "好", "🙈", "🇺🇦", "e\u{301}", "\u{FEFF}", "\u{10FFFF}", "\n", "\u{7F}"]
        var beyondASCII = 0
        for _ in 0..<5_000 {
            let texts = (0..<(1 + random.below(3))).map { _ in
                (0..<random.below(12)).map { _ in pieces[random.below(pieces.count)] }.joined()
            }
            var seen = Set<UInt32>()
            var expected: [Unicode.Scalar] = []
            for text in texts {
                for s in text.unicodeScalars where !s.isASCII && seen.insert(s.value).inserted { expected.append(s) }
            }
            let scalars: [Unicode.Scalar]
            switch texts.count {
            case 1: scalars = SearchFoldTable.scalars(of: texts[0])
            case 2: scalars = SearchFoldTable.scalars(of: texts[0], texts[1])
            default: scalars = SearchFoldTable.scalars(of: texts[0], texts[1], texts[2])
            }
            #expect(scalars == expected, "\(texts)")
            if scalars != expected { return }
            beyondASCII += expected.isEmpty ? 0 : 1
        }
        #expect(beyondASCII > 4_000)
    }
}
