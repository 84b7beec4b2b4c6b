import Testing

@testable import MsgfmtCore

@Suite struct BidiTests {
    @Test func latinTextIsOneLTRRunWithoutICU() {
        let text = UTF16Text("hello, world")
        #expect(!BidiParagraph.needsICU(text.units[...]))
        let para = BidiParagraph(text.units[...])
        #expect(para.paragraphLevel == 0)
        #expect(para.runs == [BidiRun(start: 0, end: 12, level: 0)])
    }

    /// The table-driven check answers what ICU's flags answer, for every scalar.
    @Test func needsICUMatchesICUForEveryScalar() {
        var mismatches = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let explicit = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            let expected = value >= 0x590 && (explicit || ScalarFlags.of(scalar).contains(.strongRTL))
            let units = Array(String(scalar).utf16)
            if BidiParagraph.needsICU(units[...]) != expected {
                mismatches += 1
                if mismatches <= 5 { Issue.record("U+\(String(value, radix: 16)): expected \(expected)") }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func hebrewParagraphIsRTLWithEmbeddedLatin() {
        let text = UTF16Text("שלום abc עולם")
        let para = BidiParagraph(text.units[...])
        #expect(para.isRTL)
        #expect(
            para.runs == [
                BidiRun(start: 0, end: 5, level: 1), BidiRun(start: 5, end: 8, level: 2),
                BidiRun(start: 8, end: 13, level: 1),
            ])
    }

    @Test func explicitDirectionWins() {
        let text = UTF16Text("abc")
        #expect(BidiParagraph(text.units[...], direction: .rtl).paragraphLevel == 1)
        #expect(BidiParagraph(UTF16Text("שלום").units[...], direction: .ltr).paragraphLevel == 0)
    }

    @Test func visualOrderReversesRTLRuns() {
        #expect(BidiParagraph.visualOrder(levels: [0, 0, 1, 1, 1, 0]) == [0, 1, 4, 3, 2, 5])
        #expect(BidiParagraph.visualOrder(levels: [1, 1, 2, 2, 1]) == [4, 2, 3, 1, 0])
        #expect(BidiParagraph.visualOrder(levels: []) == [])
    }
}
