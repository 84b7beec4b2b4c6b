import Testing

@testable import MsgfmtCore

@Suite struct CellWidthTests {
    /// A grapheme cluster and its width under the modern and legacy models.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var cluster: String
        var modern: Int
        var legacy: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "ASCII letter", cluster: "a", modern: 1, legacy: 1),
        Case(name: "ZWJ family", cluster: "👨\u{200D}👩\u{200D}👧", modern: 2, legacy: 6),
        Case(name: "ZWJ profession with skin tone", cluster: "👩🏽\u{200D}💻", modern: 2, legacy: 6),
        Case(name: "flag", cluster: "🇺🇦", modern: 2, legacy: 4),
        Case(name: "heart with VS16", cluster: "\u{2764}\u{FE0F}", modern: 2, legacy: 1),
        Case(name: "heart without VS16", cluster: "\u{2764}", modern: 1, legacy: 1),
        Case(name: "watch with VS15", cluster: "\u{231A}\u{FE0E}", modern: 1, legacy: 2),
        Case(name: "keycap", cluster: "1\u{FE0F}\u{20E3}", modern: 2, legacy: 1),
        Case(name: "copyright with VS16", cluster: "\u{00A9}\u{FE0F}", modern: 2, legacy: 1),
        Case(name: "thumbs up with skin tone", cluster: "👍🏽", modern: 2, legacy: 4),
        Case(name: "emoji presentation", cluster: "😀", modern: 2, legacy: 2),
        Case(name: "combining acute", cluster: "e\u{0301}", modern: 1, legacy: 1),
        Case(name: "stacked combining marks", cluster: "a\u{0300}\u{0316}\u{0301}", modern: 1, legacy: 1),
        Case(name: "CJK ideograph", cluster: "中", modern: 2, legacy: 2),
        Case(name: "fullwidth Latin", cluster: "\u{FF21}", modern: 2, legacy: 2),
        Case(name: "halfwidth katakana", cluster: "\u{FF71}", modern: 1, legacy: 1),
        Case(name: "Hangul syllable", cluster: "한", modern: 2, legacy: 2),
        Case(name: "Hangul conjoining jamo L V T", cluster: "\u{1112}\u{1161}\u{11AB}", modern: 2, legacy: 2),
        Case(name: "zero width space", cluster: "\u{200B}", modern: 0, legacy: 0),
        Case(name: "soft hyphen", cluster: "\u{00AD}", modern: 0, legacy: 0),
        Case(name: "escape control", cluster: "\u{1B}", modern: 0, legacy: 0),
        Case(name: "tab", cluster: "\t", modern: 0, legacy: 0),
        Case(name: "C1 control", cluster: "\u{9B}", modern: 0, legacy: 0),
        Case(name: "ambiguous Greek", cluster: "α", modern: 1, legacy: 1),
        Case(name: "Arabic letter", cluster: "ب", modern: 1, legacy: 1),
        Case(name: "Devanagari with vowel sign", cluster: "\u{0915}\u{093F}", modern: 2, legacy: 2),
        Case(name: "Thai with combining vowel", cluster: "\u{0E01}\u{0E34}", modern: 1, legacy: 1),
    ]

    @Test(arguments: cases)
    func clusterWidth(_ c: Case) {
        let text = UTF16Text(c.cluster)
        #expect(GraphemeSegmenter.clusters(in: text) == [0..<text.count], "\(c.name) must be one cluster")
        #expect(CellWidth.ofCluster(text, 0..<text.count, model: .modern) == c.modern)
        #expect(CellWidth.ofCluster(text, 0..<text.count, model: .legacy) == c.legacy)
    }

    @Test func stringWidthSumsClusters() {
        #expect(CellWidth.of("Hi 👨\u{200D}👩\u{200D}👧 中文", model: .modern) == 10)
        #expect(CellWidth.of("Hi 👨\u{200D}👩\u{200D}👧 中文", model: .legacy) == 14)
        #expect(CellWidth.of("plain", model: .modern) == 5)
    }

    @Test func placeholdersAreOneCellAndSafe() {
        for value in [0x00, 0x07, 0x1B, 0x7F, 0x85, 0x9B, 0x202E, 0x2066, 0x2069] as [UInt32] {
            let scalar = Unicode.Scalar(value)!
            let placeholder = try! #require(DisplaySafety.placeholder(for: scalar))
            #expect(CellWidth.of(placeholder) == 1)
            #expect(!DisplaySafety.isUnsafe(placeholder))
        }
        #expect(DisplaySafety.placeholder(for: "a") == nil)
        #expect(DisplaySafety.sanitize("a\u{1B}[2Jb") == "a\u{241B}[2Jb")
    }
}
