import TestSupport

@testable import MsgfmtCore

/// Random text for the fused-pass differential tests: words of every script
/// Benchmarks/gen_corpus.py writes, code points of every line-break class, the characters
/// the stateful rules turn on, and random code points (lone surrogates included).
enum FusedTextGenerator {
    /// Words and pieces of each script in the corpus generator, plus URLs and names.
    static let corpusSamples: [String] = [
        "the", "quick", "brown", "fox", "release", "notes", "привет", "как", "дела", "сегодня",
        "Größenordnung", "Straßenbahn", "Übersicht", "مرحبا", "كيف", "حالك", "שלום", "מה", "שלומך",
        "你好世界", "今天天气很好", "日本語のテキストも混ざる", "한국어문장도있습니다", "😀", "👍", "🇺🇦",
        "👨‍👩‍👧", "❤️", "🔥", "🎉", "👩🏽‍💻", "✅", "🙈", "https://example.com/path?q=1&r=2",
        "http://xn--80ak6aa92e.com/", "https://github.com/swiftlang/swift/pull/12345#discussion",
        "Alice", "Кирилл", "王小明", "Zoë", "محمد", "e\u{301}", "$5.00", "10%", "(1)", "12:30", "1,000.5", "-5", "x-y",
        "«quote»", "“quote”", "‘q’", "[a]", "{b}", "a—b", "…", "½", "№1", "€20", "5 kg", "a/b",
    ]

    /// Words of further scripts (those with viramas go to ICU).
    static let scriptSamples: [String] =
        corpusSamples + [
            "Ελληνικά", "हिन्दी", "বাংলা", "தமிழ்", "ქართული", "Հայերեն", "አማርኛ", "ᏣᎳᎩ", "ภาษาไทย",
        ]

    /// Characters the stateful rules turn on.
    static let specials: [String] = [
        " ", " ", " ", "\n", "\r", "\r\n", "\t", "\u{200D}", "\u{FE0F}", "\u{FE0E}", "\u{20E3}", "\u{1F3FB}",
        "\u{1F1FA}", "\u{1F1F8}", "\u{301}", "\u{A0}", "\u{2010}", "\u{200B}", "\u{2060}", "\u{2028}", "\u{85}",
        "\u{3000}", "0", "5", "$", "%", "(", ")", "[", "]", ".", ",", "-", "/", ":", ";", "!", "?", "\"", "'",
        "«", "»", "“", "”", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}", "\u{2014}", "\u{5BE}",
        "\u{1F46A}", "\u{2764}", "\u{1F44D}", "#", "*", "\u{E0001}", "\u{1F9D1}", "\u{27}", "\u{600}", "\u{111C2}",
    ]

    /// Up to 48 code points of each line-break class, spread over the code space.
    static let classSamples: [[UInt32]] = {
        var samples = [[UInt32]](repeating: [], count: LineBreakClass.allCases.count)
        var seen = [Int](repeating: 0, count: LineBreakClass.allCases.count)
        var value: UInt32 = 0
        while value <= 0x10FFFF {
            if !(0xD800...0xDFFF).contains(value) {
                let c = Int(LineBreakClass(word: CodePointTable.word(value)).rawValue)
                seen[c] += 1
                // Keep the first few and then every 97th, so rare and common classes both show.
                if samples[c].count < 24 || (seen[c] % 97 == 0 && samples[c].count < 48) { samples[c].append(value) }
            }
            value += 1
        }
        return samples.filter { !$0.isEmpty }
    }()

    /// One random text of 1 to 24 pieces.
    static func text(using rng: inout SeededGenerator) -> [UInt16] {
        var units: [UInt16] = []
        for _ in 0..<(1 + rng.below(24)) {
            let r = rng.below(100)
            if r < 25 {
                units.append(contentsOf: scriptSamples[rng.below(scriptSamples.count)].utf16)
            } else if r < 55 {
                let pool = classSamples[rng.below(classSamples.count)]
                append(pool[rng.below(pool.count)], to: &units)
            } else if r < 85 {
                units.append(contentsOf: specials[rng.below(specials.count)].utf16)
            } else if r < 95 {
                units.append(UInt16(0x61 + rng.below(26)))
            } else if r < 99 {
                append(UInt32(rng.below(0x110000)), to: &units)
            } else {
                units.append(UInt16(0xD800 + rng.below(0x800)))  // a lone surrogate
            }
        }
        return units
    }

    private static func append(_ value: UInt32, to units: inout [UInt16]) {
        if let scalar = Unicode.Scalar(value) {
            units.append(contentsOf: String(scalar).utf16)
        } else {
            units.append(UInt16(truncatingIfNeeded: value))
        }
    }
}
