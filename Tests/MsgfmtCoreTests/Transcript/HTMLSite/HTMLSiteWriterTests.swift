import Foundation
import Testing

@testable import MsgfmtCore

@Suite struct HTMLSiteWriterTests {
    /// The site of export `bytes`; without search unless asked (`SearchSiteTests` has the
    /// site with search).
    func site(_ bytes: [UInt8], pageSize: Int, search: Bool = false) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-site-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var options = ExportOptions()
        options.format = .html
        options.style = .bubbles
        options.pageSize = pageSize
        options.search = search
        options.render.to = .html
        let writer = HTMLSiteWriter(options: options, directory: dir.path)
        _ = try ExportConverter(options: options, writer: writer, report: { _ in }).run(ExportByteSource(bytes: bytes, name: "t"))
        return dir
    }

    func read(_ dir: URL, _ path: String) throws -> String {
        try String(contentsOf: dir.appendingPathComponent(path), encoding: .utf8)
    }

    /// A poll's options are the items of the box's list, without the `• ` the terminal
    /// transcripts draw before them.
    @Test func pollOptionsAreListItemsWithoutASecondBullet() {
        let poll = MediaPlaceholder.poll(
            question: "Ship?", options: [.init(text: "Yes", votes: 3, chosen: true), .init(text: "• No", votes: 2)], total: 5,
            closed: false)
        #expect(poll.details == ["• Yes — 3 votes ✓", "• • No — 2 votes"])
        let box = HTMLSiteWriter.mediaBox(poll)
        #expect(box.contains("<ul><li>Yes — 3 votes ✓</li><li>• No — 2 votes</li></ul>"))
    }

    @Test func pagesLinkAndRepliesCrossPages() throws {
        let dir = try site(SyntheticExport.chat(count: 25), pageSize: 10)
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("chat_001").path).sorted()
        #expect(files == ["days.html", "messages.html", "messages2.html", "messages3.html"])
        let p1 = try read(dir, "chat_001/messages.html")
        let p2 = try read(dir, "chat_001/messages2.html")
        let p3 = try read(dir, "chat_001/messages3.html")
        #expect(!p1.contains("class=\"prev\"") && p1.contains("<a class=\"next\" href=\"messages2.html\">"))
        #expect(p2.contains("<a class=\"prev\" href=\"messages.html\">") && p2.contains("href=\"messages3.html\""))
        #expect(p3.contains("href=\"messages2.html\"") && !p3.contains("class=\"next\""))
        // Message 14 replies to 9 (previous page), 21 to 16 (previous page), 7 to 2 (same page).
        #expect(p2.contains("<a href=\"messages.html#message9\">"))
        #expect(p3.contains("<a href=\"messages2.html#message16\">"))
        #expect(p1.contains("<a href=\"#message2\">"))
        for id in 1...25 {
            let page = [p1, p2, p3][(id - 1) / 10]
            #expect(page.components(separatedBy: "id=\"message\(id)\"").count == 2, "message \(id) once")
        }
        let index = try read(dir, "index.html")
        #expect(index.contains("<a href=\"chat_001/messages.html\">Synthetic</a>"))
        #expect(index.contains("<td class=\"count\">25</td><td>2024-01-01</td><td>2024-01-01</td>"))
        #expect(try read(dir, "chat_001/days.html").contains("<a href=\"messages.html#day-2024-01-01\">1 January 2024</a>"))
        #expect(try read(dir, "chat_001/messages2.html").contains("<div class=\"day continued\"><span>1 January 2024</span></div>"))
    }

    @Test func textAndAttributesAreEscaped() throws {
        let json =
            #"{"name": "<script>alert(1)</script>", "id": 1, "messages": [{"id": 1, "date_unixtime": "0", "from": "\"><img src=x onerror=alert(1)>", "text": [{"type": "text_link", "text": "x", "href": "javascript:alert(1)"}, {"type": "text_link", "text": "y", "href": "https://ok.example/?a=\"b\""}, " <b>&"]}]}"#
        let dir = try site(Array(json.utf8), pageSize: 10)
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = try read(dir, "chat_001/messages.html")
        // The only script is the page's own spoiler script.
        #expect(page.components(separatedBy: "<script").count == 2)
        #expect(page.contains("<script>\(HTMLPage.script)</script>"))
        #expect(!page.contains("<img") && !page.contains("<b>"))
        #expect(!page.contains("javascript:"))
        #expect(page.contains("&lt;b&gt;&amp;"))
        // Links go through LinkPolicy: the unsafe one is text, the safe one is percent-encoded.
        #expect(page.contains("<a href=\"https://ok.example/?a=%22b%22\""))
        #expect(try read(dir, "index.html").contains("&lt;script&gt;"))
    }

    /// Every page has the standalone page's style, script and policy, plus the transcript's
    /// style (which the policy allows too), and bodies written by the shared emitter.
    @Test func pagesShareTheStandaloneLook() throws {
        let dir = try site(Self.spoilerChat, pageSize: 10)
        defer { try? FileManager.default.removeItem(at: dir) }
        let policy = HTMLEscaping.escape(HTMLPage.contentSecurityPolicy(extraCSS: TranscriptCSS.text))
        #expect(HTMLPage.contentSecurityPolicy(extraCSS: TranscriptCSS.text).contains(HTMLContentHash.cspSource(for: TranscriptCSS.text)))
        for path in ["index.html", "chat_001/messages.html", "chat_001/days.html"] {
            let page = try read(dir, path)
            #expect(page.contains("<style>\(HTMLPage.css)</style>\n<style>\(TranscriptCSS.text)</style>"), "\(path)")
            #expect(page.contains("content=\"\(policy)\""), "\(path)")
            #expect(page.hasSuffix(HTMLPage.foot), "\(path)")
        }
        let page = try read(dir, "chat_001/messages.html")
        #expect(page.contains("<main class=\"msgfmt history bubbles\">"))
        #expect(page.contains("<div class=\"msgfmt-message\" data-message-id=\"1\">"))
        #expect(page.components(separatedBy: "class=\"msgfmt-spoiler\" role=\"button\" tabindex=\"0\"").count == 3)
        #expect(page.contains("<time datetime=\"1970-01-01T00:00:00Z\" title=\"1970-01-01 00:00\">00:00</time>"))
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(files == ["chat_001", "index.html"])
    }

    /// One message with two spoilers.
    static let spoilerChat = Array(
        #"{"name": "S", "id": 1, "messages": [{"id": 1, "type": "message", "date_unixtime": "0", "from": "A", "from_id": "user1", "text": ["see ", {"type": "spoiler", "text": "secret"}, " and ", {"type": "spoiler", "text": "more"}]}]}"#
            .utf8)

    @Test(.enabled(if: EmitBrowserTests.chromium != nil, "chromium is not installed"))
    func spoilersRevealOnExportPagesUnderTheirPolicy() throws {
        let dir = try site(Self.spoilerChat, pageSize: 10)
        defer { try? FileManager.default.removeItem(at: dir) }
        var html = try read(dir, "chat_001/messages.html")
        // A test-only probe reports what a reader sees; the policy is extended by exactly its hash.
        let probe = """
            (function(){var s=document.querySelectorAll(".msgfmt-spoiler");var t=function(i){return getComputedStyle(s[i].querySelector(".msgfmt-spoiler-text")).visibility};\
            var r=[t(0),t(1)];s[0].click();r.push(t(0),t(1));s[1].focus();\
            s[1].dispatchEvent(new KeyboardEvent("keydown",{key:" ",bubbles:true}));r.push(t(1));\
            document.body.setAttribute("data-probe",r.join(","))})();
            """
        let policy = HTMLEscaping.escape(HTMLPage.contentSecurityPolicy(extraCSS: TranscriptCSS.text))
        #expect(html.contains(policy))
        html = html.replacingOccurrences(
            of: policy,
            with: policy.replacingOccurrences(
                of: "script-src ", with: "script-src \(HTMLContentHash.cspSource(for: probe)) ")
        )
        .replacingOccurrences(of: "</body>", with: "<script>\(probe)</script>\n</body>")
        let dom = try EmitBrowserTests.dumpDOM(html)
        // hidden, hidden → click → visible, hidden → Space → visible.
        #expect(dom.contains("data-probe=\"hidden,hidden,visible,hidden,visible\""), "\(dom)")
    }
}
