import Foundation
import TestSupport
import Testing

@testable import MsgfmtCore

/// `MarkdownText`, the CommonMark of `export --to markdown`: what each rule writes, and
/// that no message text or link can put a control character into the file.
@Suite struct MarkdownTextTests {
    static func body(_ text: String, _ entities: [MessageEntity] = []) -> String {
        let normalized = Normalizer.normalize(Message(text: text, entities: entities), detect: false).0
        return MarkdownText.body(StyledTextBuilder.build(normalized))
    }

    @Test func punctuationIsEscapedEvenWithACombiningMarkAfterIt() {
        #expect(Self.body("a *b* [c] `d` #e") == ##"a \*b\* \[c\] \`d\` \#e"##)
        #expect(Self.body("*\u{301}x*\u{301}") == "\\*\u{301}x\\*\u{301}")
        #expect(Self.body("1 + 2 - 3 = 0. (ok)") == "1 + 2 - 3 = 0. (ok)")
    }

    @Test func whatWouldBeginAListHeadingOrRuleAtALineStartIsEscaped() {
        #expect(
            Self.body("- milk\n+ eggs\n2024. good\n3) x\n===\n---") == "\\- milk\\\n\\+ eggs\\\n2024\\. good\\\n3\\) x\\\n\\===\\\n\\---")
        // Not at a line start, or behind a marker, nothing more is escaped.
        #expect(Self.body("a - b 1. c") == "a - b 1. c")
        #expect(Self.body("- x", [MessageEntity(kind: .bold, offset: 0, length: 3)]) == "**- x**")
    }

    @Test func lineBreaksAreHardBreaksInParagraphsAndQuotes() {
        #expect(Self.body("a\nb\n\nc") == "a\\\nb\\\n\\\nc")
        #expect(Self.body("q1\nq2", [MessageEntity(kind: .blockquote, offset: 0, length: 5)]) == "> q1\\\n> q2")
    }

    @Test func stylesWrapEachLineWithWhiteSpaceOutside() {
        let bold = [MessageEntity(kind: .bold, offset: 0, length: 8), MessageEntity(kind: .italic, offset: 0, length: 8)]
        #expect(Self.body(" a`b\n c ", bold) == " ***a\\`b***\\\n ***c***")
        #expect(Self.body(" a`b ", [MessageEntity(kind: .code, offset: 0, length: 5)]) == " `aˋb`")
        #expect(Self.body("x y", [MessageEntity(kind: .strikethrough, offset: 0, length: 1)]) == "~~x~~ y")
    }

    @Test func linksGoThroughTheLinkPolicy() {
        func link(_ url: String) -> String {
            Self.body("go", [MessageEntity(kind: .textLink, offset: 0, length: 2, url: url)])
        }
        #expect(link("https://example.com/a_(b)") == "[go](https://example.com/a_%28b%29)")
        #expect(link("https://a.b/\u{1B}]0;x\u{07}\r\n# h") == "[go](https://a.b/%1B]0;x%07%0D%0A#%20h)")
        #expect(link("javascript:alert(1)") == "go")
        // A reader would take `&#x61;` in a destination for the letter a.
        #expect(link("https://x.example/?a=1&b=2&#x61;") == "[go](https://x.example/?a=1\\&b=2\\&#x61;)")
    }

    @Test func preBlocksAreFencedLongerThanTheirBackticksWithPlainLanguagesOnly() {
        func pre(_ text: String, _ language: String?) -> String {
            Self.body(text, [MessageEntity(kind: .pre, offset: 0, length: text.utf16.count, language: language)])
        }
        #expect(pre("let x = 1\n", "swift") == "```swift\nlet x = 1\n```")
        #expect(pre("a ```` b\tc", "c++") == "`````c++\na ```` b\tc\n`````")
        #expect(pre("x", "a`b\n# h") == "```\nx\n```")
        #expect(pre("bell \u{07}", nil) == "```\nbell \u{2407}\n```")
    }

    @Test func aFirstLineIndentedFourColumnsLosesItsIndentation() {
        #expect(Self.body("    code?\n    next") == "code?\\\n    next")
        #expect(Self.body("   three") == "   three")
        #expect(Self.body("\tx") == "x")
    }

    @Test func fieldsAreEscapedWithTheirControlsShown() {
        #expect(MarkdownText.escape("Bob *\n\u{1B}[31m\u{85}") == "Bob \\*\u{240A}\u{241B}\\[31m\u{FFFD}")
    }

    /// Random messages of words, punctuation, spaces, line breaks, combining marks,
    /// controls and look-alikes of Markdown syntax, with styles, links, quotes and code
    /// blocks: the body holds no control but line feeds and tabs, nor an unsafe scalar.
    @Test func noControlOrUnsafeScalarReachesTheFile() {
        var random = SeededGenerator(seed: 19)
        for _ in 0..<2_000 {
            let (text, entities) = MarkdownSamples.message(&random, wordBoundaries: false)
            let body = Self.body(text, entities)
            for scalar in body.unicodeScalars where scalar != "\n" && scalar != "\t" {
                #expect(!DisplaySafety.isUnsafe(scalar), "\(body.debugDescription)")
            }
        }
    }
}

