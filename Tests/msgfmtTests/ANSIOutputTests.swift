import Foundation
import Testing

/// `--to ansi` through the binary: untrusted text stays harmless.
@Suite struct ANSIOutputTests {
    typealias T = TerminalTestSupport

    /// The check: only msgfmt's own SGR and OSC 8 sequences, no raw ESC/BEL from
    /// the message, no `javascript:` hyperlink. Holds with any decoder; with the Bot API
    /// decoder the controls are real characters in the text.
    @Test func hostileMessageIsShownHarmlessly() throws {
        let r = try Binary.run(["--color", "always", "--to", "ansi"], stdin: T.hostileMessage, environment: T.env())
        #expect(r.status == 0)
        let rest = T.strippingOwnEscapes(r.stdout)
        #expect(!rest.contains("\u{1B}") && !rest.contains("\u{07}"), "\(r.stdout.debugDescription)")
        #expect(!r.stdout.contains("\u{1B}]8;id=msgfmt1-0;javascript"))
        #expect(!r.stdout.contains("\u{1B}]0;"))
        #expect(r.stdout.contains("hi"))
    }

    @Test
    func hostileControlsShowAsPlaceholders() throws {
        let r = try Binary.run(["--color", "always", "--width", "80"], stdin: T.hostileMessage, environment: T.env())
        #expect(T.strippingOwnEscapes(r.stdout) == "␛]0;pwned␇ ␛[2J hi <script>alert(1)</script>\n")
        #expect(!r.stdout.contains("\u{1B}]8;"))
    }

    @Test func rawControlsInTextInputNeverReachTheTerminal() throws {
        // (NEL, U+0085, is left out: layout treats it as the line break it is.)
        let input = "a\u{1B}]0;pwned\u{07}b\u{1B}[31mc\u{7F}\u{9D}d\u{2067}e\u{202D}f"
        let r = try Binary.run(["--color", "always", "--hyperlinks", "always"], stdin: input, environment: T.env())
        let rest = T.strippingOwnEscapes(r.stdout)
        // Bidi controls may move in visual order; what matters is that each is a placeholder.
        #expect(rest.hasPrefix("a␛]0;pwned␇b␛[31mc␡\u{FFFD}"))
        #expect(rest.filter { $0 == "\u{FFFD}" }.count == 3)
        #expect(
            !rest.unicodeScalars.contains {
                $0 != "\n"
                    && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
                        || (0x2066...0x2069).contains($0.value))
            })
    }

    /// Hyperlink ids number a message among all the inputs of a run, on one thread or
    /// several: two files' first links get two ids.
    @Test func hyperlinkIdsStayUniqueAcrossInputFiles() throws {
        let link = { (n: Int, url: String) in
            "{\"message_id\":\(n),\"text\":\"see docs\",\"entities\":[{\"offset\":4,\"length\":4,\"type\":\"text_link\",\"url\":\"\(url)\"}]}\n"
        }
        let first = try HostileInputTests.temporaryFile(Array(link(1, "https://a.example/").utf8), name: "a.jsonl")
        let second = try HostileInputTests.temporaryFile(
            Array((link(2, "https://b.example/") + link(3, "https://c.example/")).utf8), name: "b.jsonl")
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        for jobs in ["1", "2"] {
            let r = try Binary.run(
                ["--from", "bot-api", "--color", "always", "--hyperlinks", "always", "--jobs", jobs, first.path, second.path],
                environment: T.env())
            #expect(r.status == 0)
            let ids = r.stdout.components(separatedBy: "\u{1B}]8;id=").dropFirst().map { $0.prefix { $0 != ";" } }
            #expect(ids == ["msgfmt1-0", "msgfmt2-0", "msgfmt3-0"], "--jobs \(jobs)")
        }
    }

    @Test
    func spoilersAreMaskedOrRevealed() throws {
        let hidden = try Binary.run(["--color", "never"], stdin: T.styledMessage, environment: T.env())
        #expect(hidden.stdout == "bold link ░░░░░░\n")
        let shown = try Binary.run(["--color", "never", "--spoilers", "reveal"], stdin: T.styledMessage, environment: T.env())
        #expect(shown.stdout == "bold link secret\n")
    }
}
