import CICU
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

    /// The check answers, for every scalar, whether ubidi puts some of `s s` (the scalar
    /// twice, a space between) at a level other than 0 in a left-to-right paragraph —
    /// right-to-left letters at 1; Arabic numbers at 2 and the space between two at 1 —
    /// or it is an explicit embedding, override or isolate (removed, but they change
    /// what follows). Text made only of scalars it answers false for is all at level 0:
    /// without R, AL, AN or explicit codes nothing can leave level 0.
    @Test func needsICUMatchesICUForEveryScalar() {
        var mismatches = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let explicit = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            let pair = Array((String(scalar) + " " + String(scalar)).utf16)
            var levels = [UInt8](repeating: 0, count: pair.count)
            let status = pair.withUnsafeBufferPointer { u in
                levels.withUnsafeMutableBufferPointer { msgfmt_icu_bidi_levels(u.baseAddress, Int32(u.count), 0, $0.baseAddress) }
            }
            let expected = explicit || (status >= 0 && levels.contains { $0 != 0 })
            let units = Array(String(scalar).utf16)
            if BidiParagraph.needsICU(units[...]) != expected {
                mismatches += 1
                if mismatches <= 5 { Issue.record("U+\(String(value, radix: 16)): expected \(expected)") }
            }
        }
        #expect(mismatches == 0)
    }

    /// Latin text before and after a scalar is passed over eight units at a time: the
    /// answer for the whole is the scalar's own, wherever it falls against the vectors.
    @Test func needsICUFindsAScalarAnywhereInLatinText() {
        let scalars =
            (0x0570...0x0900).compactMap(Unicode.Scalar.init) + [
                "\u{200F}", "\u{202B}", "\u{2067}", "\u{FB1D}", "\u{FE70}", "\u{10D30}", "\u{1E900}", "\u{1F600}", "é", "ж",
            ]
        for scalar in scalars {
            let alone = BidiParagraph.needsICU(Array(String(scalar).utf16)[...])
            for before in 0..<18 {
                for after in [0, 1, 9] {
                    let text = String(repeating: "a", count: before) + String(scalar) + String(repeating: "ж", count: after)
                    let units = Array(text.utf16)
                    #expect(BidiParagraph.needsICU(units[...]) == alone, "U+\(String(scalar.value, radix: 16)) after \(before)")
                    // A slice that leaves the scalar out never needs ICU.
                    #expect(!BidiParagraph.needsICU(units[..<before]))
                }
            }
        }
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
