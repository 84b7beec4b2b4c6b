import Foundation
import Testing
@testable import MsgfmtCore

@Suite struct HTMLSiteWriterTests {
    private func site(_ bytes: [UInt8], pageSize: Int) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-site-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var options = ExportOptions()
        options.format = .html
        options.style = .bubbles
        options.pageSize = pageSize
        options.render.to = .html
        let writer = HTMLSiteWriter(options: options, directory: dir.path)
        _ = try ExportConverter(options: options, writer: writer, report: { _ in }).run(ExportByteSource(bytes: bytes, name: "t"))
        return dir
    }

    private func read(_ dir: URL, _ path: String) throws -> String {
        try String(contentsOf: dir.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func pagesLinkAndRepliesCrossPages() throws {
        let dir = try site(SyntheticExport.chat(count: 25), pageSize: 10)
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("chat_001").path).sorted()
        #expect(files == ["days.html", "messages.html", "messages2.html", "messages3.html"])
        let p1 = try read(dir, "chat_001/messages.html"), p2 = try read(dir, "chat_001/messages2.html"), p3 = try read(dir, "chat_001/messages3.html")
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
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("style.css").path))
    }

    @Test func textAndAttributesAreEscaped() throws {
        let json = #"{"name": "<script>alert(1)</script>", "id": 1, "messages": [{"id": 1, "date_unixtime": "0", "from": "\"><img src=x onerror=alert(1)>", "text": [{"type": "text_link", "text": "x", "href": "javascript:alert(1)"}, {"type": "text_link", "text": "y", "href": "https://ok.example/?a=\"b\""}, " <b>&"]}]}"#
        let dir = try site(Array(json.utf8), pageSize: 10)
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = try read(dir, "chat_001/messages.html")
        #expect(!page.contains("<script>") && !page.contains("<img") && !page.contains("<b>"))
        #expect(!page.contains("javascript:"))
        #expect(page.contains("&lt;b&gt;&amp;"))
        #expect(try read(dir, "index.html").contains("&lt;script&gt;"))
    }

    @Test func fallbackBodyEmitterAllowsOnlySafeLinks() throws {
        let text = UTF16Text("bad good <i>")
        let runs = [
            StyledRun(range: 0..<3, style: Style(attributes: .textLink, link: "javascript:alert(1)")),
            StyledRun(range: 3..<4, style: .plain),
            StyledRun(range: 4..<8, style: Style(attributes: [.textLink, .bold], link: "https://ok.example/?a=\"b\"")),
            StyledRun(range: 8..<12, style: .plain),
        ]
        let styled = StyledText(text: text, blocks: [Block(kind: .paragraph, range: 0..<12, runs: runs)])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-body-\(UUID().uuidString).html")
        let file = HTMLFile(path: url.path)
        var emitter = HTMLBodyEmitter()
        emitter.emit(RenderedMessage(index: 0, message: Message(text: text.string), styled: styled, layout: nil, diagnostics: []), into: file.sink)
        file.close()
        defer { try? FileManager.default.removeItem(at: url) }
        let html = try String(contentsOf: url, encoding: .utf8)
        #expect(html == #"<span class="e-text_link">bad</span> <a href="https://ok.example/?a=&quot;b&quot;" rel="noopener noreferrer"><span class="e-bold e-text_link">good</span></a> &lt;i&gt;"#)
    }
}
