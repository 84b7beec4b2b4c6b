import Foundation
import Testing

/// Black-box tests of `--to text` / `--to json` and the layout options.
@Suite struct LayoutCLITests {
    static let mixed =
        "Release notes: версия 2.0 adds 日本語 support, עברית and العربية layout and much more for everyone who reads this message."

    /// Terminal cells of `line` for the scripts used here: CJK and fullwidth 2, marks 0, else 1.
    static func cells(_ line: String) -> Int {
        line.unicodeScalars.reduce(0) { sum, scalar in
            switch scalar.value {
            case 0x0300...0x036F, 0x064B...0x065F, 0x200B...0x200F: sum
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60: sum + 2
            default: sum + 1
            }
        }
    }

    @Test func middleTruncationKeepsTwoLinesWithTheEllipsisInTheMiddle() throws {
        let result = try Binary.run(["--to", "text", "--width", "20", "--max-lines", "2", "--truncate", "middle"], stdin: Self.mixed)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.count == 2)
        for line in lines { #expect(Self.cells(line) <= 20, "\(line) is wider than 20 cells") }
        #expect(!lines[0].contains("…"))
        let second = lines[1]
        let parts = second.components(separatedBy: "…")
        #expect(parts.count == 2, "one ellipsis in \(second)")
        if parts.count == 2 {
            #expect(Self.cells(parts[0]) >= 5 && Self.cells(parts[1]) >= 5, "ellipsis not in the middle of \(second)")
            #expect(Self.mixed.hasSuffix(parts[1]), "the second line ends with the end of the text")
        }
    }

    @Test(arguments: [
        ["--width", "0"], ["--width", "-3"], ["--max-lines", "-1"], ["--tab-width", "0"], ["--tab-width", "-4"],
        ["--width", "5", "--max-lines", "1", "--ellipsis", "<<more>>"],
        ["--width", "3", "--overflow", "ellipsis", "--ellipsis", "....."],
        // Controls are drawn as 1-cell placeholders, so this ellipsis is 3 cells wide.
        ["--width", "2", "--max-lines", "1", "--ellipsis", "\u{1}\u{1}\u{1}"],
        ["--width", "abc"], ["--truncate", "sideways"], ["--overflow", "spill"],
    ])
    func badLayoutOptionsAreUsageErrors(_ arguments: [String]) throws {
        let result = try Binary.run(["--to", "text"] + arguments, stdin: "hello world")
        #expect(result.status == 2, "\(arguments): status \(result.status), stderr \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("rror"))
        #expect(!result.stderr.contains("Fatal error"))
        // A negative number is the option's value, which is then refused for what it is
        // (not "Missing value", as if it were another option).
        #expect(!result.stderr.contains("Missing value"), "\(arguments): \(result.stderr)")
    }

    /// A negative number after any numeric option is its value, refused with the option's
    /// own message, in every subcommand.
    @Test(arguments: [
        (["--to", "text", "--jobs", "-1"], "--jobs must be at least 1, not -1"),
        (["--to", "png", "--font-size", "-3", "-o", "x.png"], "--font-size must be between 4 and 256 pixels"),
        (["export", "x.json", "--page-size", "-5"], "--page-size must be at least 1, not -5"),
        (["export", "x.json", "--update", "--layout-cache-size", "-1"], "--layout-cache-size takes a size in MiB"),
        (["diff", "a.json", "b.json", "--jobs", "-2"], "--jobs must be at least 1, not -2"),
    ])
    func negativeNumbersAreTheOptionsValues(_ arguments: [String], _ message: String) throws {
        let result = try Binary.run(arguments, stdin: "hello")
        #expect(result.status == 2 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }

    @Test func extremeButValidOptionsNeverHang() throws {
        for arguments in [
            ["--width", "1", "--max-lines", "1"], ["--width", "999999999"], ["--width", "2", "--tab-width", "1000"],
            ["--width", "1", "--align", "justify", "--wrap", "balanced"],
        ] {
            let result = try Binary.run(["--to", "text"] + arguments, stdin: "a\tb 👨‍👩‍👧 שלום 日本語 \u{1B}]0;title\u{7}")
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(!result.stdout.contains("\u{1B}"), "escape passed through")
        }
    }

    @Test func textOutputSeparatesMessagesWithABlankLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.txt")
        let b = dir.appendingPathComponent("b.txt")
        try "first message here\n".write(to: a, atomically: true, encoding: .utf8)
        try "second".write(to: b, atomically: true, encoding: .utf8)
        let text = try Binary.run(["--to", "text", "--width", "10", a.path, b.path])
        #expect(text.status == 0)
        #expect(text.stdout == "first\nmessage\nhere\n\nsecond\n")
        let json = try Binary.run(["--to", "json", "--width", "10", a.path, b.path])
        #expect(json.status == 0)
        #expect(json.stdout.split(separator: "\n").count == 2)
    }

    @Test func jsonHasTheLayoutBoxFields() throws {
        let result = try Binary.run(["--to", "json", "--width", "12", "--max-lines", "2"], stdin: "Hello there, wide world of text")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(Set(object.keys).isSuperset(of: ["id", "text", "width", "height", "truncated", "lines", "diagnostics"]))
        #expect(object["text"] as? String == "Hello there, wide world of text")
        #expect(object["height"] as? Int == 2)
        #expect(object["truncated"] as? Bool == true)
        let boxes = try #require(object["lines"] as? [[String: Any]])
        #expect(Set(boxes[0].keys).isSuperset(of: ["y", "x", "width", "start", "end", "block", "rtl", "fragments"]))
        #expect(boxes[0]["start"] as? Int == 0)
        #expect(boxes[0]["end"] as? Int == 13)
        #expect(boxes[0]["block"] as? String == "paragraph")
        let fragment = try #require((boxes[0]["fragments"] as? [[String: Any]])?.first)
        #expect(Set(fragment.keys).isSuperset(of: ["x", "width", "start", "end", "text", "styles", "link"]))
        #expect(fragment["text"] as? String == "Hello there,")
        let last = try #require((boxes[1]["fragments"] as? [[String: Any]])?.last)
        #expect(last["role"] as? String == "ellipsis")
    }
}
