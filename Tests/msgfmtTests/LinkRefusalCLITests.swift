import Foundation
import Testing

/// The outputs that make message links into links (`--to html`, `--to ansi` with OSC 8
/// hyperlinks, the export's site and Markdown transcript) show a link `LinkPolicy` refuses
/// (`javascript:`, `data:`, a path without a host) as plain text, and say so in a located
/// warning; `--strict` fails such a message; the outputs that never link say nothing.
@Suite struct LinkRefusalCLITests {
    static let line =
        #"{"text":"click here, x.org and data:x,1","entities":[{"type":"text_link","offset":0,"length":10,"url":"javascript:alert(1)"},"#
        + #"{"type":"url","offset":12,"length":5},{"type":"url","offset":22,"length":8}]}"#
    static let warnings = [
        "text_link entity at offset 0, length 10, is shown without its link in FORMAT: only http, https, tg, mailto and tel links are written",
        "url entity at offset 22, length 8, is shown without its link in FORMAT: only http, https, tg, mailto and tel links are written",
    ]

    static func expected(_ format: String, at place: String) -> [String] {
        warnings.map { "msgfmt: warning: \(place): " + $0.replacing("FORMAT", with: format) }
    }

    @Test func htmlSaysWhichLinksItShowsAsText() throws {
        let run = try Binary.run(["--from", "bot-api", "--to", "html"], stdin: "{\"text\":\"fine\"}\n" + Self.line + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("click here, <a href=\"http://x.org\""), "\(run.stdout)")
        #expect(!run.stdout.contains("javascript") && !run.stdout.contains("href=\"data"), "\(run.stdout)")
        #expect(run.stderr.split(separator: "\n").map(String.init) == Self.expected("--to html", at: "<stdin>:2"), "\(run.stderr)")
        let strict = try Binary.run(["--from", "bot-api", "--to", "html", "--strict"], stdin: Self.line + "\n")
        #expect(strict.status == 1)
        #expect(strict.stdout.isEmpty)
        #expect(strict.stderr.contains("msgfmt: error: <stdin>:1: text_link entity at offset 0"), "\(strict.stderr)")
    }

    /// In a JSON document (a getUpdates response, pretty-printed) the warnings name the
    /// message by its id, as the decoder's and the normalizer's do, or by its place when it
    /// has none.
    @Test func aDocumentsWarningsNameTheMessage() throws {
        let message = Self.line.replacing(#"{"text""#, with: #"{"message_id":12,"text""#)
        let document =
            "{\"ok\":true,\"result\":[\n{\"update_id\":1,\"message\":\(message)},\n{\"update_id\":2,\"message\":\(Self.line)}\n]}\n"
        let run = try Binary.run(["--to", "html"], stdin: document)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.split(separator: "\n").map(String.init)
                == Self.expected("--to html", at: "<stdin>:message 12") + Self.expected("--to html", at: "<stdin>:message #2"),
            "\(run.stderr)")
    }

    @Test func ansiSaysSoOnlyWhenItWritesHyperlinks() throws {
        let linked = try Binary.run(
            ["--from", "bot-api", "--to", "ansi", "--hyperlinks", "always", "--jobs", "2"], stdin: Self.line + "\n")
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect(linked.stdout.contains("\u{1B}]8;id=msgfmt1-1;http://x.org\u{1B}\\"), "\(linked.stdout.debugDescription)")
        #expect(linked.stderr.split(separator: "\n").map(String.init) == Self.expected("--to ansi", at: "<stdin>:1"), "\(linked.stderr)")
        let plain = try Binary.run(["--from", "bot-api", "--to", "ansi", "--hyperlinks", "never"], stdin: Self.line + "\n")
        #expect(plain.status == 0)
        #expect(plain.stderr.isEmpty, "\(plain.stderr)")
    }

    @Test(arguments: ["text", "json"])
    func outputsThatNeverLinkSayNothing(_ format: String) throws {
        let run = try Binary.run(["--from", "bot-api", "--to", format], stdin: Self.line + "\n")
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    /// The export's warnings place the message by its id and byte offset, as its other
    /// warnings do.
    @Test(arguments: [("markdown", "--to markdown"), ("html", "--to html")])
    func exportSaysSoWhereTheMessageIs(_ to: String, _ format: String) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let head = #"{"name": "L", "type": "personal_chat", "id": 1, "messages": ["#
        let message =
            #"{"id": 7, "type": "message", "date_unixtime": "1704103200", "from": "A", "from_id": "user1", "text": "", "text_entities": ["#
            + #"{"type": "text_link", "text": "click here", "href": "javascript:alert(1)"}, {"type": "plain", "text": ", x.org and "}, "#
            + #"{"type": "link", "text": "data:x,1"}]}"#
        try Data((head + message + "]}").utf8).write(to: root.appendingPathComponent("result.json"))
        let run = try Binary.run(
            ["export", "result.json", "--to", to, "-o", to == "html" ? "site" : "out.md", "--progress", "never"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        let place = "result.json:message 7, byte \(head.utf8.count)"
        #expect(
            run.stderr.split(separator: "\n").map(String.init)
                == Self.expected(format, at: place), "\(run.stderr)")
    }
}
