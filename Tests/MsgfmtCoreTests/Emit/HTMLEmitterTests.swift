import Foundation
import Testing

@testable import MsgfmtCore

@Suite struct HTMLEmitterTests {
    func html(
        _ sample: EmitSample, _ options: StyleOptions = StyleOptions(), layout: LayoutConstraints = LayoutConstraints(), maxLines: Int = 0
    ) -> String {
        HTMLEmitter.fragment(for: sample.rendered(maxLines: maxLines), options: options, layout: layout)
    }

    @Test func escapesTextAndAttributes() {
        #expect(HTMLEscaping.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(HTMLEscaping.escape("\u{1B}[2J\u{202E}") == "␛[2J\u{FFFD}")
        // Appended as bytes after what is there, the same text, clean or not, as the
        // scalar-by-scalar rule of the units path gives it.
        for text in ["plain Привет 😀", "<b>'&'</b>", "line\nbreak\ttab", "\u{1B}[2J\u{202E}", ""] {
            var bytes = Array("x".utf8)
            HTMLEscaping.append(text, newlines: .space, into: &bytes)
            var expected = "x"
            HTMLEscaping.append(units: Array(text.utf16), range: 0..<text.utf16.count, newlines: .space, into: &expected)
            #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(text)")
            #expect(HTMLEscaping.escape(text) == String(expected.dropFirst()), "\(text)")
        }
    }

