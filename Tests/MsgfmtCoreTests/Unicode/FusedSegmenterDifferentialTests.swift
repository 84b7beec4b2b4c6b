import Foundation
import TestSupport
import Testing

@_spi(Testing) @testable import MsgfmtCore

/// The fused pass against the ICU path on random text: equal clusters, widths (both
/// models) and break opportunities. `MSGFMT_FUSED_STRINGS=1000000` runs a million strings
/// (the README states the last such run).
@Suite struct FusedSegmenterDifferentialTests {
    static let defaultCount = 20_000

    @Test func fusedPassEqualsICUOnRandomText() {
        let count = ProcessInfo.processInfo.environment["MSGFMT_FUSED_STRINGS"].flatMap(Int.init) ?? Self.defaultCount
        var rng = SeededGenerator(seed: 0x6675_7365_64)
        var decided = 0
        var failures = 0
        for index in 0..<count {
            let units = FusedTextGenerator.text(using: &rng)
            switch FusedSegmenterOracle.compare(units) {
            case .equal: decided += 1
            case .leftToICU: break
            case .differs(let what):
                failures += 1
                if failures <= 10 {
                    Issue.record("string \(index) \(FusedSegmenterOracle.hex(units)): \(what)")
                }
            }
        }
        #expect(failures == 0)
        // Most random text is decided without ICU (the rest holds SA/CB text, lone surrogates).
        #expect(decided * 10 > count * 6, "decided \(decided) of \(count)")
        print("FusedSegmenterDifferentialTests: \(count) strings, \(decided) decided by the fused pass, \(failures) differ")
    }

    @Test func corpusScriptsAreDecidedWithoutICU() {
        for sample in FusedTextGenerator.corpusSamples + ["Ελληνικά", "ქართული", "Հայերեն", "አማርኛ"] {
            let units = Array(sample.utf16)
            #expect(FusedSegmenterOracle.compare(units) == .equal, "\(sample)")
        }
    }

    @Test func dictionaryAndConjunctScriptsGoToICU() {
        for sample in ["ภาษาไทย", "ພາສາລາວ", "ភាសាខ្មែរ", "မြန်မာ", "हिन्दी", "தமிழ்"] {
            #expect(FusedSegmenter.segment(Array(sample.utf16), model: .modern) == nil, "\(sample)")
        }
    }

    /// The walk's loop over ASCII letters and spaces (`closeASCIIWords`) takes each letter
    /// for a plain letter without looking it up.
    @Test func asciiLettersArePlainLetters() {
        for value in Array(0x41...0x5A) + Array(0x61...0x7A) {
            #expect(CodePointTable.word(UInt32(value)) & CodePointTable.plainLetterBit != 0, "U+\(String(value, radix: 16))")
        }
    }

