import Testing

@testable import MsgfmtCore

@Suite struct ANSIEmitterTests {
    let esc = "\u{1B}"

    @Test func transitionsWriteOnlyDifferences() {
        var bold = ANSIAttributes()
        bold.bold = true
        var boldItalic = bold
        boldItalic.italic = true
        var out = ""
        bold.transition(to: boldItalic, into: &out)
        #expect(out == "\(esc)[3m")
        out = ""
        boldItalic.transition(to: boldItalic, into: &out)
        #expect(out == "")
        out = ""
        boldItalic.transition(to: .plain, into: &out)
        #expect(out == "\(esc)[0m")
    }

    @Test func switchingOffBoldKeepsDim() {
        var from = ANSIAttributes()
        from.bold = true
        from.dim = true
        var to = ANSIAttributes()
        to.dim = true
        to.foreground = 94
        var out = ""
        from.transition(to: to, into: &out)
        #expect(out == "\(esc)[22;2;94m")
        out = ""
        to.transition(to: from, into: &out)
        #expect(out == "\(esc)[1;39m")
    }

    /// The state a terminal in `state` is left in by the SGR sequence `bytes` (nil when
    /// `bytes` is not one `ESC [ codes m` sequence of codes a transition may use).
    static func applying(_ bytes: [UInt8], to state: ANSIAttributes) -> ANSIAttributes? {
        guard bytes.count >= 3, bytes.prefix(2) == [0x1B, 0x5B], bytes.last == 0x6D else { return nil }
        var s = state
        for code in String(decoding: bytes.dropFirst(2).dropLast(), as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false) {
            switch Int(code) {
            case 0: s = .plain
            case 1: s.bold = true
            case 2: s.dim = true
            case 22: (s.bold, s.dim) = (false, false)
            case 3, 23: s.italic = code == "3"
            case 4, 24: s.underline = code == "4"
            case 7, 27: s.reverse = code == "7"
            case 9, 29: s.strikethrough = code == "9"
            case 39: s.foreground = nil
            case .some(let c) where (30...37).contains(c) || (90...97).contains(c): s.foreground = UInt8(c)
            default: return nil
            }
        }
        return s
    }

    /// The attributes are stored packed; each reads back what was last set, alone and
    /// beside the others.
    @Test func attributesReadBackWhatWasSet() {
        for bits in 0..<64 {
            for color: UInt8? in [nil, 30, 37, 90, 97, 255] {
                var a = ANSIAttributes()
                a.foreground = 31
                (a.bold, a.dim, a.italic) = (bits & 1 != 0, bits & 2 != 0, bits & 4 != 0)
                (a.underline, a.reverse, a.strikethrough) = (bits & 8 != 0, bits & 16 != 0, bits & 32 != 0)
                a.foreground = color
                #expect([a.bold, a.dim, a.italic, a.underline, a.reverse, a.strikethrough] == (0..<6).map { bits >> $0 & 1 != 0 })
                #expect(a.foreground == color)
                #expect(a.isPlain == (bits == 0 && color == nil))
                a.bold.toggle()
                #expect(a.bold == (bits & 1 == 0) && a.foreground == color)
            }
        }
    }

    @Test func everyTransitionReachesItsTargetWithinTheLongestSequence() {
        // Every combination of the six attributes with no, a dark and a bright color.
        let states: [ANSIAttributes] = (0..<64).flatMap { bits in
            [nil, 31, 97].map { (color: UInt8?) in
                var a = ANSIAttributes()
                (a.bold, a.dim, a.italic) = (bits & 1 != 0, bits & 2 != 0, bits & 4 != 0)
                (a.underline, a.reverse, a.strikethrough) = (bits & 8 != 0, bits & 16 != 0, bits & 32 != 0)
                a.foreground = color
                return a
            }
        }
        var longest = 0
        for from in states {
            for to in states {
                var out: [UInt8] = [0x41]
                from.transition(to: to, into: &out)
                #expect(out.first == 0x41)
                let sequence = Array(out.dropFirst())
                longest = max(longest, sequence.count)
                if from == to {
                    #expect(sequence.isEmpty)
                } else if Self.applying(sequence, to: from) != to {
                    Issue.record("\(from) -> \(to): \(String(decoding: sequence, as: UTF8.self).debugDescription)")
                    return
                }
            }
        }
        #expect(longest <= ANSIAttributes.longestTransition)
        #expect(longest >= 20)
    }

