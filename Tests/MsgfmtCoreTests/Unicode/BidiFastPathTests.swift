import CByteScan
import CICU
import Foundation
import TestSupport
import Testing

@_spi(Testing) @testable import MsgfmtCore

/// msgfmt's bidi pass for text without explicit formatting characters against ICU's
/// ubidi: equal levels for every unit and equal paragraph levels, in all three base
/// directions, on random text mixing every bidi class the pass handles, paired brackets
/// included.
/// `MSGFMT_BIDI_STRINGS=1000000` runs a million strings.
@Suite struct BidiFastPathTests {
    /// Code points by bidi class, the brackets and marks the rules single out included.
    static let pools: [[UInt32]] = [
        Array(0x61...0x7A) + [0x4E2D, 0x65E5, 0x200E],  // L
        Array(0x5D0...0x5EA) + [0x200F],  // R
        Array(0x627...0x64A) + [0x61C],  // AL
        Array(0x30...0x39) + [0x6F0, 0x2070],  // EN
        Array(0x660...0x669) + [0x66B],  // AN
        [0x2B, 0x2D, 0x207A],  // ES
        [0x23, 0x24, 0x25, 0xB0, 0x20AC],  // ET
        [0x2C, 0x2E, 0x2F, 0x3A, 0xA0],  // CS
        [0x20, 0x20, 0x20, 0x2003],  // WS
        [0x09, 0x1F],  // S
        [0x0A, 0x0D, 0x2029, 0x1C],  // B
        [0x21, 0x22, 0x26, 0x27, 0x2A, 0x3B, 0x3F, 0x40, 0x7E, 0x1F600, 0x2665],  // ON
        [0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0xAB, 0xBB, 0x2329, 0x232A, 0x3008, 0x3009, 0xFF08, 0xFF09],  // brackets
        [0x301, 0x5B0, 0x64B, 0xFE0F, 0x20E3],  // NSM
        [0x200D, 0x200C, 0xAD, 0xFEFF, 0x2060],  // BN
    ]

    static let separatorPool = 10
    static let bracketPool = 12

    static func text(using rng: inout SeededGenerator) -> [UInt16] {
        let length = Int.random(in: 0...40, using: &rng)
        // Half the texts hold no bracket and no paragraph separator (what the pass
        // decides); some lean on a few classes, so runs of them (numbers, marks) form.
        let usable = Bool.random(using: &rng) ? pools.indices.filter { $0 != bracketPool && $0 != separatorPool } : Array(pools.indices)
        let classes = (0..<Int.random(in: 2...6, using: &rng)).map { _ in usable.randomElement(using: &rng)! }
        var units: [UInt16] = []
        for _ in 0..<length {
            let pool = pools[Bool.random(using: &rng) ? classes.randomElement(using: &rng)! : usable.randomElement(using: &rng)!]
            units.append(contentsOf: Array(String(Unicode.Scalar(pool.randomElement(using: &rng)!)!).utf16))
        }
        return units
    }

    /// Nil when both agree (or the pass leaves the text to ICU), else what differs
    /// (`BidiParagraph.ownPassComparison`); `decided` counts the texts the pass answered.
    static func difference(_ units: [UInt16], base: Int32, decided: inout Int) -> String? {
        switch BidiParagraph.ownPassComparison(units, base: base) {
        case .leftToICU: return nil
        case .equal:
            decided += 1
            return nil
        case .differs(let what):
            decided += 1
            return what
        }
    }

    @Test func fastPassEqualsICUOnRandomText() {
        let count = ProcessInfo.processInfo.environment["MSGFMT_BIDI_STRINGS"].flatMap(Int.init) ?? 30_000
        var rng = SeededGenerator(seed: 0x6269_6469)
        var failures = 0
        var decided = 0
        for index in 0..<count {
            let units = Self.text(using: &rng)
            for base: Int32 in [-1, 0, 1] {
                guard let what = Self.difference(units, base: base, decided: &decided) else { continue }
                failures += 1
                if failures <= 10 { Issue.record("string \(index) \(FusedSegmenterOracle.hex(units)): \(what)") }
            }
        }
        #expect(failures == 0)
        #expect(decided * 2 > count * 3 / 2, "decided \(decided) of \(3 * count)")
        print("BidiFastPathTests: \(count) strings in 3 directions, \(decided) decided without ubidi, \(failures) differ")
    }

