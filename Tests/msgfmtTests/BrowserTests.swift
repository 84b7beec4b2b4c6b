import Foundation
import Testing

/// The binary's standalone HTML opened in headless Chromium: nothing from the message
/// runs. (Spoiler clicking is tested on the library's page in `EmitBrowserTests`.)
/// Skipped only when Chromium is not installed (CI installs it: `.ci/run`).
@Suite struct BrowserTests {
    typealias T = TerminalTestSupport
    static let chromium = T.tool("chromium", "chromium-browser", "google-chrome")

    /// What would show if anything from the input ran: a changed title, a marker
    /// attribute, an element.
    static let payloads = [
        #"<script>document.title='pwned'</script><img src=x onerror="document.body.dataset.pwned=1"><svg onload="document.body.dataset.pwned=2">"#,
        #"{"text":"x <script>document.title='pwned'</script> \u003cimg src=x onerror=document.body.dataset.pwned=3\u003e click","entities":[{"type":"text_link","offset":0,"length":1,"url":"javascript:document.body.dataset.pwned=4"},{"type":"spoiler","offset":2,"length":10}]}"#,
    ]

    @Test(.enabled(if: chromium != nil, "chromium is not installed"), arguments: payloads)
    func pageRunsNothingFromTheMessage(_ payload: String) throws {
        let page = try Binary.run(["--to", "html", "--standalone"], stdin: payload, environment: T.env())
        #expect(page.status == 0)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("page.html")
        try Data(page.stdout.utf8).write(to: file)
        let dom = try T.shell(
            Self.chromium ?? "chromium",
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(dir.path)/profile",
                "--virtual-time-budget=2000", "--dump-dom", file.absoluteString,
            ])
        #expect(dom.contains("<title>msgfmt</title>"), "\(dom)")
        #expect(dom.contains("class=\"msgfmt-message\""))
        #expect(!dom.contains("data-pwned"))
        #expect(!dom.contains("<img") && !dom.contains("<svg"))
        #expect(!dom.lowercased().contains("href=\"javascript"), "\(dom)")
    }
}