    @Test func semanticTags() {
        let sample = EmitSample(
            text: "bold it under strike code",
            runs: [
                (0..<4, .with(.bold)), (5..<7, .with([.italic, .bold])), (8..<13, .with(.underline)),
                (14..<20, .with(.strikethrough)), (21..<25, .with(.code)),
            ], messageID: 7)
        #expect(
            html(sample) == """
                <div class="msgfmt-message" data-message-id="7">
                <p dir="auto"><strong>bold</strong> <strong><em>it</em></strong> <u>under</u> <s>strike</s> <code>code</code></p>
                </div>

                """)
    }

    @Test func neighbouringRunsShareOuterElements() {
        let sample = EmitSample(text: "abc", runs: [(0..<1, .with(.bold)), (1..<2, .with([.bold, .italic])), (2..<3, .with(.bold))])
        #expect(html(sample).contains("<p dir=\"auto\"><strong>a<em>b</em>c</strong></p>"))
    }

    @Test func linksGetRelAndOnlyAllowedSchemes() {
        let sample = EmitSample(
            text: "good bad",
            runs: [
                (0..<4, .with(.textLink, link: "https://x.org/?a=1&b=\"2\"")), (5..<8, .with(.textLink, link: "javascript:alert(1)")),
            ])
        #expect(
            html(sample).contains(
                #"<p dir="auto"><a href="https://x.org/?a=1&amp;b=%222%22" rel="noopener noreferrer nofollow">good</a> bad</p>"#))
    }

    @Test func spoilersAreButtonsUntilRevealed() {
        let sample = EmitSample(text: "a secret", runs: [(2..<8, .with(.spoiler))])
        #expect(
            html(sample).contains(
                #"a <span class="msgfmt-spoiler" role="button" tabindex="0" aria-label="Spoiler: press to reveal"><span class="msgfmt-spoiler-text">secret</span></span>"#
            ))
        var reveal = StyleOptions()
        reveal.spoilers = .reveal
        #expect(
            html(sample, reveal).contains(
                #"<span class="msgfmt-spoiler msgfmt-revealed"><span class="msgfmt-spoiler-text">secret</span></span>"#))
    }

    @Test func preBlocksKeepNewlinesAndSanitizeTheLanguage() {
        let sample = EmitSample(
            text: "see\nlet x = 1\n<y>\nend",
            runs: [(4..<17, .with(.pre))],
            blocks: [
                Block(kind: .paragraph, range: 0..<4, runs: []),
                Block(kind: .pre(language: "swift\" onmouseover=\"x"), range: 4..<17, runs: []),
                Block(kind: .paragraph, range: 17..<21, runs: []),
            ])
        #expect(
            html(sample) == """
                <div class="msgfmt-message">
                <p dir="auto">see</p>
                <pre><code class="language-swiftonmouseoverx">let x = 1
                &lt;y&gt;</code></pre>
                <p dir="auto">end</p>
                </div>

                """)
    }

    @Test func quotesAndExpandableQuotes() {
        let sample = EmitSample(
            text: "q1\nq2\nmore",
            blocks: [
                Block(kind: .paragraph, quote: BlockQuote(index: 0, expandable: false), range: 0..<3, runs: []),
                Block(kind: .paragraph, quote: BlockQuote(index: 1, expandable: true), range: 3..<6, runs: []),
                Block(kind: .paragraph, range: 6..<10, runs: []),
            ])
        #expect(
            html(sample) == """
                <div class="msgfmt-message">
                <blockquote><p dir="auto">q1</p></blockquote>
                <details class="msgfmt-expandable"><summary><span class="msgfmt-preview">q2</span></summary><blockquote><p dir="auto">q2</p></blockquote></details>
                <p dir="auto">more</p>
                </div>

                """)
        var expanded = LayoutConstraints()
        expanded.expandQuotes = true
        #expect(html(sample, layout: expanded).contains(#"<details class="msgfmt-expandable" open>"#))
    }

    @Test func lineLimitShowsOnlyTheKeptText() {
        let sample = EmitSample(text: "one\ntwo\nthree", runs: [(2..<9, .with(.bold))])
        var limit = LayoutConstraints()
        limit.maxLines = 2
        #expect(
            html(sample, layout: limit, maxLines: 2) == """
                <div class="msgfmt-message">
                <p dir="auto">on<strong>e<br>two</strong><span class="msgfmt-ellipsis">…</span></p>
                </div>

                """)
        // Without a line limit the whole text is shown even if the layout was cut.
        #expect(html(sample, maxLines: 2).contains("t</strong>hree</p>"))
    }

    @Test func customEmojiAndDates() {
        var emoji = Style.with(.customEmoji)
        emoji.customEmojiID = "5368324170671202286\"x"
        var date = Style.with(.dateTime)
        date.unixTime = 1_700_000_000
        let sample = EmitSample(text: "👍 now", runs: [(0..<2, emoji), (3..<6, date)])
        let out = html(sample)
        #expect(out.contains(#"<span class="msgfmt-custom-emoji" data-custom-emoji-id="5368324170671202286&quot;x">👍</span>"#))
        #expect(out.contains(#"<time datetime="2023-11-14T22:13:20Z">now</time>"#))
        #expect(HTMLDateTime.iso8601(0) == "1970-01-01T00:00:00Z")
        #expect(HTMLDateTime.iso8601(-1) == "1969-12-31T23:59:59Z")
        #expect(HTMLDateTime.iso8601(951_782_400) == "2000-02-29T00:00:00Z")
        #expect(HTMLDateTime.iso8601(Int64.max) == nil)
    }

    @Test func standalonePageAllowsOnlyItsOwnInlineCode() {
        var options = StyleOptions()
        options.standalone = true
        let out = EmitCapture.html([EmitSample(text: "a").rendered(), EmitSample(text: "b").rendered(index: 1)], options)
        #expect(out.hasPrefix("<!DOCTYPE html>"))
        #expect(out.components(separatedBy: "<div class=\"msgfmt-message\">").count == 3)
        #expect(out.contains(HTMLEscaping.escape(HTMLPage.contentSecurityPolicy)))
        #expect(!out.contains("http://") && !out.contains("https://"))
        #expect(out.hasSuffix("</html>\n"))
    }

    @Test func sha256MatchesKnownDigests() {
        func hex(_ s: String) -> String { HTMLContentHash.sha256(Array(s.utf8)).map { String(format: "%02x", $0) }.joined() }
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(String(repeating: "a", count: 1000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
        #expect(HTMLContentHash.base64([0xFF, 0xEE]) == "/+4=")
        #expect(HTMLContentHash.base64(Array("hello".utf8)) == "aGVsbG8=")
    }

    @Test func malformedBlocksDoNotCrash() {
        let text = UTF16Text("ab\n")
        let styled = StyledText(
            text: text,
            blocks: [
                Block(
                    kind: .paragraph, quote: BlockQuote(index: 0, expandable: true), range: 0..<9,
                    runs: [StyledRun(range: 1..<7, style: .with(.bold))]),
                Block(kind: .pre(language: nil), range: 5..<12, runs: []),
            ])
        let message = RenderedMessage(index: 0, message: Message(text: "ab\n"), styled: styled, layout: nil, diagnostics: [])
        let out = HTMLEmitter.fragment(for: message, options: StyleOptions())
        #expect(out.contains("<strong>b</strong>"), "\(out)")
    }
}

extension HTMLEmitterTests {
    @Test func escapingFromUnitsMatchesEscapingStrings() {
        let samples = ["", "plain", "a<b>&\"'\n\tc", "👍<你>\u{1B}\u{202E}x", "é\u{7F}\u{85}"]
        for s in samples {
            var fromUnits = ""
            HTMLEscaping.append(units: Array(s.utf16), range: 0..<s.utf16.count, newlines: .lineBreak, into: &fromUnits)
            var fromString = ""
            HTMLEscaping.append(s.unicodeScalars, newlines: .lineBreak, into: &fromString)
            #expect(fromUnits == fromString)
        }
        var lone = ""
        HTMLEscaping.append(units: [0x61, 0xD800, 0x3C], range: 0..<3, newlines: .keep, into: &lone)
        #expect(lone == "a\u{FFFD}&lt;")
    }

    @Test func escapingIntoBytesMatchesEscapingIntoStrings() {
        let samples = ["", "plain", "a<b>&\"'\n\tc\r", "👍<你>\u{1B}\u{202E}\u{2066}x", "é\u{7F}\u{85}\u{A0}"]
        for s in samples {
            for newlines in [HTMLEscaping.Newlines.lineBreak, .keep, .space] {
                var expected = ""
                HTMLEscaping.append(units: Array(s.utf16), range: 0..<s.utf16.count, newlines: newlines, into: &expected)
                var bytes: [UInt8] = []
                HTMLEscaping.append(s, newlines: newlines, into: &bytes)
                #expect(String(decoding: bytes, as: UTF8.self) == expected)
            }
        }
        var lone: [UInt8] = []
        [UInt16]([0x61, 0xD800, 0x3C, 0xDC00]).withUnsafeBufferPointer {
            HTMLEscaping.append(units: $0, range: 0..<4, newlines: .keep, into: &lone)
        }
        #expect(String(decoding: lone, as: UTF8.self) == "a\u{FFFD}&lt;\u{FFFD}")
    }
}
