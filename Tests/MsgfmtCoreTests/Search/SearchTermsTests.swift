import TestSupport
import Testing

@_spi(Testing) @testable import MsgfmtCore

/// `SearchTerms.terms` (ranges into the folded units, an array only per term kept) gives
/// exactly the terms of the plain reference (`referenceTerms`, an array per character), on
/// random texts mixing spaced and spaceless scripts, emoji, long words and punctuation.
@Suite struct SearchTermsTests {
    static let pieces = [
        "hello", "World", "ab", "x", "привет", "Größe", "שלום", "مرحبا", "你好世界", "日本語のテキスト", "한국어",
        "ภาษาไทย", "😀", "👨‍👩‍👧", "𠀀𠀁", "𝒜𝒷", " ", " ", "  ", ", ", ".", "-", "\n", "'", "42", "x²",
        "supercalifragilisticexpialidocious", "𝒜𝒷𝒸𝒹𝒺𝒻𝒼𝒽𝒾𝒿𝓀𝓁𝓂", "e\u{301}", "a\u{200D}b",
    ]

    @Test func termsMatchTheReference() {
        var rng = SeededGenerator(seed: 19)
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...14, using: &rng) { text += Self.pieces.randomElement(using: &rng)! }
            let folded = FoldedText(text)
            let terms = SearchTerms.terms(in: folded)
            #expect(terms.arrays == SearchTerms.referenceTerms(in: folded), "\(text.debugDescription)")
            // Each term is filed by the hash the block's table computes for it.
            #expect((0..<terms.count).allSatisfy { terms.hash($0) == SearchTermTable.tableIndex(terms[$0]) })
        }
    }

    /// Texts of hundreds of terms, whose builder's table grows several times on the way.
    @Test func longTextsMatchTheReference() {
        var rng = SeededGenerator(seed: 29)
        for _ in 0..<200 {
            var text = ""
            for _ in 0..<Int.random(in: 200...600, using: &rng) {
                text += Self.pieces.randomElement(using: &rng)! + " w\(Int.random(in: 0..<400, using: &rng)) "
            }
            let folded = FoldedText(text)
            let terms = SearchTerms.terms(in: folded)
            #expect(terms.count > 256)
            #expect(terms.arrays == SearchTerms.referenceTerms(in: folded))
            #expect((0..<terms.count).allSatisfy { terms.hash($0) == SearchTermTable.tableIndex(terms[$0]) })
        }
    }

    /// The check the export fuzz target runs holds on the random texts as one block.
    @Test func blocksAgreeWithTheReference() {
        var rng = SeededGenerator(seed: 23)
        let texts = (0..<2000).map { _ in
            (0..<Int.random(in: 0...10, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
        }
        #expect(SearchTerms.agreesWithReference(texts))
    }

    /// A few terms spelled out, so the reference itself is pinned.
    @Test func termsOfAKnownText() {
        let terms = SearchTerms.terms(in: FoldedText("Hello big world, 你好世界")).arrays
        let strings = terms.map { String(decoding: $0, as: UTF16.self) }
        #expect(strings == ["hello", "big", "hello big", "world", "big world", "你好", "好世", "世界", "界"])
    }

    /// The written-out powers of the term hash's base are its products, and a pair's hash
    /// made from its words' is the hash of its units.
    @Test func termHashPowersAndPairs() {
        var power: UInt64 = 1
        for k in 0..<SearchTermHash.powers.count {
            #expect(SearchTermHash.powers[k] == power, "power \(k)")
            power = power &* SearchTermHash.base
        }
        #expect(SearchTermHash.powers.count == SearchTerms.maximumLength + 2)
        let first = Array("alice".utf16)
        let second = Array("smith".utf16)
        let pair = SearchTermHash.pair(SearchTermHash(units: first), SearchTermHash(units: second), length: second.count)
        #expect(pair == SearchTermHash(units: first + [0x20] + second))
        let joined = SearchTermHash.joined(SearchTermHash(units: first), SearchTermHash(units: second), length: second.count)
        #expect(joined == SearchTermHash(units: first + second))
    }
}
