import TestSupport
import Testing

@testable import MsgfmtCore

/// The grapheme fast path cuts text where a boundary is certain and asks ICU only about
/// the stretches between; these tests hold it to ICU's answer on the whole text.
@Suite struct GraphemeChunkingConformanceTests {
    /// Units that exercise every Grapheme_Cluster_Break value and the emoji rules.
    static let alphabet: [UInt16] = [
        0x61, 0x20, 0x0D, 0x0A, 0x09, 0x7F, 0xA9, 0xAD, 0xE9,  // ASCII, CR, LF, controls, ©, soft hyphen, é
        0x0430, 0x0301, 0x0489, 0x05D0, 0x05B0, 0x0627, 0x064B,  // Cyrillic, marks, Hebrew, Arabic, harakat
        0x0600, 0x06DD, 0x0915, 0x093F, 0x094D, 0x0903, 0x0E33,  // prepend, Devanagari, spacing marks, Thai
        0x1100, 0x1161, 0x11A8, 0xAC00, 0xAC01, 0x4E2D, 0x3042,  // Hangul L V T LV LVT, CJK, kana
        0x3099, 0xFF76, 0xFF9E, 0x200B, 0x200C, 0x200D, 0x2028,  // combining kana marks, ZWSP, ZWNJ, ZWJ, LS
        0x2764, 0x203C, 0xFE0F, 0xFE0E, 0x20E3, 0x2640,  // pictographs, variation selectors, keycap
        0xD83D, 0xDE00, 0xD83C, 0xDFFD, 0xDDFA, 0xDDE6, 0xDC4D,  // surrogates: 😀, skin tone, regional indicators
    ]

    @Test func randomTextMatchesICUOnTheWholeText() {
        var rng = SeededGenerator(seed: 0x6772_6368)
        for _ in 0..<6000 {
            let units = (0..<Int.random(in: 1...32, using: &rng)).map { _ in
                Self.alphabet.randomElement(using: &rng)!
            }
            let got = GraphemeSegmenter.boundaries(in: UTF16Text(units: units))
            #expect(got == GraphemeSegmenter.icuBoundaries(units), "seed \(rng.seed) units \(units.map { String($0, radix: 16) })")
        }
    }

    @Test func mostlyLetterTextWithEmojiMatchesICU() {
        var rng = SeededGenerator(seed: 0x656d_6f6a)
        let letters: [UInt16] = [0x61, 0x20, 0x0430, 0x0431, 0x4E2D, 0x0627, 0x05D0, 0xAC00, 0x0A]
        for _ in 0..<3000 {
            var units: [UInt16] = []
            for _ in 0..<Int.random(in: 1...40, using: &rng) {
                if Int.random(in: 0..<8, using: &rng) == 0 {
                    units.append(Self.alphabet.randomElement(using: &rng)!)
                } else {
                    units.append(letters.randomElement(using: &rng)!)
                }
            }
            let got = GraphemeSegmenter.boundaries(in: UTF16Text(units: units))
            #expect(got == GraphemeSegmenter.icuBoundaries(units), "seed \(rng.seed) units \(units.map { String($0, radix: 16) })")
        }
    }

    /// `standsAlone` answers as ICU's flags do (`ScalarFlags.graphemeAlone`) for every BMP
    /// scalar but CR and the precomposed Hangul syllables, which it lets stand alone on
    /// purpose (they join only conjoining jamo, which never do).
    @Test func standingAloneIsICUsGraphemeAlone() {
        var differ: [String] = []
        for value in UInt16(0)...UInt16(0xFFFF)
        where !UTF16.isLeadSurrogate(value) && !UTF16.isTrailSurrogate(value) && value != 0x0D && !(0xAC00...0xD7A3).contains(value) {
            let icu = ScalarFlags.of(Unicode.Scalar(UInt32(value))!).contains(.graphemeAlone)
            if GraphemeSegmenter.standsAlone(value) != icu { differ.append(String(value, radix: 16)) }
        }
        let count = differ.count
        #expect(count == 0, "differ: \(differ.prefix(20).joined(separator: " "))")
    }

    /// Every BMP unit the fast path treats as standing alone breaks from neighbours that
    /// stand alone too, under every rule that could join it to them.
    @Test func everyStandAloneUnitBreaksFromItsNeighbours() {
        var checked = 0
        for value in UInt16(0)...UInt16(0xFFFF) where GraphemeSegmenter.standsAlone(value) {
            checked += 1
            let probes: [([UInt16], [Int])] = [
                ([0x61, value], [1, 2]),  // not Extend, ZWJ or SpacingMark
                ([value, 0x61], [1, 2]),  // not Prepend
                ([0xAC00, value], [1, 2]),  // not V or T jamo (after LV)
                ([value, 0xAC00], [1, 2]),  // not L jamo (before LV)
                ([0xAC01, value], [1, 2]),  // not T jamo (after LVT)
                ([value, 0x0A], [1, 2]),  // not CR
                ([0x2764, 0x200D, value], [2, 3]),  // not Extended_Pictographic after ZWJ
            ]
            for (units, expected) in probes where GraphemeSegmenter.icuBoundaries(units) != expected {
                Issue.record("U+\(String(value, radix: 16)) joins in \(units.map { String($0, radix: 16) })")
            }
        }
        #expect(checked > 40000)
    }
}
