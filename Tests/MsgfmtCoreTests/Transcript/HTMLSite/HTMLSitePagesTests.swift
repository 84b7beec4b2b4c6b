import Foundation
import Testing

@testable import MsgfmtCore

/// `--pages day|month|year`: one page per local period, linked previous/next by name,
/// with the day index, replies and the search index pointing into the right pages.
@Suite struct HTMLSitePagesTests {
    /// Six messages: 2023-12-31 23:30, 2024-01-01 10:00, 2024-01-15 10:00, 2024-02-01
    /// 10:00 and 11:00 (a reply to the first), 2025-03-01 10:00, all UTC.
    static let export: [UInt8] = {
        let dates: [Int64] = [1_704_065_400, 1_704_103_200, 1_705_312_800, 1_706_781_600, 1_706_785_200, 1_740_823_200]
        let messages = dates.enumerated().map { i, date in
            let reply = i == 4 ? #", "reply_to_message_id": 1"# : ""
            return
                #"{"id": \#(i + 1), "type": "message", "date_unixtime": "\#(date)", "from": "A", "from_id": "user1", "text": "m\#(i + 1)"\#(reply)}"#
        }
        return Array(#"{"name": "S", "type": "private_group", "id": 1, "messages": [\#(messages.joined(separator: ",\n"))]}"#.utf8)
    }()

    func site(_ split: PageSplit, zone: String = "UTC") throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var options = ExportOptions()
        options.format = .html
        options.pageSize = 2
        options.pages = split
        options.clock = try #require(ExportClock(timeZone: zone))
        options.render.to = .html
        let writer = HTMLSiteWriter(options: options, directory: dir.path)
        _ = try ExportConverter(options: options, writer: writer, report: { _ in }).run(ExportByteSource(bytes: Self.export, name: "t"))
        return dir
    }

    func read(_ dir: URL, _ path: String) throws -> String {
        try String(contentsOf: dir.appendingPathComponent(path), encoding: .utf8)
    }

    /// The page holding each message, 0-based, and each page's title.
    func layout(_ dir: URL) throws -> (pages: [Int], titles: [String]) {
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("chat_001").path)
        let count = files.filter { $0.hasPrefix("messages") }.count
        var pages = [Int](repeating: -1, count: 6)
        var titles: [String] = []
        for p in 0..<count {
            let page = try read(dir, "chat_001/" + (p == 0 ? "messages.html" : "messages\(p + 1).html"))
            titles.append(String(page.split(separator: "<title>")[1].prefix { $0 != "<" }))
            for id in 1...6 where page.contains("id=\"message\(id)\"") { pages[id - 1] = p }
        }
        return (pages, titles)
    }

    @Test func oneTitledPagePerPeriod() throws {
        let cases: [(PageSplit, String, [Int], [String])] = [
            (.count, "UTC", [0, 0, 1, 1, 2, 2], ["S — page 1", "S — page 2", "S — page 3"]),
            (.year, "UTC", [0, 1, 1, 1, 1, 2], ["S — 2023", "S — 2024", "S — 2025"]),
            (.month, "UTC", [0, 1, 1, 2, 2, 3], ["S — December 2023", "S — January 2024", "S — February 2024", "S — March 2025"]),
            (
                .day, "UTC", [0, 1, 2, 3, 3, 4],
                ["S — 31 December 2023", "S — 1 January 2024", "S — 15 January 2024", "S — 1 February 2024", "S — 1 March 2025"]
            ),
            // 23:30 UTC on 31 December is January in +01:00.
            (.month, "+01:00", [0, 0, 0, 1, 1, 2], ["S — January 2024", "S — February 2024", "S — March 2025"]),
        ]
        for (split, zone, pages, titles) in cases {
            let dir = try site(split, zone: zone)
            defer { try? FileManager.default.removeItem(at: dir) }
            let found = try layout(dir)
            #expect(found.pages == pages, "\(split) \(zone)")
            #expect(found.titles == titles, "\(split) \(zone)")
        }
    }

    @Test func pagerDayIndexRepliesAndSearchFollowThePeriods() throws {
        let dir = try site(.month)
        defer { try? FileManager.default.removeItem(at: dir) }
        let january = try read(dir, "chat_001/messages2.html")
        #expect(january.contains("<a class=\"prev\" href=\"messages.html\">← December 2023</a>"))
        #expect(january.contains("<a class=\"next\" href=\"messages3.html\">February 2024 →</a>"))
        let first = try read(dir, "chat_001/messages.html")
        #expect(!first.contains("class=\"prev\"") && first.contains("January 2024 →"))
        #expect(!(try read(dir, "chat_001/messages4.html")).contains("class=\"next\""))
        // Each period starts with its day header; the day index links into the pages.
        #expect(january.contains("<div class=\"day\" id=\"day-2024-01-01\">"))
        let days = try read(dir, "chat_001/days.html")
        #expect(days.contains("<a href=\"messages2.html#day-2024-01-15\">15 January 2024</a>"))
        #expect(days.contains("<a href=\"messages4.html#day-2025-03-01\">1 March 2025</a>"))
        #expect(try read(dir, "chat_001/messages3.html").contains("<a href=\"messages.html#message1\">"))
        let meta = try read(dir, "search/chat_001/c0.js")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(meta.dropFirst("msgfmtSearch.load(\"chat_001\",\"c0\",".count).dropLast(3).utf8))
                as? [String: Any])
        var page = 0
        let pages = SearchCode.decode(Array((object["pages"] as? String ?? "").utf8)).map { delta in
            page += Int(delta)
            return page
        }
        #expect(pages == [0, 1, 1, 2, 2, 3])
    }

    /// A chat whose messages were all filtered out is left out of the site; a chat without
    /// messages still gets its (empty) first page.
    @Test func filteredOutChatsAreLeftOutAndEmptyChatsGetAPage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var options = ExportOptions()
        options.pages = .month
        options.since = 30_000
        options.render.to = .html
        let writer = HTMLSiteWriter(options: options, directory: dir.path)
        _ = try ExportConverter(options: options, writer: writer, report: { _ in }).run(ExportByteSource(bytes: Self.export, name: "t"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("chat_001").path))
        #expect(!(try read(dir, "index.html")).contains("chat_001"))
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let direct = HTMLSiteWriter(options: options, directory: empty.path)
        direct.beginChat(ExportChatInfo(name: "S", id: 1))
        direct.endChat(ExportChatInfo(name: "S", id: 1))
        direct.finish()
        #expect(try read(empty, "chat_001/messages.html").contains("<title>S — page 1</title>"))
    }
}
