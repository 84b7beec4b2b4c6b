import Foundation
import Testing

@Suite struct InspectCommandTests {
    @Test func plainTextFromStdin() throws {
        let result = try Binary.run(["inspect"], stdin: "Hi 👨‍👩‍👧 中文\n")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect(object["text"] as? String == "Hi 👨‍👩‍👧 中文")
        let graphemes = object["graphemes"] as! [[String: Int]]
        #expect(graphemes.map { $0["width"]! } == [1, 1, 1, 2, 1, 2, 2])
        let breaks = object["breaks"] as! [[String: Any]]
        #expect(breaks.map { $0["offset"] as! Int } == [3, 12, 13, 14])
    }

    @Test func legacyWidthModel() throws {
        let result = try Binary.run(["inspect", "--width-model", "legacy"], stdin: "👨‍👩‍👧")
        #expect(result.stdout.contains(#""width":6"#))
    }

    @Test func jsonLinesInGiveJSONLinesOut() throws {
        let input = """
            {"message_id":1,"text":"one"}
            {"message_id":2,"caption":"שלום"}
            """
        let result = try Binary.run(["inspect"], stdin: input)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(#"{"id":1,"text":"one""#))
        #expect(lines[1].contains(#""level":1"#))
    }

    @Test func badLinesAreLocatedAndTheRestProcessed() throws {
        var input = Data(#"{"text":"ok1"}"#.utf8 + [0x0A])
        input.append(contentsOf: Array(#"{"text":"bad "#.utf8) + [0xFF] + Array("\"}\n".utf8))
        input.append(contentsOf: Array("{\"no_text\":1}\n{oops\n{\"text\":\"ok2\"}\n".utf8))
        let result = try Binary.run(["inspect"], stdinData: input)
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").count == 2)
        #expect(result.stdout.contains("ok1") && result.stdout.contains("ok2"))
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == 3)
        #expect(errors[0].hasPrefix("msgfmt: error: <stdin>:2:"))
        #expect(errors[0].contains("invalid UTF-8"))
        #expect(errors[1].hasPrefix("msgfmt: error: <stdin>:3"))
        #expect(errors[2].hasPrefix("msgfmt: error: <stdin>:4:2: invalid JSON"))
        #expect(!result.stderr.contains("Backtrace"))
    }

    @Test func invalidUTF8PlainTextIsLocated() throws {
        let result = try Binary.run(["inspect"], stdinData: Data([0x61, 0x62, 0xC3, 0x28]))
        #expect(result.status == 1)
        #expect(result.stderr == "msgfmt: error: <stdin>:byte 2: invalid UTF-8 (shown as U+FFFD)\n")
        #expect(result.stdout.hasPrefix("{\"text\":\"ab\u{FFFD}(\""))
    }

    @Test func unreadableFileIsAUsageError() throws {
        let result = try Binary.run(["inspect", "/nonexistent/input.txt"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot read /nonexistent/input.txt"))
    }

    /// Text that looks like JSON is inspected as text with `--from text`, as render reads it.
    @Test func fromTextInspectsJSONLookingText() throws {
        let input = #"{"text":"not a message, a text"}"#
        let result = try Binary.run(["inspect", "--from", "text"], stdin: input + "\n")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix(#"{"text":"{\"text\":\"not a message, a text\"}","graphemes""#))
        let json = try Binary.run(["inspect", "--from", "bot-api"], stdin: input)
        #expect(json.stdout.hasPrefix(#"{"text":"not a message, a text","graphemes""#))
    }

    /// `auto` sniffs as render does: `[link](url)` is text, not broken JSON.
    @Test func autoReadsMarkdownLinksAsText() throws {
        let result = try Binary.run(["inspect"], stdin: "[link](https://example.com)")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(#"{"text":"[link](https://example.com)""#))
    }

    @Test func parseModesAreInspectedWithoutMarkup() throws {
        let result = try Binary.run(["inspect", "--from", "markdown-v2"], stdin: "*bold* 中文")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(#"{"text":"bold 中文""#))
        let broken = try Binary.run(["inspect", "--from", "html"], stdin: "<b>open")
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix("msgfmt: error: <stdin>:"))
    }

    @Test func entitiesAreCheckedAsRenderChecksThem() throws {
        let good = try Binary.run(["inspect", "--from", "text", "--entities", #"[{"type":"bold","offset":0,"length":2}]"#], stdin: "hi")
        #expect(good.status == 0)
        #expect(good.stdout.hasPrefix(#"{"text":"hi""#))
        let bad = try Binary.run(["inspect", "--from", "text", "--entities", "[{"], stdin: "hi")
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("msgfmt: error: --entities:1:3: invalid JSON: "), "\(bad.stderr)")
        #expect(bad.stdout.isEmpty)
        let other = try Binary.run(["inspect", "--from", "markdown-v2", "--entities", "[]"], stdin: "hi")
        #expect(other.status == 2)
        #expect(other.stderr.contains("--entities is for plain text input (--from text), not --from markdown-v2."))
        let missing = try Binary.run(["inspect", "--entities", "@/nonexistent/entities.json"], stdin: "hi")
        #expect(missing.status == 2)
    }

    @Test func helpNamesTheInputOptions() throws {
        let result = try Binary.run(["inspect", "--help"])
        #expect(result.stdout.contains("--from <from>"))
        #expect(result.stdout.contains("--entities <json-or-@file>"))
    }

    /// Updates without a message are noted once, and media gives its caption (or nothing).
    @Test func updatesAndMediaAreNotLost() throws {
        let input = """
            {"update_id":1,"callback_query":{"id":"c","message":{"message_id":9,"date":1,"text":"Pick"}}}
            {"update_id":2,"inline_query":{"id":"q"}}
            {"message_id":5,"photo":[{"width":90,"height":90}],"caption":"שלום"}
            """
        let result = try Binary.run(["inspect"], stdin: input)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(#"{"id":9,"text":"Pick""#))
        #expect(lines[1].hasPrefix(#"{"id":5,"text":"שלום""#))
        #expect(result.stderr == "msgfmt: note: <stdin>: skipped 1 update without a message (1 inline_query)\n")
    }
}
