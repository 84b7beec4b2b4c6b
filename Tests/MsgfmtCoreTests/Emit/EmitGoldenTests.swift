import Foundation
import TestSupport
import Testing

@testable import MsgfmtCore

/// Golden fixtures: `fixtures/ansi/<case>/input.json` → `expected.ansi` and
/// `fixtures/html/<case>/input.json` → `expected.html`. `MSGFMT_RECORD=1` rewrites the
/// expected files; review them by eye (`cat -v`, a browser) before committing.
///
/// `input.json`: `{"options": {...}, "messages": [{"id", "text", "runs": [{"start", "end",
/// "styles": [Bot API names], "link", "custom_emoji_id", "unix_time"}], "blocks": [{"start",
/// "end", "kind": "paragraph"|"pre", "language", "quote", "expandable"}]}]}` with offsets in
/// UTF-16 units; options: color, attributes, hyperlinks, spoilers, theme, standalone,
/// max_lines, expand_quotes. Lines come from the test layout in `EmitSample`.
@Suite struct EmitGoldenTests {
    static let root = PackagePaths.fixtures

    static func cases(_ area: String) -> [String] {
        let dir = root.appendingPathComponent(area)
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted().filter {
            FileManager.default.fileExists(atPath: dir.appendingPathComponent($0).appendingPathComponent("input.json").path)
        }
    }

    @Test(arguments: cases("ansi"))
    func ansi(_ name: String) throws {
        try check(area: "ansi", name: name, expected: "expected.ansi") { messages, options, layout in
            EmitCapture.ansi(messages, options)
        }
    }

    @Test(arguments: cases("html"))
    func html(_ name: String) throws {
        try check(area: "html", name: name, expected: "expected.html") { messages, options, layout in
            EmitCapture.html(messages, options, layout: layout)
        }
    }

    @Test func fixturesExist() {
        #expect(Self.cases("ansi").count >= 8)
        #expect(Self.cases("html").count >= 8)
    }

    private func check(
        area: String, name: String, expected file: String,
        render: ([RenderedMessage], StyleOptions, LayoutConstraints) -> String
    ) throws {
        let dir = Self.root.appendingPathComponent(area).appendingPathComponent(name)
        let input = try JSONParser.parse(Array(try Data(contentsOf: dir.appendingPathComponent("input.json"))))
        let (options, layout) = Self.options(input["options"])
        let messages = (input["messages"]?.arrayValue ?? []).enumerated().map { i, m in
            Self.sample(m).rendered(index: i, maxLines: layout.maxLines)
        }
        let output = render(messages, options, layout)
        try GoldenFile.check(output, against: dir.appendingPathComponent(file))
    }

    static func options(_ json: JSONValue?) -> (StyleOptions, LayoutConstraints) {
        var o = StyleOptions()
        var c = LayoutConstraints()
        o.color = json?["color"]?.boolValue ?? false
        o.attributes = json?["attributes"]?.boolValue ?? o.color
        o.hyperlinks = json?["hyperlinks"]?.boolValue ?? false
        o.spoilers = SpoilerMode(rawValue: json?["spoilers"]?.stringValue ?? "") ?? .hide
        o.theme = Theme(rawValue: json?["theme"]?.stringValue ?? "") ?? .dark
        o.standalone = json?["standalone"]?.boolValue ?? false
        c.maxLines = Int(json?["max_lines"]?.int64Value ?? 0)
        c.expandQuotes = json?["expand_quotes"]?.boolValue ?? false
        return (o, c)
    }

    static func sample(_ m: JSONValue) -> EmitSample {
        var s = EmitSample(text: m["text"]?.stringValue ?? "")
        s.messageID = m["id"]?.int64Value
        for run in m["runs"]?.arrayValue ?? [] {
            var style = Style()
            for name in run["styles"]?.arrayValue ?? [] {
                if let a = StyleAttributes.named.first(where: { $0.1 == name.stringValue })?.0 { style.attributes.insert(a) }
            }
            style.link = run["link"]?.stringValue
            style.customEmojiID = run["custom_emoji_id"]?.stringValue
            style.unixTime = run["unix_time"]?.int64Value
            s.runs.append((Int(run["start"]?.int64Value ?? 0)..<Int(run["end"]?.int64Value ?? 0), style))
        }
        if let blocks = m["blocks"]?.arrayValue {
            s.blocks = blocks.map { b in
                let kind: BlockKind = b["kind"]?.stringValue == "pre" ? .pre(language: b["language"]?.stringValue) : .paragraph
                let quote = b["quote"]?.int64Value.map { BlockQuote(index: Int($0), expandable: b["expandable"]?.boolValue ?? false) }
                return Block(kind: kind, quote: quote, range: Int(b["start"]?.int64Value ?? 0)..<Int(b["end"]?.int64Value ?? 0), runs: [])
            }
        }
        return s
    }
}