    /// Every sequence of bidi classes in Unicode's BidiTest.txt, each class written as one
    /// character of it, in the directions the line lists (bit 1 auto, 2 LTR, 4 RTL).
    @Test func bidiTestSequencesAgreeWithICU() throws {
        let lines = try #require(UnicodeTestFile.dataLines("BidiTest.txt"), "install Debian's unicode-data package")
        let characters: [Substring: UInt16] = [
            "L": 0x61, "R": 0x5D0, "AL": 0x627, "EN": 0x31, "ES": 0x2B, "ET": 0x23, "AN": 0x660, "CS": 0x2C,
            "NSM": 0x300, "BN": 0xAD, "B": 0x2029, "S": 0x09, "WS": 0x20, "ON": 0x21, "LRE": 0x202A, "LRO": 0x202D,
            "RLE": 0x202B, "RLO": 0x202E, "PDF": 0x202C, "LRI": 0x2066, "RLI": 0x2067, "FSI": 0x2068, "PDI": 0x2069,
        ]
        var decided = 0
        var failures = 0
        for (number, line) in lines where !line.hasPrefix("@") {
            let fields = line.split(separator: ";")
            guard fields.count == 2, let bits = Int(fields[1].trimmingCharacters(in: .whitespaces)) else { continue }
            let units = fields[0].split(separator: " ").compactMap { characters[$0] }
            for (bit, base) in [(1, Int32(-1)), (2, 0), (4, 1)] where bits & bit != 0 {
                guard let what = Self.difference(units, base: base, decided: &decided) else { continue }
                failures += 1
                if failures <= 10 { Issue.record("line \(number) \(fields[0]): \(what)") }
            }
        }
        #expect(failures == 0)
        #expect(decided > 100_000, "decided \(decided)")
    }

    /// Paired brackets (rule N0) are resolved by the pass, with ICU's levels; angle brackets
    /// with canonical equivalents and brackets nested deeper than BD16's 63 go to ICU.
    @Test func bracketsAreResolvedByThePassAsICUResolvesThem() {
        /// Whether the pass decides `text` itself, and how its levels differ from ICU's (nil:
        /// equal, or left to ICU).
        func checked(_ text: String, base: Int32 = -1) -> (decided: Bool, difference: String?) {
            var decided = 0
            let difference = Self.difference(Array(text.utf16), base: base, decided: &decided)
            return (decided == 1, difference)
        }
        // N0b, N0c1 (context before the bracket), N0c2, N0d, nested and unmatched pairs.
        for text in [
            "abc (\u{5D0}\u{5D1}) def", "\u{5D0} (abc) \u{5D1}", "\u{5D0}\u{5D1} (abc)", "abc (\u{5D0}) [x] {\u{5D1}",
            "\u{627} [(a) \u{628}] c", "a ((b) \u{5D0}) ] (", "\u{5D0} (1) \u{5D1}", "a (\u{660}) b",
        ] {
            for base: Int32 in [-1, 0, 1] {
                let (decided, difference) = checked(text, base: base)
                #expect(decided, "\(text)")
                #expect(difference == nil, "\(text) base \(base)")
            }
        }
        #expect(!checked("\u{5D0} \u{2329}a\u{232A} b").decided)
        #expect(!checked("\u{5D0} \u{3008}a\u{3009} b").decided)
        let deep = "\u{5D0} " + String(repeating: "(", count: 64) + "a" + String(repeating: ")", count: 64)
        #expect(!checked(deep).decided)
        let deepest = "\u{5D0} " + String(repeating: "(", count: 63) + "a" + String(repeating: ")", count: 63)
        let (decided, difference) = checked(deepest)
        #expect(decided)
        #expect(difference == nil)
    }

    /// The left-to-right stretches the pass sets to level 0 without the rules (before the
    /// first R, AL or AN after an L; after the last one from the next L on) next to what
    /// would change their levels: a bracket open across either end, the BN before the first
    /// right-to-left letter, numbers, marks and spaces at the edges, separators after.
    @Test func leftToRightEndsAgreeWithICU() {
        for text in [
            "abc \u{5D0} (\u{5D1} def) ghi", "abc (def \u{5D0}) ghi", "ab (c [\u{5D0}] d) e", "a (b) \u{5D0} (c) d",
            "x \u{200D}\u{5D0} y", "x\u{AD}\u{200D} \u{5D0}\u{200D} y\u{AD}", "a 1 \u{660} 2 b", "a \u{5D0} 1, 2 b",
            "a $ \u{627}1 % b", "a\u{301} \u{5D0}\u{5B0} b\u{301}", "a \u{5D0}  \t b  ", "a \u{5D0} b\n",
            "a \u{5D0}) b (c", "a ( \u{5D0} b", "1 2 \u{5D0} 3 4", "\u{5D0} a \u{5D1} b", "a \u{1F600}\u{5D0} \u{1F600}b",
        ] {
            for base: Int32 in [-1, 0, 1] {
                var decided = 0
                let difference = Self.difference(Array(text.utf16), base: base, decided: &decided)
                #expect(difference == nil, "\(text.debugDescription) base \(base): \(difference ?? "")")
            }
        }
    }

