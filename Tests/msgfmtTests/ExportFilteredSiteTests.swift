import Foundation
import Testing

/// What `--filter` leaves out leaves no trace: a chat whose messages were all filtered out
/// gets no heading, and a reply to a message that was filtered out links nowhere.
@Suite struct ExportFilteredSiteTests {
    static let export = #"""
        {"chats": {"list": [
        {"name": "Crew", "type": "private_group", "id": 1, "messages": [
        {"id": 1, "type": "message", "date_unixtime": "1704189600", "from": "Alice", "from_id": "user1", "text": "first"},
        {"id": 2, "type": "message", "date_unixtime": "1704189660", "from": "Bob", "from_id": "user2", "text": "left out"},
        {"id": 3, "type": "message", "date_unixtime": "1704189720", "from": "Alice", "from_id": "user1", "text": "answer", "reply_to_message_id": 2},
        {"id": 4, "type": "message", "date_unixtime": "1704189780", "from": "Alice", "from_id": "user1", "text": "again", "reply_to_message_id": 1}]},
        {"name": "Elsewhere", "type": "private_group", "id": 2, "messages": [
        {"id": 1, "type": "message", "date_unixtime": "1704189600", "from": "Bob", "from_id": "user2", "text": "only Bob"}]}
        ]}}
        """#

    static func input() throws -> (dir: URL, path: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-filtered-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let input = dir.appendingPathComponent("result.json")
        try Data(export.utf8).write(to: input)
        return (dir, input.path)
    }

    /// The reply to the filtered-out message says it is not in the transcript and has no
    /// link (its id lies between two that are on the page); the other reply links.
    @Test func repliesToFilteredOutMessagesLinkNowhere() throws {
        let (dir, input) = try Self.input()
        defer { try? FileManager.default.removeItem(at: dir) }
        let site = dir.appendingPathComponent("site")
        let result = try Binary.run(["export", input, "-o", site.path, "--filter", "-from:bob", "--time-zone", "UTC"])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: site.appendingPathComponent("chat_001/messages.html"), encoding: .utf8)
        #expect(!page.contains("href=\"#message2\""), "\(page)")
        #expect(page.contains("<div class=\"reply\">In reply to a message not in this transcript</div>"))
        #expect(page.contains("<div class=\"reply\"><a href=\"#message1\">"))
    }

    /// A chat that keeps no message is not in the site's index or any transcript.
    @Test(arguments: ["html", "markdown", "text", "json"])
    func chatsWithoutKeptMessagesAreLeftOut(format: String) throws {
        let (dir, input) = try Self.input()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let result = try Binary.run(["export", input, "--to", format, "-o", out.path, "--filter", "-from:bob", "--time-zone", "UTC"])
        #expect(result.status == 0, "\(result.stderr)")
        let text: String
        if format == "html" {
            text = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("chat_002").path))
        } else {
            text = try String(contentsOf: out, encoding: .utf8)
        }
        #expect(text.contains("Crew"), "\(text)")
        #expect(!text.contains("Elsewhere"), "\(text)")
    }
}
