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
}
