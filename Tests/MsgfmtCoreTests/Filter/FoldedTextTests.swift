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
