import CICU
import TestSupport
import Testing

@testable import MsgfmtCore

/// Search folding and matching at word starts.
@Suite struct FoldedTextTests {
    static func folded(_ text: String) -> String {
        String(decoding: FoldedText(text).units, as: UTF16.self)
    }

    @Test(arguments: [
        ("Hello  World", "hello world"),
        ("  two\n\tlines \u{2028} ", "two lines"),
        ("Zoë ÉCOLE Crème", "zoe ecole creme"),
        ("Straße", "strasse"),
        ("ﬁle", "file"),
        ("ＡＢＣ１２３", "abc123"),
        ("İstanbul", "istanbul"),
        ("ΟΔΥΣΣΕΥΣ ὀδυσσεύς", "οδυσσευσ οδυσσευσ"),
        ("Ӑ Й й", "а и и"),
        ("soft\u{00AD}hyphen zero\u{200B}width", "softhyphen zerowidth"),
        ("❤️", "❤"),
        ("مَرْحَبًا", "مرحبا"),
        ("שָׁלוֹם", "שלום"),
    ])
    func folds(_ input: String, _ expected: String) {
        #expect(Self.folded(input) == expected)
    }

    /// Runs of white space become one space and none is left at the ends, white space
    /// being exactly Unicode's White_Space: every unit of the Basic Multilingual Plane
    /// alone, between letters, and doubled.
    @Test func collapsesExactlyWhiteSpace() {
        for unit in UInt16(0)...0xFFFF where !(0xD800...0xDFFF).contains(unit) {
            let space = Unicode.Scalar(unit)!.properties.isWhitespace
            let a: UInt16 = 0x61  // "a"
            #expect(FoldedText.collapsingSpaces([unit]) == (space ? [] : [unit]), "U+\(String(unit, radix: 16))")
            #expect(FoldedText.collapsingSpaces([a, unit, unit, a]) == (space ? [a, 0x20, a] : [a, unit, unit, a]))
            // Past the first eight units, where the scan tests eight at a time.
            let long = [UInt16](repeating: a, count: 11) + [unit] + [UInt16](repeating: a, count: 9)
            #expect(FoldedText.collapsingSpaces(long) == (space ? Array(long[..<11]) + [0x20] + long[12...] : long))
        }
    }

    /// Random runs of letters and white space (and units near it that are not), against
    /// collapsing them one unit at a time.
    @Test func collapsesRandomTextsAsAUnitByUnitWalk() {
        let alphabet: [UInt16] = [
            0x61, 0x20, 0x0A, 0x09, 0x85, 0xA0, 0x1680, 0x2000, 0x200A, 0x200B, 0x2028, 0x205F, 0x2060, 0x3000, 0x3001, 0x430, 0x4E00, 0x1F,
        ]
        var rng = SeededGenerator(seed: 0xC011A)
        for _ in 0..<5_000 {
            let units = (0..<rng.below(60)).map { _ in rng.below(2) == 0 ? 0x61 : alphabet[rng.below(alphabet.count)] }
            var expected: [UInt16] = []
            var pending = false
            for u in units {
                if Unicode.Scalar(u)!.properties.isWhitespace {
                    pending = !expected.isEmpty
                    continue
                }
                if pending { expected.append(0x20) }
                pending = false
                expected.append(u)
            }
            #expect(FoldedText.collapsingSpaces(units) == expected, "\(units)")
        }
    }

    /// Kana voicing marks tell syllables apart: が is not か.
    @Test func kanaVoicingStays() {
        #expect(Self.folded("が") != Self.folded("か"))
        #expect(Self.folded("ガ") == Self.folded("ｶﾞ"))
    }

    /// ASCII takes a path of its own; it must fold as ICU would.
    @Test func asciiFoldsAsTheGeneralPathDoes() {
        let ascii = (0x20...0x7E).map { Character(Unicode.Scalar($0)!) }
        let text = String(ascii)
        #expect(Self.folded(text) == Self.folded(text + "é").dropLast())
    }

    @Test(arguments: [
        ("release notes", "rel", true),
        ("a re-release", "rel", true),
        ("unreleased", "rel", false),
        ("Release", "RELEASE", true),
        ("the café", "cafe", true),
        ("x #launch", "#launch", true),
        ("x#launch", "#launch", true),
        ("ok👍", "👍", true),
        ("我在東京工作", "東京", true),
        ("日本語abc", "abc", true),
        ("see\nthe docs", "see the", true),
        ("emoji 😀😀 twice", "😀😀", true),
        ("abc", "abcd", false),
        ("", "a", false),
        ("anything", "", true),
    ])
    func findsWordStarts(_ text: String, _ needle: String, _ found: Bool) {
        #expect(FoldedText(text).hasWord(startingWith: FoldedText(needle)) == found)
    }

