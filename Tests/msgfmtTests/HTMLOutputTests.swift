import Testing

/// `--to html` through the binary.
@Suite struct HTMLOutputTests {
    typealias T = TerminalTestSupport

    @Test func hostileMessageHasNoScriptOrJavascriptLink() throws {
        for args in [["--to", "html"], ["--to", "html", "--standalone"]] {
            let r = try Binary.run(args + ["--color", "always"], stdin: T.hostileMessage, environment: T.env())
            #expect(r.status == 0)
            let lower = r.stdout.lowercased()
            // The standalone page has exactly one script: msgfmt's own spoiler script.
            #expect(lower.components(separatedBy: "<script").count == (args.count == 3 ? 2 : 1), "\(r.stdout)")
            #expect(!lower.contains("href=\"javascript") && !lower.contains("<a href=\"java"))
            #expect(!r.stdout.contains("\u{1B}") && !r.stdout.contains("\u{07}"))
            #expect(r.stdout.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        }
    }

    @Test func fragmentAndStandalonePage() throws {
        let fragment = try Binary.run(["--to", "html"], stdin: "a & b", environment: T.env())
        #expect(fragment.stdout == "<div class=\"msgfmt-message\">\n<p dir=\"auto\">a &amp; b</p>\n</div>\n")
        let page = try Binary.run(["--to", "html", "--standalone", "--theme", "light"], stdin: "x", environment: T.env())
        #expect(page.stdout.hasPrefix("<!DOCTYPE html>\n<html lang=\"und\" data-theme=\"light\">"))
        #expect(page.stdout.contains("Content-Security-Policy"))
        #expect(!page.stdout.contains("src=") && !page.stdout.contains("<link"))
        // Tabs are as far apart as layout puts them (4 by default, --tab-width otherwise;
        // a browser's own is 8), in a style the page's policy allows.
        #expect(page.stdout.contains(".msgfmt-message{padding:.6rem 0;border-bottom:1px solid var(--rule);tab-size:4}"))
        let wide = try Binary.run(["--to", "html", "--standalone", "--tab-width", "2"], stdin: "x\ty", environment: T.env())
        #expect(wide.stdout.contains("<style>.msgfmt-message{tab-size:2}</style>"))
        let policy = try #require(wide.stdout.firstMatch(of: #/style-src (.*?) script-src/#)).1
        #expect(policy.components(separatedBy: "sha256-").count == 3, "both style sheets allowed: \(policy)")
    }

    @Test
    func styledMessageBecomesSemanticHTML() throws {
        let r = try Binary.run(["--to", "html"], stdin: T.styledMessage, environment: T.env())
        #expect(r.stdout.contains("<strong>bold</strong>"))
        #expect(r.stdout.contains(#"<a href="https://example.com/" rel="noopener noreferrer nofollow">link</a>"#))
        #expect(r.stdout.contains(#"<span class="msgfmt-spoiler" role="button" tabindex="0""#))
    }

    @Test
    func maxLinesTruncatesTheHTMLToo() throws {
        let r = try Binary.run(
            ["--to", "html", "--width", "10", "--max-lines", "1"], stdin: "alpha beta gamma delta", environment: T.env())
        // Only what the one laid-out line kept, then the ellipsis.
        #expect(r.stdout.contains("<p dir=\"auto\">alpha"), "\(r.stdout)")
        #expect(r.stdout.contains("<span class=\"msgfmt-ellipsis\">…</span></p>"), "\(r.stdout)")
        #expect(!r.stdout.contains("gamma") && !r.stdout.contains("delta"))
    }
}
