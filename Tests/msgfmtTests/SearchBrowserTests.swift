import Foundation
import Testing

/// The exported site's search in headless Chromium, opened from disk: `search.html#q=…`
/// runs the query as the search box would send it, and the DOM after the script ran shows
/// the results. Skipped only when Chromium is not installed (CI installs it: `.ci/run`).
@Suite(.serialized) struct SearchBrowserTests {
    typealias T = TerminalTestSupport
    static let chromium = BrowserTests.chromium

    /// Two chats: words with accents, a phrase, links, a hostile message and sender,
    /// Chinese; three messages per page so links cross pages.
    static let export = #"""
        {"chats": {"list": [
        {"name": "Crew", "type": "private_group", "id": 1, "messages": [
        {"id": 1, "type": "message", "date_unixtime": "1704189600", "from": "Alice Smith", "from_id": "user1", "text": ["Release notes are out: ", {"type": "link", "text": "https://example.com/v2"}]},
        {"id": 2, "type": "message", "date_unixtime": "1704276000", "from": "Bob", "from_id": "user2", "text": "Café tomorrow?"},
        {"id": 3, "type": "message", "date_unixtime": "1704362400", "from": "Alice Smith", "from_id": "user1", "text": "notes on the release"},
        {"id": 4, "type": "message", "date_unixtime": "1704448800", "from": "<b>Mallory</b>", "from_id": "user3", "text": "<img src=x onerror=\"document.body.dataset.pwned=1\"><script>document.title='pwned'</script> hostile img"},
        {"id": 5, "type": "message", "date_unixtime": "1704535200", "from": "Li", "from_id": "user4", "text": "明天天气很好"},
        {"id": 6, "type": "message", "date_unixtime": "1704621600", "from": "Bob", "from_id": "user2", "text": "Die STRASSE ist lang"},
        {"id": 7, "type": "message", "date_unixtime": "1704708000", "from": "Bob", "from_id": "user2", "text": "filler"}]},
        {"name": "Other", "type": "private_group", "id": 2, "messages": [
        {"id": 1, "type": "message", "date_unixtime": "1706781600", "from": "Carol", "from_id": "user5", "text": "release party"}]}
        ]}}
        """#

    /// The exported site (built once per test).
    static func site(_ extra: [String] = [], export: String = export) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-search-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let input = dir.appendingPathComponent("result.json")
        try Data(export.utf8).write(to: input)
        let result = try Binary.run(
            ["export", input.path, "-o", dir.appendingPathComponent("site").path, "--page-size", "3", "--time-zone", "UTC"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return dir
    }

    /// The DOM of `url` after its scripts ran.
    static func dom(_ url: String, profile: URL) throws -> String {
        try T.shell(
            chromium ?? "chromium",
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
                "--virtual-time-budget=5000", "--dump-dom", url,
            ])
    }

    /// The result links of a query, in order, and the page's DOM.
    static func query(_ q: String, scope: String? = nil, in dir: URL) throws -> (links: [String], dom: String) {
        var hash = "q=" + (q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? q)
        if let scope { hash += "&in=\(scope)" }
        let dom = try Self.dom(
            dir.appendingPathComponent("site/search.html").absoluteString + "#" + hash, profile: dir.appendingPathComponent("p"))
        let links = dom.components(separatedBy: "<li class=\"hit\"><a href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        return (links, dom)
    }

    @Test(.enabled(if: chromium != nil, "chromium is not installed"))
    func queriesFindTheRightMessages() throws {
        let dir = try Self.site()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases: [(String, String?, [String])] = [
            ("release", nil, ["chat_002/messages.html#message1", "chat_001/messages.html#message3", "chat_001/messages.html#message1"]),
            ("RELEASE", "chat_001", ["chat_001/messages.html#message3", "chat_001/messages.html#message1"]),
            ("rel", nil, ["chat_002/messages.html#message1", "chat_001/messages.html#message3", "chat_001/messages.html#message1"]),
            ("leas", nil, []),
            ("\"release notes\"", nil, ["chat_001/messages.html#message1"]),
            ("release from:alice", nil, ["chat_001/messages.html#message3", "chat_001/messages.html#message1"]),
            ("from:\"alice smith\" has:link", nil, ["chat_001/messages.html#message1"]),
            ("release -notes", nil, ["chat_002/messages.html#message1"]),
            ("release after:2024-01-03", nil, ["chat_002/messages.html#message1", "chat_001/messages.html#message3"]),
            ("release before:2024-01-03", nil, ["chat_001/messages.html#message1"]),
            ("cafe", nil, ["chat_001/messages.html#message2"]),
            ("straße", nil, ["chat_001/messages2.html#message6"]),
            ("天气", nil, ["chat_001/messages2.html#message5"]),
            ("好", nil, ["chat_001/messages2.html#message5"]),
            ("天好", nil, []),
            ("天气很好", nil, ["chat_001/messages2.html#message5"]),
            ("\"notes release\"", nil, []),
            // Phrases of two words are one pair of the index; longer ones are checked in the text.
            ("\"release note\"", nil, ["chat_001/messages.html#message1"]),
            ("\"Release Notes Are\"", nil, ["chat_001/messages.html#message1"]),
            ("\"notes on the release\"", nil, ["chat_001/messages.html#message3"]),
            ("\"out https\"", nil, []),
            ("\"out: https\"", nil, ["chat_001/messages.html#message1"]),
            ("-\"release notes\" release", nil, ["chat_002/messages.html#message1", "chat_001/messages.html#message3"]),
            (
                "from:user2", nil,
                ["chat_001/messages3.html#message7", "chat_001/messages2.html#message6", "chat_001/messages.html#message2"]
            ),
        ]
        for (q, scope, expected) in cases {
            let result = try Self.query(q, scope: scope, in: dir)
            #expect(result.links == expected, "\(q)")
            #expect(result.dom.contains("data-total=\"\(expected.count)\""), "\(q)")
        }
        let cafe = try Self.query("cafe", in: dir)
        #expect(cafe.dom.contains("<mark>Café</mark> tomorrow?"), "\(cafe.dom)")
        #expect(cafe.dom.contains("<b>Bob</b>") && cafe.dom.contains("<time>2024-01-03 10:00</time>"))
        let bad = try Self.query("has:nothing", in: dir)
        #expect(bad.dom.contains("data-total=\"error\"") && bad.dom.contains("has:nothing is not one of link, photo"))
        // --filter's other operators, and words with a colon, are said to be no search's,
        // not searched for as words (which found nothing, or everything when negated).
        for (q, said) in [
            ("-is:service", "is: works with msgfmt's --filter, not in this search"), ("release id:2", "id: works with"),
            ("foo:bar", "foo: is no search operator (from:, has:, before: and after: are); to search for a word with a colon"),
        ] {
            let answer = try Self.query(q, in: dir)
            #expect(answer.dom.contains("data-total=\"error\"") && answer.dom.contains(said), "\(q): \(answer.dom)")
        }
    }

    /// A result's link opens the message's page at the message, which is marked.
    @Test(.enabled(if: chromium != nil, "chromium is not installed"))
    func linksLandOnTheMessage() throws {
        let dir = try Self.site()
        defer { try? FileManager.default.removeItem(at: dir) }
        let link = try #require(try Self.query("straße", in: dir).links.first)
        let page = try Self.dom(dir.appendingPathComponent("site").absoluteString + "/" + link, profile: dir.appendingPathComponent("p"))
        #expect(page.contains("<div class=\"message msgfmt-target\" id=\"message6\">"), "\(page)")
        #expect(page.components(separatedBy: "msgfmt-target\"").count == 2, "one message is marked")
    }

    /// Message text and sender names reach snippets as text: nothing in them runs or
    /// becomes an element.
    @Test(.enabled(if: chromium != nil, "chromium is not installed"))
    func hostileTextCannotInjectMarkup() throws {
        let dir = try Self.site()
        defer { try? FileManager.default.removeItem(at: dir) }
        for q in ["img", "script", "onerror", "\"document.title\""] {
            let result = try Self.query(q, in: dir)
            #expect(result.links == ["chat_001/messages2.html#message4"], "\(q)")
            #expect(!result.dom.contains("<img") && !result.dom.contains("data-pwned") && !result.dom.contains("<b>Mallory"), "\(q)")
            #expect(result.dom.contains("<title>Search</title>"))
            #expect(result.dom.contains("<b>&lt;b&gt;Mallory&lt;/b&gt;</b>"), "\(result.dom)")
            // The spoiler script is the only inline one; the others are the site's files.
            let scripts = result.dom.components(separatedBy: "<script").dropFirst()
            #expect(scripts.filter { $0.hasPrefix(">") }.count == 1)
            #expect(scripts.allSatisfy { $0.hasPrefix(">") || $0.hasPrefix(" src=\"search") }, "\(result.dom)")
        }
    }

    /// Ids beyond 2^53, which a JavaScript number would round, link to their message.
    @Test(.enabled(if: chromium != nil, "chromium is not installed"))
    func largeIdsLinkExactly() throws {
        let export = #"""
            {"chats": {"list": [{"name": "Big", "type": "private_group", "id": 1, "messages": [
            {"id": 9007199254740993, "type": "message", "date_unixtime": "1704189600", "from": "Ann", "from_id": "user1", "text": "odd one"},
            {"id": 9223372036854775807, "type": "message", "date_unixtime": "1704189700", "from": "Ann", "from_id": "user1", "text": "last one"}]}]}}
            """#
        let dir = try Self.site(export: export)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try Self.query("odd", in: dir).links == ["chat_001/messages.html#message9007199254740993"])
        #expect(
            try Self.query("one", in: dir).links == [
                "chat_001/messages.html#message9223372036854775807", "chat_001/messages.html#message9007199254740993",
            ])
        let page = try String(contentsOf: dir.appendingPathComponent("site/chat_001/messages.html"), encoding: .utf8)
        #expect(page.contains("id=\"message9007199254740993\""))
    }

    /// A chat whose messages `--filter` all left out has no page, index entry or place in
    /// the search index; the search finds only what was kept.
    @Test(.enabled(if: chromium != nil, "chromium is not installed"))
    func filteredChatsAreLeftOut() throws {
        let dir = try Self.site(["--filter", "chat:Crew"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let site = dir.appendingPathComponent("site")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: site.path).sorted() == [
                ".msgfmt-output", "chat_001", "index.html", "search", "search.html", "search.js",
            ])
        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("Crew") && !index.contains("Other"))
        let chats = try String(contentsOf: site.appendingPathComponent("search/chats.js"), encoding: .utf8)
        #expect(chats.contains("Crew") && !chats.contains("Other"))
        let result = try Self.query("release", in: dir)
        #expect(result.links == ["chat_001/messages.html#message3", "chat_001/messages.html#message1"])
        #expect(!result.dom.contains("Other"))
    }

    /// More results than a page shows: the newest page of them, the count, and the button
    /// that shows more. 652 messages are a block of more than `smallBlock` (its terms
    /// spread over the bucket files) in six search chunks; the page shown crosses from the
    /// fifth into the sixth.
    @Test(.enabled(if: chromium != nil, "chromium is not installed"))
    func manyResultsArePaged() throws {
        let messages = (1...652).map {
            #"{"id": \#($0), "type": "message", "date_unixtime": "\#(1_704_189_600 + $0 * 60)", "from": "Ann", "from_id": "user1", "text": "note \#($0)"}"#
        }
        let export =
            #"{"chats": {"list": [{"name": "Many", "type": "private_group", "id": 1, "messages": ["# + messages.joined(separator: ",")
            + "]}]}}"
        let dir = try Self.site(export: export)
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try Self.query("note", in: dir)
        #expect(result.links.count == 25)
        #expect(result.links.first == "chat_001/messages218.html#message652" && result.links.last == "chat_001/messages210.html#message628")
        #expect(result.dom.contains("data-total=\"652\"") && result.dom.contains("652 messages, the newest 25 shown."))
        #expect(result.dom.contains("id=\"search-more\""))
        // A phrase is checked in the candidates' texts: "note 7" starts "note 7" and "note 70" … "note 79".
        let phrase = try Self.query("\"note 7\"", in: dir)
        #expect(phrase.links.count == 11 && phrase.links.last == "chat_001/messages3.html#message7")
        #expect(phrase.dom.contains("data-total=\"11\"") && !phrase.dom.contains("id=\"search-more\""))
    }

    @Test func noSearchLeavesItOut() throws {
        let dir = try Self.site(["--no-search"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let site = dir.appendingPathComponent("site")
        let entries = try FileManager.default.contentsOfDirectory(atPath: site.path).sorted()
        #expect(entries == [".msgfmt-output", "chat_001", "chat_002", "index.html"])
        let page = try String(contentsOf: site.appendingPathComponent("chat_001/messages.html"), encoding: .utf8)
        #expect(!page.contains("search"))
        // No script file is allowed ('self' may still be there for media: img-src, media-src).
        #expect(page.range(of: #"script-src [^;]*&#39;self&#39;"#, options: .regularExpression) == nil)
    }
}