    @Test(arguments: [
        ("Alice Smith", "alice", true),
        ("Alice Smith", "smith", true),
        ("Alice Smith", "alice smith", true),
        ("Alice Smith", "ali", false),
        ("Alice Smith", "smit", false),
        ("Smith-Jones", "smith", true),
        ("Zoë", "zoe", true),
        ("王小明", "王", true),
    ])
    func findsWholeWords(_ text: String, _ needle: String, _ found: Bool) {
        #expect(FoldedText(text).hasWholeWords(FoldedText(needle)) == found)
    }

    /// Lone surrogates and text that grows when folded neither crash nor confuse the search.
    @Test func oddTextIsSafe() {
        let replaced = String(decoding: [0x61, 0xD800, 0x62, 0xDC00] as [UInt16], as: UTF16.self)
        #expect(FoldedText(replaced).hasWord(startingWith: FoldedText("b")))
        #expect(!FoldedText(replaced).hasWord(startingWith: FoldedText("ab")))
        let growing = String(repeating: "ﷺ", count: 500)
        #expect(FoldedText(growing).units.count > 500 * 10)
        #expect(FoldedText(growing).hasWord(startingWith: FoldedText("ﷺ")))
    }
}

/// Word characters come from ICU's properties (the Unicode version of the rest of
/// msgfmt), cached with the other scalar flags.
@Suite struct WordScalarTests {
    /// The definition the flag implements, from Swift's own Unicode properties.
    static func isWordByProperties(_ s: Unicode.Scalar) -> Bool {
        let p = s.properties
        if p.isAlphabetic || p.numericType != nil { return true }
        switch p.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    @Test func agreesWithSwiftsPropertiesForScalarsOfICUsUnicodeVersion() {
        var mismatches: [String] = []
        var compared = 0
        for value in UInt32(0)...0x10FFFF {
            guard let s = Unicode.Scalar(value), let age = s.properties.age, age.major < 15 || (age.major == 15 && age.minor == 0)
            else { continue }
            compared += 1
            if FoldedText.isWordScalar(s) != Self.isWordByProperties(s) {
                mismatches.append("U+" + String(value, radix: 16, uppercase: true))
            }
        }
        #expect(compared > 140_000)
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(40).joined(separator: " "))")
    }

    @Test func asciiLettersAndDigitsOnly() {
        for value in UInt32(0)..<0x80 {
            let s = Unicode.Scalar(value)!
            #expect(FoldedText.isWordScalar(s) == (s.properties.isAlphabetic || s.properties.numericType != nil))
            #expect(ScalarFlags.of(s).contains(.word) == FoldedText.isWordScalar(s))
        }
    }
}

/// `msgfmt_icu_fold` folds scalar by scalar from a cache where that gives what the three
/// steps over the whole text give (`msgfmt_icu_fold_whole`); these compare the two.
@Suite struct FoldCacheTests {
    static func fold(_ units: [UInt16], whole: Bool, collapse: Bool = false, capacity: Int? = nil) -> [UInt16] {
        var out = [UInt16](repeating: 0, count: capacity ?? units.count * 4 + 16)
        let n = units.withUnsafeBufferPointer { text in
            out.withUnsafeMutableBufferPointer { buffer in
                whole
                    ? msgfmt_icu_fold_whole(
                        text.baseAddress, Int32(text.count), buffer.baseAddress, Int32(buffer.count), collapse ? 1 : 0)
                    : msgfmt_icu_fold(text.baseAddress, Int32(text.count), buffer.baseAddress, Int32(buffer.count), collapse ? 1 : 0)
            }
        }
        return n < 0 || Int(n) > out.count ? [] : Array(out.prefix(Int(n)))
    }

