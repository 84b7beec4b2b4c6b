import Foundation
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

    /// Many distinct scalars beyond the Basic Multilingual Plane (a table of the call's
    /// own) and of it (the thread's bit table, which must be clear after every call), each
    /// twice, on several threads at once: each call finds its own text's scalars.
    @Test func manyScalarsOnManyThreadsAreEachKeptOnce() {
        let texts = (0..<8).map { t in
            let scalars = (0..<3_000).map { k in Unicode.Scalar(UInt32(k % 2 == 0 ? 0x1F000 + 7 * k + t : 0x4E00 + 5 * k + t))! }
            var text = ""
            for s in scalars + scalars.reversed() { text.unicodeScalars.append(s) }
            return (units: Array(text.utf16), expected: scalars)
        }
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 64)
        defer { results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: 64) { k in
            let (units, expected) = texts[k % 8]
            results[k] = SearchFoldTable.scalars(of: units, "Zoë") == expected + ["ë"]
        }
        #expect(results.allSatisfy { $0 })
    }
}
