import Foundation
import Testing

@testable import MsgfmtCore

/// Opens standalone HTML pages in headless Chromium: nothing from the message runs, and
/// spoilers stay hidden until clicked or activated from the keyboard. Skipped only when
/// no Chromium is installed (CI installs it: `.ci/run`).
@Suite(.serialized) struct EmitBrowserTests {
    static let chromium: String? = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap { name in
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }.first

    /// A message that would change the title, add elements or set a marker if any of it ran.
    static let hostile: EmitSample = {
        let text = "<script>document.title='pwned'</script><img src=x onerror=\"document.body.dataset.pwned=1\"> click secret more"
        func range(_ part: String) -> Range<Int> {
            let r = text.range(of: part)!
            return text.utf16.distance(
                from: text.startIndex, to: r.lowerBound)..<text.utf16.distance(from: text.startIndex, to: r.upperBound)
        }
        return EmitSample(
            text: text,
            runs: [
                (range("<script>document.title='pwned'</script>"), .with(.bold)),
                (range("click"), .with(.textLink, link: "javascript:document.body.dataset.pwned=1")),
                (range("secret"), .with(.spoiler)),
                (range("more"), .with([.spoiler, .textLink], link: "https://example.com/")),
            ])
    }()

    static func page(_ sample: EmitSample) -> String {
        var options = StyleOptions()
        options.standalone = true
        return EmitCapture.html([sample.rendered()], options)
    }

    /// The DOM after scripts ran.
    static func dumpDOM(_ html: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("page.html")
        try Data(html.utf8).write(to: file)
        return try dumpDOM(of: file, budget: 3000)
    }

    /// The page at `url` opened in Chromium, its DOM after the load event and `budget`
    /// milliseconds of virtual time; `flags` are added.
    static func dumpDOM(of url: URL, flags: [String] = [], budget: Int = 5000) throws -> String {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-browser-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium ?? "/usr/bin/chromium")
        process.arguments =
            ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)"] + flags + [
                "--run-all-compositor-stages-before-draw", "--virtual-time-budget=\(budget)", "--dump-dom", url.absoluteString,
            ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(.enabled(if: chromium != nil, "chromium is not installed"))
    func nothingFromTheMessageRuns() throws {
        let html = Self.page(Self.hostile)
        let dom = try Self.dumpDOM(html)
        #expect(dom.contains("<title>msgfmt</title>"))
        #expect(dom.contains("&lt;script&gt;document.title='pwned'&lt;/script&gt;"))
        #expect(!dom.contains("data-pwned"))
        #expect(!dom.contains("<img"))
        #expect(!dom.lowercased().contains("href=\"javascript"))
        // Initially hidden: the spoilers still carry their button role and no revealed class.
        #expect(dom.components(separatedBy: "class=\"msgfmt-spoiler\" role=\"button\"").count == 3)
        #expect(!dom.contains("msgfmt-spoiler msgfmt-revealed"))
    }

    @Test(.enabled(if: chromium != nil, "chromium is not installed"))
    func spoilersRevealOnClickAndKeyboard() throws {
        // A test-only script (never part of msgfmt's output) reports what a reader sees;
        // the page's policy is extended by exactly that script's hash.
        let probe = """
            (function(){var s=document.querySelectorAll(".msgfmt-spoiler");var t=function(i){return getComputedStyle(s[i].querySelector(".msgfmt-spoiler-text")).visibility};\
            var r=[t(0),t(1)];s[0].click();r.push(t(0),t(1));s[1].focus();\
            s[1].dispatchEvent(new KeyboardEvent("keydown",{key:"Enter",bubbles:true}));r.push(t(1),String(document.querySelectorAll("img").length));\
            document.body.setAttribute("data-probe",r.join(","))})();
            """
        var html = Self.page(Self.hostile)
        let policy = HTMLEscaping.escape(HTMLPage.contentSecurityPolicy)
        let extended = HTMLEscaping.escape(
            HTMLPage.contentSecurityPolicy.replacingOccurrences(
                of: "script-src ", with: "script-src \(HTMLContentHash.cspSource(for: probe)) "))
        #expect(html.contains(policy))
        html = html.replacingOccurrences(of: policy, with: extended)
            .replacingOccurrences(of: "</body>", with: "<script>\(probe)</script>\n</body>")
        let dom = try Self.dumpDOM(html)
        // hidden, hidden → click → visible, hidden → Enter → visible; no <img> created.
        #expect(dom.contains("data-probe=\"hidden,hidden,visible,hidden,visible,0\""), "\(dom)")
        #expect(!dom.contains("data-pwned"))
    }
}