    /// Every code point the fast path takes (`plainLetterBit`, `plainIdeographBit`) next
    /// to itself, to letters, ideographs and spaces, against ICU.
    @Test func plainCharactersAgreeWithICU() {
        var checked = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let word = CodePointTable.word(value)
            guard word & (CodePointTable.plainLetterBit | CodePointTable.plainIdeographBit) != 0 else { continue }
            checked += 1
            // Each text holds the code point twice; a few stride through the rest.
            let p = Array(String(scalar).utf16)
            let texts: [[UInt16]] = [
                p + p, [0x61] + p + p + [0x61], [0x65E5] + p + [0x20] + p + [0x5D0], [0x20] + p + [0x20, 0x20] + p,
                p + [0x2C, 0x20] + p + [0x2E],
            ]
            for units in texts where checked % 8 == 0 || units.count == 2 * p.count {
                if case .differs(let what) = FusedSegmenterOracle.compare(units) {
                    Issue.record("U+\(String(value, radix: 16)): \(FusedSegmenterOracle.hex(units)): \(what)")
                }
            }
        }
        #expect(checked > 100_000)
    }

    /// A letter or ideograph after spaces takes the fast path whatever the spaces follow
    /// but opening punctuation (LB14 keeps it on the line): every ASCII character, hard
    /// breaks, marks, joiners, emoji, brackets and quotation marks of other scripts before
    /// one, two or three spaces, then a letter, an ideograph, a space or a digit, against
    /// ICU.
    @Test func lettersAfterSpacesAgreeWithICU() {
        var before: [[UInt16]] = (0x21...0x7E).map { [UInt16($0)] }
        before += [
            [0x0A], [0x0D], [0x0D, 0x0A], [0x0B], [0x0C], [0x85], [0x2028], [0x2029], [0x200B], [0x200D], [0x2060],
            [0xA0], [0x202F], [0x61, 0x0301], [0x0301], [0x61, 0x200D], [0xD83D, 0xDE00], [0xD83C, 0xDDFA], [0x300C],
            [0x300D], [0xFF08], [0xFF09], [0x201C], [0x201D], [0x00AB], [0x00BB], [0x2010], [0x05D0, 0x2D], [0x0600],
            [0x1100], [0xAC00], [0x3041], [0x30FC],
        ]
        let after: [[UInt16]] = [[0x61], [0x5D0], [0x0627], [0x65E5], [0x20], [0x31], [0x61, 0x62, 0x63], [0x65E5, 0x672C]]
        for prefix in [[], [0x61], [0x31], [0x28]] as [[UInt16]] {
            for b in before {
                for spaces in 1...3 {
                    for a in after {
                        let units = prefix + b + [UInt16](repeating: 0x20, count: spaces) + a + [0x2E]
                        if case .differs(let what) = FusedSegmenterOracle.compare(units) {
                            Issue.record("\(FusedSegmenterOracle.hex(units)): \(what)")
                        }
                    }
                }
            }
        }
    }

    /// Every string of ASCII letters and spaces up to nine long (`closeASCIIWords` takes
    /// the words and the spaces between them), then every string of letters, spaces,
    /// full stops and exclamation marks up to six long, after a letter, a digit or opening
    /// punctuation and before what may end or join its last word or spaces, against ICU.
    @Test func asciiWordsAndSpacesAgreeWithICU() {
        let before: [[UInt16]] = [[0x61], [0x5A, 0x79], [0xE9], [0x31], [0x28], [0x65E5]]
        let after: [[UInt16]] = [
            [], [0x61], [0x20], [0x2E], [0x2D], [0x29], [0x28], [0x31], [0x0301], [0x0A], [0x09], [0xE9], [0x65E5],
            [0x5D0], [0x200D], [0xA0], [0x0E01], [0xD83D, 0xDE00], [0x0301, 0x62],
        ]
        #expect(FusedSegmenterOracle.compareEvery([0x62, 0x20], upTo: 9, before: before, after: after) == 1022 * 6 * 19)
        // With the marks that may end a clause before spaces (`closeASCIIWords` takes them
        // too), six long: every string of four symbols.
        let marked = FusedSegmenterOracle.compareEvery(
            [0x62, 0x20, 0x2E, 0x21], upTo: 6, before: [before[0], before[3]], after: after.filter { $0.count <= 1 })
        #expect(marked == 5460 * 2 * 17)
    }

    /// Letters of other scripts and ideographs with spaces and clause marks between them
    /// (`crossSpaces` goes on across them to a letter of any script or an ideograph): every
    /// string of a Cyrillic letter, a space and a comma up to six long, of Hebrew, Arabic,
    /// Greek and ASCII letters and a space up to four, and of an ideograph, a Cyrillic
    /// letter, a space and a full stop up to five, after a letter, a digit, opening
    /// punctuation or an ideograph and before what may end or join the last word or spaces,
    /// against ICU.
    @Test func wordsOfEveryScriptAcrossSpacesAgreeWithICU() {
        let before: [[UInt16]] = [[0x0431], [0x61], [0x31], [0x28], [0x65E5], [0x05D0, 0x05B8]]
        let after: [[UInt16]] = [
            [], [0x0432], [0x20], [0x2E], [0x2D], [0x29], [0x28], [0x31], [0x0301], [0x0A], [0x09], [0x65E5], [0x05D1],
            [0x200D], [0xA0], [0x0E01], [0xD83D, 0xDE00], [0x0301, 0x62], [0x0915, 0x094D],
        ]
        #expect(FusedSegmenterOracle.compareEvery([0x0431, 0x20, 0x2C], upTo: 6, before: before, after: after) == 1092 * 6 * 19)
        let mixed = FusedSegmenterOracle.compareEvery([0x05D0, 0x0628, 0x03B1, 0x62, 0x20], upTo: 4, before: before, after: after)
        #expect(mixed == 780 * 6 * 19)
        let ideographs = FusedSegmenterOracle.compareEvery([0x65E5, 0x0431, 0x20, 0x2E], upTo: 5, before: before, after: after)
        #expect(ideographs == 1364 * 6 * 19)
    }

    /// The walk reads cluster boundaries from `graphemeJoins` unless the code point before
    /// is ZWJ (17) or a regional indicator (12): for every other property the answer
    /// must not depend on the walk's state (regional run, pictograph sequence, word).
    @Test func graphemeJoinsNeedNoStateOutsideZWJAndRegionalIndicators() {
        for a in UInt32(0)..<32 where a != 17 && a != 12 {
            for b in UInt32(0)..<32 {
                let joined = FusedSegmenter.graphemeJoins[Int(a)] & (1 << b) != 0
                for run in UInt32(0)...3 {
                    for pictographic in UInt8(0)...2 {
                        for word in [0, 1 << 14] as [UInt32] {
                            let boundary = FusedSegmenter.graphemeBoundary(
                                a, b, regionalRun: run, pictographic: pictographic, word: word)
                            #expect(boundary == !joined, "\(a) \(b) run \(run) pictographic \(pictographic)")
                        }
                    }
                }
            }
        }
        // ZWJ then a pictograph after a pictograph sequence: no boundary (GB11), which the
        // table alone cannot say.
        #expect(!FusedSegmenter.graphemeBoundary(17, 0, regionalRun: 0, pictographic: 2, word: 1 << 14))
        #expect(FusedSegmenter.graphemeJoins[17] & 1 == 0)
    }

    @Test func conformanceFilesAgreeWithICU() throws {
        for name in ["GraphemeBreakTest.txt", "LineBreakTest.txt"] {
            let cases = try #require(UnicodeTestFile.cases(name), "install Debian's unicode-data package")
            for testCase in cases {
                if case .differs(let what) = FusedSegmenterOracle.compare(testCase.units) {
                    Issue.record("\(name) line \(testCase.line) (\(testCase.hex)): \(what)")
                }
            }
        }
    }
}