    @Test func stylesAndClosesBeforeEachNewline() {
        let sample = EmitSample(text: "ab\ncd", runs: [(1..<4, .with(.bold))])
        let out = EmitCapture.ansi([sample.rendered()], .full)
        #expect(out == "a\(esc)[1mb\(esc)[0m\n\(esc)[1mc\(esc)[0md\n")
    }

    @Test func colorOffWritesNoEscapes() {
        let sample = EmitSample(
            text: "bold link\nspoiler",
            runs: [
                (0..<4, .with(.bold)), (5..<9, .with(.textLink, link: "https://example.com")), (10..<17, .with(.spoiler)),
            ])
        let out = EmitCapture.ansi([sample.rendered()], StyleOptions())
        #expect(!out.contains(esc))
        #expect(out == "bold link\n░░░░░░░\n")
    }

    @Test func attributesWithoutColorHaveNoColorCodes() {
        var options = StyleOptions()
        options.attributes = true
        let sample = EmitSample(text: "code link", runs: [(0..<4, .with([.code, .bold])), (5..<9, .with(.url, link: "https://x.org"))])
        let out = EmitCapture.ansi([sample.rendered()], options)
        #expect(out == "\(esc)[1mcode\(esc)[0m link\n")
    }

    @Test func paletteColorsLinksAndCode() {
        var options = StyleOptions.full
        options.hyperlinks = false
        let sample = EmitSample(text: "code @me", runs: [(0..<4, .with(.code)), (5..<8, .with(.mention))])
        #expect(EmitCapture.ansi([sample.rendered()], options) == "\(esc)[96mcode\(esc)[0m \(esc)[94m@me\(esc)[0m\n")
        options.theme = .light
        #expect(EmitCapture.ansi([sample.rendered()], options) == "\(esc)[36mcode\(esc)[0m \(esc)[34m@me\(esc)[0m\n")
    }

    @Test func wrappedLinkKeepsItsID() {
        let sample = EmitSample(text: "see one\ntwo end", runs: [(4..<11, .with(.textLink, link: "https://example.com/a b"))])
        var options = StyleOptions()
        options.hyperlinks = true
        let out = EmitCapture.ansi([sample.rendered()], options)
        let open = "\(esc)]8;id=msgfmt1-0;https://example.com/a%20b\(esc)\\"
        let close = "\(esc)]8;;\(esc)\\"
        #expect(out == "see \(open)one\(close)\n\(open)two\(close) end\n")
    }

    /// The URI an OSC 8 sequence opens is `LinkPolicy.safeURI`'s, written straight into the
    /// output: schemes kept, `http://` before a bare host, everything else percent-encoded;
    /// refused links open nothing.
    @Test func hyperlinksCarryTheSafeURI() {
        var options = StyleOptions()
        options.hyperlinks = true
        let links = [
            "https://example.com/?q=1&r=2", "example.com/path a", "tg://user?id=5", "mailto:a@b.c", "https://пример.рф/путь",
            "HTTPS://X.ORG/\u{7F}\"<>", "javascript:alert(1)", " https://x.org", "x.org",
            "https://example.com/" + String(repeating: "é", count: 690), "https://example.com/" + String(repeating: "é", count: 700),
        ]
        for link in links {
            let sample = EmitSample(text: "click", runs: [(0..<5, .with(.textLink, link: link))])
            let out = EmitCapture.ansi([sample.rendered()], options)
            if let uri = LinkPolicy.safeURI(link) {
                #expect(out == "\(esc)]8;id=msgfmt1-0;\(uri)\(esc)\\click\(esc)]8;;\(esc)\\\n", "\(link)")
            } else {
                #expect(out == "click\n", "\(link)")
            }
        }
    }