    /// Marks of every combining class the fold meets, kept and dropped, and what folds to
    /// or from them.
    static let marks: [UInt32] = [
        0x0301, 0x0323, 0x0334, 0x0308, 0x0344, 0x0345, 0x0307, 0x3099, 0x309A, 0x094D, 0x093C, 0x05B0, 0x064B,
        0x0E38, 0x0F71, 0x1DCE, 0x20D2, 0xFE0F, 0x200D, 0x00AD, 0x0F74, 0x0F72,
    ]
    static let bases: [UInt32] = [
        0x61, 0x41, 0x130, 0xDF, 0xFB01, 0x3B1, 0x1F80, 0x390, 0x439, 0x451, 0x304C, 0x30AC, 0xFF76, 0xAC00, 0x915,
        0x958, 0x5D0, 0x627, 0xE01, 0x1F600, 0x1F469, 0x2126, 0x212B, 0x1E9E, 0x13A0, 0xAB70, 0x10400, 0xFDFA,
        0x3300, 0x20, 0x2028, 0xD800, 0xDC00,
    ]

    @Test func randomTextsFoldAsAWhole() {
        var random = SeededGenerator(seed: 20_261_126)
        let pool = Self.marks + Self.bases
        for n in 0..<100_000 {
            var units: [UInt16] = []
            for _ in 0..<(1 + random.below(6)) {
                let value = random.below(4) == 0 ? UInt32(random.below(0x3400)) : pool[random.below(pool.count)]
                if value >= 0x10000 {
                    let v = value - 0x10000
                    units += [UInt16(0xD800 + (v >> 10)), UInt16(0xDC00 + (v & 0x3FF))]
                } else {
                    units.append(UInt16(value))
                }
            }
            let cached = Self.fold(units, whole: false)
            let whole = Self.fold(units, whole: true)
            #expect(cached == whole, "text \(n): \(units.map { String($0, radix: 16) })")
            if cached != whole { return }
        }
    }

    /// Folding with white space collapsed as it is written gives the fold collapsed after,
    /// by both paths, and asks for exactly the room the collapsed fold takes. Half the
    /// texts are mostly ASCII, with the printable range's edges, so that runs of it take
    /// the eight-unit path.
    @Test func collapsingWhileFoldingIsFoldingThenCollapsing() {
        var random = SeededGenerator(seed: 20_261_203)
        let spaces: [UInt32] = [0x20, 0x20, 0x09, 0x0A, 0x0D, 0x85, 0xA0, 0x3000, 0x2003, 0x200B, 0x1F, 0x7F]
        let ascii: [UInt32] = [0x21, 0x40, 0x41, 0x4D, 0x5A, 0x5B, 0x60, 0x61, 0x7A, 0x7B, 0x7E, 0x30]
        let pools = [Self.marks + Self.bases + spaces + ascii, ascii + ascii + ascii + spaces + [0xE9, 0x1F600, 0x0301]]
        for n in 0..<50_000 {
            let pool = pools[n % 2]
            var units: [UInt16] = []
            for _ in 0..<random.below(n % 2 == 0 ? 12 : 40) {
                let value = pool[random.below(pool.count)]
                if value >= 0x10000 {
                    let v = value - 0x10000
                    units += [UInt16(0xD800 + (v >> 10)), UInt16(0xDC00 + (v & 0x3FF))]
                } else {
                    units.append(UInt16(value))
                }
            }
            let expected = FoldedText.collapsingSpaces(Self.fold(units, whole: true))
            for whole in [false, true] {
                let collapsed = Self.fold(units, whole: whole, collapse: true)
                #expect(collapsed == expected, "text \(n), whole \(whole): \(units.map { String($0, radix: 16) })")
                // A buffer of exactly the collapsed length is enough; one less is not.
                #expect(Self.fold(units, whole: whole, collapse: true, capacity: expected.count) == expected)
                if !expected.isEmpty {
                    #expect(Self.fold(units, whole: whole, collapse: true, capacity: expected.count - 1).isEmpty)
                }
                if collapsed != expected { return }
            }
        }
    }

    @Test func everyScalarBesideMarks() {
        for value in UInt32(0)...0x2FFFF where !(0xD800...0xDFFF).contains(value) {
            var scalar: [UInt16] = []
            if value >= 0x10000 {
                let v = value - 0x10000
                scalar = [UInt16(0xD800 + (v >> 10)), UInt16(0xDC00 + (v & 0x3FF))]
            } else {
                scalar = [UInt16(value)]
            }
            for text in [scalar, [0x3099] + scalar, scalar + [0x3099, 0x0301], [0x304C] + scalar, scalar + scalar] {
                let cached = Self.fold(text, whole: false)
                let whole = Self.fold(text, whole: true)
                #expect(cached == whole, "U+\(String(value, radix: 16)) in \(text.map { String($0, radix: 16) })")
                if cached != whole { return }
            }
        }
    }
}
