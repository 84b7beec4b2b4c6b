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

    @Test func markersOpenOnceAndStayOpenAcrossRunsThatShareThem() {
        // Underline is not Markdown: the bold around it is one run of markers.
        let underlined = [MessageEntity(kind: .bold, offset: 0, length: 5), MessageEntity(kind: .underline, offset: 1, length: 3)]
        #expect(Self.body("Hello", underlined) == "**Hello**")
        let nested = [MessageEntity(kind: .bold, offset: 0, length: 3), MessageEntity(kind: .italic, offset: 1, length: 1)]
        #expect(Self.body("abc", nested) == "**a*b*c**")
        // White space stays outside: bold closes before the space, italic opens after it.
        let apart = [MessageEntity(kind: .bold, offset: 0, length: 2), MessageEntity(kind: .italic, offset: 2, length: 1)]
        #expect(Self.body("a b", apart) == "**a** *b*")
        #expect(Self.body("\u{A0}x\u{A0}", [MessageEntity(kind: .bold, offset: 0, length: 3)]) == "\u{A0}**x**\u{A0}")
        // White space between two styled words that is not styled itself stays plain.
        let two = [MessageEntity(kind: .code, offset: 0, length: 1), MessageEntity(kind: .code, offset: 2, length: 1)]
        #expect(Self.body("a b", two) == "`a` `b`")
        let links = [
            MessageEntity(kind: .textLink, offset: 0, length: 1, url: "https://e.example"),
            MessageEntity(kind: .textLink, offset: 2, length: 1, url: "https://e.example"),
        ]
        #expect(Self.body("a b", links) == "[a](https://e.example) [b](https://e.example)")
    }

    @Test func punctuationNextToALetterLeavesTheMarkersWhereTheyFlank() {
        // `a**"b"**` is no emphasis to a reader: the quotes go outside the markers.
        #expect(Self.body("a\"b\"c", [MessageEntity(kind: .bold, offset: 1, length: 3)]) == "a\"**b**\"c")
        #expect(Self.body("x(y)z", [MessageEntity(kind: .italic, offset: 1, length: 3)]) == "x(*y*)z")
        // Before a space, punctuation keeps its style: the marker flanks it there.
        #expect(Self.body("x(y)", [MessageEntity(kind: .italic, offset: 1, length: 3)]) == "x(*y)*")
        // Punctuation alone between letters loses the style; the text stays.
        #expect(Self.body("a.b", [MessageEntity(kind: .bold, offset: 1, length: 1)]) == "a.b")
        // A code span next to a letter keeps its code, not its emphasis.
        let code = [MessageEntity(kind: .bold, offset: 1, length: 1), MessageEntity(kind: .code, offset: 1, length: 1)]
        #expect(Self.body("ab", code) == "a`b`")
        // The `.` of `1.` at a line start is escaped even when a style cuts the two apart.
        #expect(Self.body("1.", [MessageEntity(kind: .italic, offset: 1, length: 1)]) == "1\\.")
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

    /// A sender's name in bold, a forward's origin in italics: the markers touch no white
    /// space (` Bob ` in stars is no emphasis) and an empty name is no rule (`****`).
    @Test func emphasizedFieldsLeaveTheirWhiteSpaceOut() {
        #expect(MarkdownText.emphasized(" Bob *\t", "**") == "**Bob \\***")
        #expect(MarkdownText.emphasized("", "**") == "")
        #expect(MarkdownText.emphasized(" \u{A0}", "*") == " \u{A0}")
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
/// strikethrough): random messages, their styles starting and ending anywhere (inside
/// words, next to punctuation, emoji and combining marks, touching one another), come out
/// as the same characters in paragraphs, quotes and code blocks only — no list, heading,
/// rule, table, raw HTML or stray marker — each character with some of its styles and
/// never one it does not have. Punctuation and symbols lose emphasis where markers move
/// to where a reader takes them; letters and digits lose one only where two styles
/// overlap in a way CommonMark cannot pair (its rule of three), which is rare: at most
/// 0.1 % of the styles of letters when styles start and end at word boundaries, 1 % when
/// they start and end anywhere.
@Suite struct MarkdownReadBackTests {
    static let cmark = ["/usr/bin/cmark-gfm", "/usr/local/bin/cmark-gfm"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// A character as a reader shows it and the inline elements around it (`strong`, `em`,
    /// `del`, `code`, `a`; `pre` for a code block's).
    struct Shown: Equatable, CustomStringConvertible {
        var scalar: Unicode.Scalar
        var styles: Set<String>
        var description: String { "\(scalar.escaped(asASCII: false))\(styles.sorted())" }
    }

    @Test(.enabled(if: cmark != nil, "cmark-gfm is not installed"), arguments: [false, true])
    func aReaderShowsEachCharacterWithItsStyles(wordBoundaries: Bool) throws {
        var random = SeededGenerator(seed: wordBoundaries ? 2026 : 2027)
        let allowed: Set<String> = ["p", "br", "strong", "em", "del", "code", "a", "blockquote", "pre"]
        var failures = 0
        var letterStyles = 0
        var lost = 0
        for _ in 0..<1_000 where failures < 5 {
            let (text, entities) = MarkdownSamples.message(&random, wordBoundaries: wordBoundaries)
            let styled = StyledTextBuilder.build(Normalizer.normalize(Message(text: text, entities: entities), detect: false).0)
            let markdown = MarkdownText.body(styled)
            let html = try Self.read(markdown)
            let (shown, tags) = Self.parse(html)
            let expected = Self.expected(styled)
            let context = "\(text.debugDescription) → \(markdown.debugDescription) → \(html.debugDescription)"
            var fine = tags.isSubset(of: allowed) && !html.contains("<!--")
            fine = fine && shown.map(\.scalar) == expected.map(\.scalar)
            if fine {
                for (got, want) in zip(shown, expected) {
                    if Self.isWord(want.scalar), !want.styles.contains("pre") {
                        letterStyles += want.styles.count
                        lost += want.styles.count - got.styles.intersection(want.styles).count
                    }
                    if !got.styles.isSubset(of: want.styles) {
                        fine = false
                        Issue.record("\(got) where \(want) was meant: \(context)")
                        break
                    }
                }
            } else {
                Issue.record("\(tags.subtracting(allowed).sorted()) \(shown) vs \(expected): \(context)")
            }
            if !fine { failures += 1 }
        }
        #expect(letterStyles > 1_000)
        #expect(Double(lost) <= Double(letterStyles) * (wordBoundaries ? 0.001 : 0.01), "\(lost) of \(letterStyles) lost")
    }

    /// True for a letter, digit or mark: a character no mend takes a style from.
    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        MarkdownInline.Flank.of(scalar) == .word
    }

    /// What a reader should show of `styled`, white space left out: unsafe scalars as their
    /// placeholders, backticks in code as `ˋ`, with the elements of each run's styles.
    static func expected(_ styled: StyledText) -> [Shown] {
        var out: [Shown] = []
        let units = styled.text.units
        for block in styled.blocks {
            for run in block.runs {
                var styles = Set<String>()
                if case .pre = block.kind {
                    styles = ["pre"]
                } else {
                    let a = run.style.attributes
                    if a.contains(.bold) { styles.insert("strong") }
                    if a.contains(.italic) { styles.insert("em") }
                    if a.contains(.strikethrough) { styles.insert("del") }
                    if a.contains(.code) { styles.insert("code") }
                    if run.style.link.flatMap(MarkdownText.safeLink) != nil { styles.insert("a") }
                }
                let code = styles.contains("code")
                for scalar in String(decoding: units[run.range], as: UTF16.self).unicodeScalars where !isSpace(scalar) {
                    let shown: Unicode.Scalar = code && scalar == "`" ? "ˋ" : DisplaySafety.placeholder(for: scalar) ?? scalar
                    out.append(Shown(scalar: shown, styles: styles))
                }
            }
        }
        return out
    }

    /// The characters of cmark-gfm's HTML, white space left out, each with the inline
    /// elements around it, and every element name met.
    static func parse(_ html: String) -> ([Shown], Set<String>) {
        var out: [Shown] = []
        var tags = Set<String>()
        var open: [String] = []
        let inline: Set<String> = ["strong", "em", "del", "code", "a", "pre"]
        let scalars = Array(html.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == "<" {
                var j = i + 1
                while j < scalars.count, scalars[j] != ">" { j += 1 }
                let inside = String(String.UnicodeScalarView(scalars[(i + 1)..<j]))
                let closing = inside.hasPrefix("/")
                let name = String(inside.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber })
                tags.insert(name)
                if closing {
                    if let k = open.lastIndex(of: name) { open.remove(at: k) }
                } else if !inside.hasSuffix("/") {
                    open.append(name)
                }
                i = j + 1
                continue
            }
            var scalar = c
            if c == "&" {
                var j = i + 1
                while j < scalars.count, scalars[j] != ";" { j += 1 }
                let name = String(String.UnicodeScalarView(scalars[(i + 1)..<j]))
                scalar = ["lt": "<", "gt": ">", "amp": "&", "quot": "\""][name] ?? "?"
                i = j + 1
            } else {
                i += 1
            }
            if isSpace(scalar) { continue }
            var styles = Set(open.filter { inline.contains($0) })
            if styles.contains("pre") { styles = ["pre"] }
            out.append(Shown(scalar: scalar, styles: styles))
        }
        return (out, tags)
    }

    /// White space as both sides leave it out.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar.properties.generalCategory == .spaceSeparator
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
