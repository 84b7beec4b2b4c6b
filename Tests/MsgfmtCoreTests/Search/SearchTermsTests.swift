import TestSupport
import Testing

@testable import MsgfmtCore

/// `SearchTerms.terms` (ranges into the folded units, an array only per term kept) gives
/// exactly the terms of the plain reference below (an array per character), on random
/// texts mixing spaced and spaceless scripts, emoji, long words and punctuation.
@Suite struct SearchTermsTests {
    /// The terms as first written: every character its own array.
    enum Reference {
        static func cut(_ term: [UInt16]) -> [UInt16] {
            guard term.count > SearchTerms.maximumLength else { return term }
            var out = Array(term.prefix(SearchTerms.maximumLength))
            if let last = out.last, UTF16.isLeadSurrogate(last) { out.removeLast() }
            return out
        }

        static func terms(in folded: FoldedText) -> [[UInt16]] {
            var seen = Set<[UInt16]>()
            var out: [[UInt16]] = []
            func add(_ term: [UInt16], cutting: Bool = true) {
                guard !term.isEmpty else { return }
                let c = cutting ? cut(term) : term
                if seen.insert(c).inserted { out.append(c) }
            }
            var word: [UInt16] = []
            var previous: [UInt16] = []
            var pairFirst: [UInt16]?
            var spaced = false
            func endWord() {
                guard !word.isEmpty else { return }
                add(word)
                if let first = pairFirst, spaced { add(cut(first) + [0x20] + cut(word), cutting: false) }
                pairFirst = word
                spaced = false
                word = []
            }
            let units = folded.units
            var i = 0
            while i < units.count {
                let scalar = FoldedText.scalar(in: units, at: i)
                let width = scalar.value > 0xFFFF && UTF16.isLeadSurrogate(units[i]) ? 2 : 1
                let current = Array(units[i..<(i + width)])
                i += width
                if FoldedText.isSpaceless(scalar) {
                    endWord()
                    pairFirst = nil
                    if !previous.isEmpty { add(previous + current) }
                    previous = current
                } else {
                    add(previous)
                    previous = []
                    if FoldedText.isWordScalar(scalar) {
                        word += current
                    } else {
                        endWord()
                        if scalar == " ", pairFirst != nil, !spaced { spaced = true } else { pairFirst = nil }
                    }
                }
            }
            endWord()
            add(previous)
            return out
        }
    }

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
            #expect(SearchTerms.terms(in: folded) == Reference.terms(in: folded), "\(text.debugDescription)")
        }
    }

    /// A few terms spelled out, so the reference itself is pinned.
    @Test func termsOfAKnownText() {
        let terms = SearchTerms.terms(in: FoldedText("Hello big world, 你好世界"))
        let strings = terms.map { String(decoding: $0, as: UTF16.self) }
        #expect(strings == ["hello", "big", "hello big", "world", "big world", "你好", "好世", "世界", "界"])
    }
}
