import Foundation
import Testing

@testable import MsgfmtCore

/// The HTML site with search: the box and script on every page under a policy that
/// allows the site's own script files and nothing inline beyond the spoiler script,
/// `search.html`, and the index's files next to the pages they point into.
@Suite struct SearchSiteTests {
    let sites = HTMLSiteWriterTests()

    @Test func everyPageHasTheBoxAndLoadsOnlyTheSiteScript() throws {
        let dir = try sites.site(SyntheticExport.chat(count: 25), pageSize: 10, search: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let policy = HTMLEscaping.escape(HTMLPage.contentSecurityPolicy(extraCSS: TranscriptCSS.text + SearchCSS.text, scriptFiles: true))
        #expect(policy.contains("script-src \(HTMLEscaping.escape(HTMLContentHash.cspSource(for: HTMLPage.script))) &#39;self&#39;;"))
        #expect(policy.contains("default-src &#39;none&#39;") && policy.contains("form-action &#39;none&#39;"))
        let pages = [
            ("index.html", "search.js", false), ("search.html", "search.js", false), ("chat_001/messages.html", "../search.js", true),
            ("chat_001/messages3.html", "../search.js", true), ("chat_001/days.html", "../search.js", true),
        ]
        for (path, script, inChat) in pages {
            let page = try sites.read(dir, path)
            #expect(page.contains("content=\"\(policy)\""), "\(path)")
            #expect(page.contains("<script src=\"\(script)\" defer></script>"), "\(path)")
            // The only inline script is the spoiler script.
            #expect(page.components(separatedBy: "<script>").count == 2, "\(path)")
            #expect(page.contains("<form class=\"search\" role=\"search\"\(inChat ? " data-scope=\"chat_001\"" : "")>"), "\(path)")
            #expect(page.hasSuffix(HTMLPage.foot), "\(path)")
        }
        let search = try sites.read(dir, "search.html")
        #expect(search.contains("<script src=\"search/chats.js\" defer></script>"))
        #expect(search.contains("<ol id=\"search-results\""))
        #expect(try sites.read(dir, "search.js") == SearchScript.text)
        let index = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("search/chat_001").path)
        #expect(Set(index).isSuperset(of: ["d0.js", "f0.js", "w0.js", "c0.js"]))
        #expect(index.contains { $0.hasPrefix("i0_") })
    }

    /// The index says which page each message is on, as the pages were cut.
    @Test func indexPointsAtThePages() throws {
        let dir = try sites.site(SyntheticExport.chat(count: 25), pageSize: 10, search: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let meta = try sites.read(dir, "search/chat_001/c0.js")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(meta.dropFirst("msgfmtSearch.load(\"chat_001\",\"c0\",".count).dropLast(3).utf8))
                as? [String: Any])
        var page = 0
        let pages = SearchCode.decode(Array((object["pages"] as? String ?? "").utf8)).map { delta in
            page += Int(delta)
            return page
        }
        #expect(pages == Array(repeating: 0, count: 10) + Array(repeating: 1, count: 10) + Array(repeating: 2, count: 5))
        for id in 1...25 {
            let file = ["messages.html", "messages2.html", "messages3.html"][pages[id - 1]]
            #expect(try sites.read(dir, "chat_001/\(file)").contains("id=\"message\(id)\""))
        }
    }
}