/// Random messages that stress what Markdown could read as syntax.
enum MarkdownSamples {
    static let pieces = [
        "word", "Слово", "日本語", "😀", "x\u{301}", "123", "-", "+", "=", "1.", "2)", "#", "*", "_", "`", "```", "~", "~~~",
        "[", "]", "(", ")", "<b>", "&amp;", "!", "|", "\\", ">", "\"q\"", "\t", "\r", "\u{1B}", "\u{7F}", "\u{85}", "\u{202E}",
    ]

    /// A message and its entities; with `wordBoundaries`, entities start and end only
    /// next to spaces or line breaks (where CommonMark's emphasis markers always apply).
    static func message(_ random: inout SeededGenerator, wordBoundaries: Bool) -> (String, [MessageEntity]) {
        var text = ""
        for _ in 0..<(1 + random.below(24)) {
            switch random.below(6) {
            case 0: text += random.below(3) == 0 ? "\n" : " "
            case 1: text += "\n" + ["- ", "1. ", "    ", "> ", "=== ", "# "][random.below(6)]
            default: text += pieces[random.below(pieces.count)]
            }
            if random.below(3) == 0 { text += " " }
        }
        let units = Array(text.utf16)
        let boundaries =
            wordBoundaries ? [0] + units.indices.filter { units[$0] == 0x20 || units[$0] == 0x0A } + [units.count] : Array(0...units.count)
        var entities: [MessageEntity] = []
        for _ in 0..<random.below(5) {
            var a = boundaries[random.below(boundaries.count)]
            var b = boundaries[random.below(boundaries.count)]
            if a > b { swap(&a, &b) }
            if wordBoundaries, a < units.count, units[a] == 0x20 || units[a] == 0x0A { a += 1 }
            guard b > a else { continue }
            let kinds: [EntityKind] = [.bold, .italic, .strikethrough, .code, .textLink, .blockquote, .pre, .underline]
            let kind = kinds[random.below(kinds.count)]
            let urls = ["https://example.com/(x)", "tg://user?id=1", "https://a.b/\u{1B}[1m\r\n# h", "javascript:x", "example.org/p q"]
            entities.append(
                MessageEntity(
                    kind: kind, offset: a, length: b - a, url: kind == .textLink ? urls[random.below(urls.count)] : nil,
                    language: kind == .pre ? ["swift", "c++", "bad lang", "a`b", ""][random.below(5)] : nil))
        }
        return (text, entities)
    }
}

/// `MarkdownText` read back by cmark-gfm, the CommonMark reader GitHub uses (with its
/// strikethrough): random messages come out as the same text, in paragraphs, quotes and
/// code blocks only — no list, heading, rule, table, raw HTML or stray backslash.
@Suite struct MarkdownReadBackTests {
    static let cmark = ["/usr/bin/cmark-gfm", "/usr/local/bin/cmark-gfm"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: cmark != nil, "cmark-gfm is not installed"))
    func aReaderShowsTheMessageTextInParagraphsQuotesAndCodeBlocksOnly() throws {
        var random = SeededGenerator(seed: 2026)
        let allowed: Set<String> = ["p", "br", "strong", "em", "del", "code", "a", "blockquote", "pre"]
        for _ in 0..<1_000 {
            let (text, entities) = MarkdownSamples.message(&random, wordBoundaries: true)
            let styled = StyledTextBuilder.build(Normalizer.normalize(Message(text: text, entities: entities), detect: false).0)
            let markdown = MarkdownText.body(styled)
            let html = try Self.read(markdown)
            let tags = Set(html.matches(of: /<\/?([a-z0-9]+)/).map { String($0.1) })
            #expect(tags.isSubset(of: allowed) && !html.contains("<!--"), "\(markdown.debugDescription) → \(html.debugDescription)")
            var shown = html.replacing(/<[^>]*>/, with: "")
            for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&amp;", "&")] {
                shown = shown.replacing(entity, with: character)
            }
            #expect(
                Self.collapsed(shown) == Self.collapsed(Self.shownText(styled)),
                "\(text.debugDescription) → \(markdown.debugDescription) → \(html.debugDescription)")
        }
    }

    /// What a reader should show of `styled`, white space aside: unsafe scalars as their
    /// placeholders (tabs inside a line too), backticks in code as `ˋ`.
    static func shownText(_ styled: StyledText) -> String {
        var out = ""
        let units = styled.text.units
        for block in styled.blocks {
            out += " "
            for run in block.runs {
                let code = run.style.attributes.contains(.code)
                let piece = String(decoding: units[run.range], as: UTF16.self)
                for line in Array(piece.unicodeScalars).split(separator: "\n", omittingEmptySubsequences: false) {
                    let scalars = Array(line)
                    let isBlank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
                    let first = scalars.firstIndex { !isBlank($0) } ?? scalars.count
                    let last = scalars.lastIndex { !isBlank($0) }.map { $0 + 1 } ?? first
                    out += " "
                    for scalar in scalars[first..<last] {
                        if case .pre = block.kind, scalar == "\t" {
                            out += " "
                        } else if code && scalar == "`" {
                            out += "ˋ"
                        } else {
                            out.unicodeScalars.append(DisplaySafety.placeholder(for: scalar) ?? scalar)
                        }
                    }
                    out += " "
                }
            }
        }
        return out
    }

    /// `s` with each run of white space one space, none at the ends.
    static func collapsed(_ s: String) -> String {
        s.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    /// The HTML cmark-gfm makes of `markdown`.
    static func read(_ markdown: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: cmark ?? "cmark-gfm")
        process.arguments = ["-e", "strikethrough"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(markdown.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