    /// Texts of hundreds of units made of words, runs of one class up to 80 code points
    /// long (past the pass's short fill), from the same pools: levels equal to ICU's, the
    /// runs the pass joins into one entry included.
    @Test func longTextsOfWordsAgreeWithICU() {
        var rng = SeededGenerator(seed: 0x6C6F_6E67)
        let usable = Self.pools.indices.filter { $0 != Self.bracketPool && $0 != Self.separatorPool }
        var decided = 0
        var failures = 0
        for index in 0..<2_000 {
            var units: [UInt16] = []
            let classes = (0..<Int.random(in: 2...5, using: &rng)).map { _ in usable.randomElement(using: &rng)! }
            let length = Int.random(in: 100...900, using: &rng)
            while units.count < length {
                let pool = Self.pools[
                    Int.random(in: 0..<4, using: &rng) == 0 ? usable.randomElement(using: &rng)! : classes.randomElement(using: &rng)!]
                let run =
                    Int.random(in: 0..<8, using: &rng) == 0 ? Int.random(in: 30...80, using: &rng) : Int.random(in: 1...6, using: &rng)
                for _ in 0..<run { units.append(contentsOf: String(Unicode.Scalar(pool.randomElement(using: &rng)!)!).utf16) }
            }
            for base: Int32 in [-1, 0, 1] {
                guard let what = Self.difference(units, base: base, decided: &decided) else { continue }
                failures += 1
                if failures <= 5 { Issue.record("text \(index) \(FusedSegmenterOracle.hex(units)): \(what)") }
            }
        }
        #expect(failures == 0)
        #expect(decided > 5_000, "decided \(decided)")
    }

    /// The units `needsICU` passes over without a lookup (`msgfmt_byte_scan_may_be_rtl_unit`
    /// says no) are never of a class that can leave level 0 in a left-to-right paragraph:
    /// for every BMP code point it passes over, ICU's bidi class is none of R, AL, AN and
    /// the explicit embeddings, overrides and isolates, and the code-point table that
    /// `needsICU` looks the others up in has it neither strong right-to-left nor an Arabic
    /// number. The scan stops at exactly the units the one-unit test says yes to, at every
    /// offset inside and after its vectors.
    @Test func unitsPassedOverNeverLeaveLevelZero() {
        // UCharDirection: R, AN, LRE, LRO, AL, RLE, RLO, PDF, FSI, LRI, RLI, PDI.
        let leaving: Set<UInt32> = [1, 5, 11, 12, 13, 14, 15, 16, 19, 20, 21, 22]
        var passedOver = 0
        for value in UInt32(0)...0xFFFF where !(0xD800...0xDFFF).contains(value) {
            let unit = UInt16(value)
            // At every offset of the vectors and the units after them, by turns.
            let at = Int(value % 23)
            var units = [UInt16](repeating: 0x61, count: 23)
            units[at] = unit
            let stop = units.withUnsafeBufferPointer { msgfmt_byte_scan_may_be_rtl($0.baseAddress!, 0, 23) }
            let flagged = msgfmt_byte_scan_may_be_rtl_unit(unit) != 0
            #expect(stop == (flagged ? at : 23), "U+\(String(value, radix: 16)) at \(at)")
            if flagged { continue }
            passedOver += 1
            #expect(!leaving.contains(msgfmt_icu_bidi_class(value)), "U+\(String(value, radix: 16)) is passed over")
            let word = CodePointTable.word(value, CodePointTable.stages)
            #expect(
                word & (ScalarFlags.strongRTL.rawValue << 12) == 0 && !BidiParagraph.isArabicNumber(value), "U+\(String(value, radix: 16))")
        }
        #expect(passedOver > 60_000)
    }

    @Test func explicitFormattingIsLeftToICU() {
        for value: UInt16 in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
            let units: [UInt16] = [0x61, value, 0x5D0]
            var levels = [UInt8](repeating: 0, count: 3)
            let level = units.withUnsafeBufferPointer { u in
                levels.withUnsafeMutableBufferPointer { msgfmt_bidi_levels(u.baseAddress, 3, -1, $0.baseAddress, nil) }
            }
            #expect(level == -2, "U+\(String(value, radix: 16))")
        }
    }
}