    @Test func unsafeOrHugeLinksShowAsText() {
        var options = StyleOptions()
        options.hyperlinks = true
        for link in ["javascript:alert(1)", "https://example.com/" + String(repeating: "a", count: 2100), "file:///etc/passwd"] {
            let sample = EmitSample(text: "click", runs: [(0..<5, .with(.textLink, link: link))])
            #expect(EmitCapture.ansi([sample.rendered()], options) == "click\n")
        }
    }

    @Test func hiddenSpoilerIsMaskedAtTheSameWidthAndNotLinked() {
        let sample = EmitSample(text: "a 你好 b", runs: [(2..<4, Style(attributes: [.spoiler, .textLink], link: "https://x.org"))])
        let out = EmitCapture.ansi([sample.rendered()], .full)
        #expect(out == "a \(esc)[2m░░░░\(esc)[0m b\n")
        var reveal = StyleOptions.full
        reveal.spoilers = .reveal
        let shown = EmitCapture.ansi([sample.rendered()], reveal)
        #expect(shown.contains("你好"))
        #expect(shown.contains("\(esc)]8;id="))
    }

    @Test func controlsInDisplayAreNeutralised() {
        // A layout that (wrongly) let raw controls into `display` still cannot reach the terminal.
        let fragment = LayoutFragment(
            x: 0, width: 9, start: 0, end: 9, text: "", display: "\u{1B}]0;x\u{07}\u{9B}2J\u{202E}", style: .plain)
        let line = LayoutLine(y: 0, x: 0, width: 9, start: 0, end: 9, block: .paragraph, rtl: false, fragments: [fragment])
        let message = RenderedMessage(
            index: 0, message: Message(text: ""), styled: StyledText(plain: ""),
            layout: TextLayout(text: "", width: 9, truncated: false, lines: [line]), diagnostics: [])
        let out = EmitCapture.ansi([message], StyleOptions())
        #expect(out == "␛]0;x␇\u{FFFD}2J\u{FFFD}\n")
    }

    @Test func quoteBarIsDimAndColoured() {
        let sample = EmitSample(
            text: "q", blocks: [Block(kind: .paragraph, quote: BlockQuote(index: 0, expandable: false), range: 0..<1, runs: [])])
        #expect(EmitCapture.ansi([sample.rendered()], .full) == "\(esc)[2;94m▎\(esc)[0mq\n")
    }

    @Test func messagesAreSeparatedByABlankLine() {
        let out = EmitCapture.ansi([EmitSample(text: "a").rendered(), EmitSample(text: "b").rendered(index: 1)], StyleOptions())
        #expect(out == "a\n\nb\n")
    }

    @Test func indentsAndFillsGaps() {
        let f1 = LayoutFragment(x: 0, width: 1, start: 0, end: 1, text: "a", display: "a", style: .with(.bold))
        let f2 = LayoutFragment(x: 3, width: 1, start: 2, end: 3, text: "b", display: "b", style: .with(.bold))
        let line = LayoutLine(y: 0, x: 2, width: 4, start: 0, end: 3, block: .paragraph, rtl: false, fragments: [f1, f2])
        let message = RenderedMessage(
            index: 0, message: Message(text: "a b"), styled: StyledText(plain: "a b"),
            layout: TextLayout(text: "a b", width: 6, truncated: false, lines: [line]), diagnostics: [])
        #expect(EmitCapture.ansi([message], .full) == "  \(esc)[1ma\(esc)[0m  \(esc)[1mb\(esc)[0m\n")
    }
}