/// Compares the fused pass with the ICU path on one text.
enum FusedSegmenterOracle {
    enum Outcome: Equatable {
        case equal
        case leftToICU
        case differs(String)

        static func == (a: Outcome, b: Outcome) -> Bool {
            switch (a, b) {
            case (.equal, .equal), (.leftToICU, .leftToICU), (.differs, .differs): return true
            default: return false
            }
        }
    }

    static func compare(_ units: [UInt16]) -> Outcome {
        switch FusedSegmenterCheck.compare(units) {
        case .equal: .equal
        case .leftToICU: .leftToICU
        case .differs(let what): .differs(what)
        }
    }

    static func hex(_ units: [UInt16]) -> String {
        String(decoding: units, as: UTF16.self).unicodeScalars.map { String(format: "%04X", $0.value) }.joined(separator: " ")
    }

    /// Compares every string of `symbols` up to `longest` long, between each of
    /// `before` and each of `after`, with ICU; returns how many were compared.
    static func compareEvery(_ symbols: [UInt16], upTo longest: Int, before: [[UInt16]], after: [[UInt16]]) -> Int {
        var compared = 0
        for length in 1...longest {
            // The strings of `length` symbols, counting in base `symbols.count`.
            var digits = [Int](repeating: 0, count: length)
            while true {
                let middle = digits.map { symbols[$0] }
                for b in before {
                    for a in after {
                        let units = b + middle + a
                        compared += 1
                        if case .differs(let what) = FusedSegmenterOracle.compare(units) {
                            Issue.record("\(FusedSegmenterOracle.hex(units)): \(what)")
                        }
                    }
                }
                var p = 0
                while p < length {
                    digits[p] += 1
                    if digits[p] < symbols.count { break }
                    digits[p] = 0
                    p += 1
                }
                if p == length { break }
            }
        }
        return compared
    }
}
