import TestSupport

@testable import MsgfmtCore

/// Random styled messages for property tests: words from several scripts, emoji
/// sequences, controls and long words, cut into paragraphs, pre blocks and quotes with
/// random style runs (whose boundaries may fall inside grapheme clusters).
enum RandomStyledText {
    static let tokens: [String] = [
        "hello", "world", "a", "the", "message", "is", "longer", "supercalifragilisticexpialidocious",
        "日本語", "中文字符串", "テキスト", "한국어", "שלום", "עולם", "مرحبا", "بالعالم", "العربية",
        "👍", "👨‍👩‍👧", "🇺🇦", "❤️", "👋🏽", "1️⃣", "e\u{301}", "x", "12345", "3.14",
        "https://example.com/a/very/long/path?q=1", "—", "(", ")", "!", ",", ".", "?",
        "\u{1B}[31m", "\u{7}", "\u{202E}", "\u{200B}", "\u{A0}", "ที่", "ก", "a-b", "\t", "«»",
        "Ünïcödé", "\u{FEFF}", "\r\n",
    ]
    /// Words of right-to-left scripts (Hebrew, Arabic with marks), CJK and Latin, with
    /// digits and neutrals between them: paragraphs whose lines mix directions.
    static let mixedScriptTokens: [String] = [
        "שלום", "עולם", "גדול", "מאוד", "مرحبا", "بالعالم", "العربية", "كِتَاب", "日本語", "中文字符串",
        "テキスト", "한국어", "hello", "world", "a", "Ünïcödé", "12345", "3.14", "(", ")", "«»", "—", ",",
        "!", "?", ":", "'", "\"", "ab-cd", "👍", "👨‍👩‍👧",
    ]
    static let separators: [String] = [" ", " ", " ", " ", "  ", "\n", "\t", "", " \n"]
    static let languages: [String?] = [nil, "swift", "python", "a-very-long-language-name"]
    static let styles: [Style] = [
        .plain, .plain, Style(attributes: .bold), Style(attributes: [.italic, .underline]),
        Style(attributes: .spoiler), Style(attributes: .textLink, link: "https://example.com"),
    ]

    /// A random message of 1–3 blocks from `tokens`.
    static func make(_ rng: inout SeededGenerator) -> StyledText {
        make(&rng, tokens: tokens, blocks: 1...3)
    }

    /// A random message of `blocks` blocks made of `tokens`.
    static func make(_ rng: inout SeededGenerator, tokens: [String], blocks blockRange: ClosedRange<Int>) -> StyledText {
        var units: [UInt16] = []
        var blocks: [Block] = []
        let blockCount = Int.random(in: blockRange, using: &rng)
        var quoteCount = 0
        for b in 0..<blockCount {
            let start = units.count
            let words = Int.random(in: 0...(Int.random(in: 0..<8, using: &rng) == 0 ? 20 : 6), using: &rng)
            for _ in 0..<words {
                units += tokens.randomElement(using: &rng)!.utf16
                units += separators.randomElement(using: &rng)!.utf16
            }
            if b < blockCount - 1 { units.append(0x0A) }
            let kind: BlockKind =
                Int.random(in: 0..<10, using: &rng) < 3
                ? .pre(language: languages.randomElement(using: &rng)!) : .paragraph
            var quote: BlockQuote? = nil
            if Int.random(in: 0..<4, using: &rng) == 0 {
                if let previous = blocks.last?.quote, Bool.random(using: &rng) {
                    quote = previous
                } else {
                    quote = BlockQuote(index: quoteCount, expandable: Bool.random(using: &rng))
                    quoteCount += 1
                }
            }
            blocks.append(Block(kind: kind, quote: quote, range: start..<units.count, runs: []))
        }
        for i in blocks.indices {
            blocks[i].runs = runs(in: blocks[i].range, units: units, rng: &rng)
        }
        return StyledText(messageID: nil, text: UTF16Text(units: units), blocks: blocks)
    }

    private static func runs(in range: Range<Int>, units: [UInt16], rng: inout SeededGenerator) -> [StyledRun] {
        if range.isEmpty { return [] }
        var cuts: [Int] = []
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            let cut = Int.random(in: range, using: &rng)
            if cut > range.lowerBound, !UTF16.isTrailSurrogate(units[cut]) { cuts.append(cut) }
        }
        var result: [StyledRun] = []
        var start = range.lowerBound
        for cut in Set(cuts).sorted() + [range.upperBound] where cut > start {
            result.append(StyledRun(range: start..<cut, style: styles.randomElement(using: &rng)!))
            start = cut
        }
        return result
    }
}
