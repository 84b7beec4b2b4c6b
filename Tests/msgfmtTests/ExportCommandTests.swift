import Foundation
import TestSupport
import Testing

@Suite struct ExportCommandTests {
    static let fixtures = PackagePaths.fixture("export")

    static var goldenCases: [String] { GoldenCases.list(in: fixtures) }

    @Test(arguments: goldenCases)
    func golden(_ name: String) throws {
        let base = Self.fixtures.appendingPathComponent(name)
        let folder = base.deletingLastPathComponent()
        let args = try String(contentsOf: base.appendingPathExtension("args"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let result = try Binary.run(["export", folder.appendingPathComponent("result.json").path, "-o", "-", "--jobs", "2"] + args)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        try GoldenFile.check(result.stdout, against: base.appendingPathExtension("out"))
    }

    /// A huge `--width` is clamped as layout clamps it: the transcript's centred day
    /// headers once padded a one-message export to 500 MB of spaces.
    @Test func hugeWidthIsClampedForTerminalTranscripts() throws {
        let result = try Binary.run(
            ["export", Self.fixtures.appendingPathComponent("single/result.json").path, "--to", "text", "--width", "1000000000"])
        #expect(result.status == 0, "\(result.stderr)")
        let widest = result.stdout.split(separator: "\n").map(\.count).max() ?? 0
        #expect(widest <= 1 << 16)
    }

    @Test func everyMessageOnceInJSONLines() throws {
        let result = try Binary.run(["export", Self.fixtures.appendingPathComponent("account/result.json").path, "--to", "json"])
        #expect(result.status == 0)
        let ids = result.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return "\(object["chat"] ?? "")/\(object["id"] ?? "")"
        }
        #expect(ids.count == 45)
        #expect(Set(ids).count == 45)
    }

    /// An unreadable message is named by its id and the byte its object starts at (ids
    /// repeat from chat to chat); the others are written, and the status is 1.
    @Test func corruptedMessagesAreReportedByIdAndPlaceAndExitOne() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var text = try String(contentsOf: Self.fixtures.appendingPathComponent("single/result.json"), encoding: .utf8)
        for id in [4, 17, 33] {
            text = text.replacingOccurrences(
                of: "\"id\": \(id),\n   \"type\": \"message\"", with: "\"id\": \(id),\n   \"type\" \"message\"")
        }
        let input = dir.appendingPathComponent("bad.json")
        try Data(text.utf8).write(to: input)
        let result = try Binary.run(["export", input.path, "--to", "json", "-o", "-"])
        #expect(result.status == 1)
        for id in [4, 17, 33] {
            let start = try #require(ExportFilePlaces.byte(ofMessage: id, in: text, then: #",\s*"type" "message""#))
            #expect(
                result.stderr.contains("msgfmt: error: \(input.path):message \(id), byte \(start): invalid JSON"), "\(result.stderr)")
        }
        #expect(result.stdout.split(separator: "\n").count == 37)
    }

    /// A chat page that shows no message says why: the chat is empty in the export, or
    /// none of its messages could be read (each reported on stderr); its day index says it
    /// has no days rather than showing an empty list.
    @Test func chatsWithoutMessagesSaySoOnTheirPage() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try Self.chatsWithoutMessages(in: dir)
        let site = dir.appendingPathComponent("site")
        let result = try Binary.run(["export", input.path, "-o", site.path])
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").filter { $0.hasPrefix("msgfmt: error: ") }.count == 3, "\(result.stderr)")
        func page(_ chat: Int) throws -> String {
            try String(contentsOf: site.appendingPathComponent("chat_00\(chat)/messages.html"), encoding: .utf8)
        }
        #expect(try page(1).contains("<p class=\"empty\">This chat has no messages.</p>"))
        let days = try String(contentsOf: site.appendingPathComponent("chat_001/days.html"), encoding: .utf8)
        #expect(days.contains("<p class=\"empty\">No days: this chat shows no messages.</p>") && !days.contains("<ul>"))
        #expect(try page(2).contains("<p class=\"empty\">None of this chat's 2 messages could be read:"))
        #expect(try !page(3).contains("<p class=\"empty\">"))
        #expect(try page(3).contains(">ok<"))
        // The index counts what could not be read beside what is shown.
        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains(">Empty</a></td><td>personal_chat</td><td class=\"count\">0</td>"), "\(index)")
        #expect(index.contains("<td class=\"count\">0 <span class=\"unreadable\">+ 2 unreadable</span></td>"), "\(index)")
        #expect(index.contains("<td class=\"count\">1 <span class=\"unreadable\">+ 1 unreadable</span></td>"), "\(index)")
    }

    /// The stream transcripts say the same under the chat's heading; a chat whose messages
    /// a filter left out is left out whole.
    @Test(arguments: [("text", ""), ("ansi", ""), ("markdown", "*")])
    func chatsWithoutMessagesSaySoInStreams(format: String, emphasis: String) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try Self.chatsWithoutMessages(in: dir)
        let result = try Binary.run([
            "export", input.path, "--to", format, "--color", "never", "--width", "200", "--since", "2020-01-01",
            "--time-zone", "UTC",
        ])
        #expect(result.status == 1)
        let out = result.stdout
        #expect(out.contains("\(emphasis)This chat has no messages.\(emphasis)\n"), "\(out)")
        #expect(
            out.contains(
                "\(emphasis)None of this chat's 2 messages could be read: msgfmt reported where each is in the export and why.\(emphasis)\n"
            ), "\(out)")
        #expect(out.components(separatedBy: "could be read").count == 2, "\(out)")
        #expect(out.contains("Half") && out.contains("ok"))
        #expect(!out.contains("Old"), "\(out)")
    }

    /// With a file per chat (`-o DIR/{chat}.txt`), a chat that shows no message still gets
    /// its file, saying why; one a filter emptied gets none.
    @Test func chatsWithoutMessagesGetTheirFile() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try Self.chatsWithoutMessages(in: dir)
        let out = dir.appendingPathComponent("chats")
        let result = try Binary.run([
            "export", input.path, "--to", "text", "--width", "200", "--since", "2020-01-01", "-o", out.path + "/{chat}.txt",
        ])
        #expect(result.status == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == ["broken.txt", "empty.txt", "half.txt"])
        func file(_ name: String) throws -> String {
            try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
        }
        #expect(try file("empty.txt") == "== Empty (personal_chat)\n\nThis chat has no messages.\n")
        #expect(try file("broken.txt").contains("None of this chat's 2 messages could be read:"))
        #expect(try !file("half.txt").contains("could be read"))
    }

    /// An export (`result.json` in `dir`) of four chats: one empty, one whose two messages
    /// cannot be read, one with one of each, and one with a message from 2000 only.
    static func chatsWithoutMessages(in dir: URL) throws -> URL {
        func message(_ id: Int, _ text: String, date: Int = 1_704_067_200) -> String {
            #"{"id": \#(id), "type": "message", "date_unixtime": "\#(date + id)", "from": "A", "from_id": "user1", "text": \#(text)}"#
        }
        let chats = [
            #"{"name": "Empty", "type": "personal_chat", "id": 1, "messages": []}"#,
            #"{"name": "Broken", "type": "personal_chat", "id": 2, "messages": [\#(message(1, "7")), \#(message(2, "[1]"))]}"#,
            #"{"name": "Half", "type": "personal_chat", "id": 3, "messages": [\#(message(1, "7")), \#(message(2, "\"ok\""))]}"#,
            #"{"name": "Old", "type": "personal_chat", "id": 4, "messages": [\#(message(1, "\"2000\"", date: 946_684_800))]}"#,
        ]
        let input = dir.appendingPathComponent("result.json")
        try Data(#"{"chats": {"list": [\#(chats.joined(separator: ", "))]}}"#.utf8).write(to: input)
        return input
    }

    @Test func badInputsGiveClearErrors() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = try Binary.run(["export", dir.appendingPathComponent("none.json").path, "--to", "text"])
        #expect(missing.status == 2 && missing.stderr.contains("cannot read"))
        let notExport = dir.appendingPathComponent("x.json")
        try Data("[1,2,3]".utf8).write(to: notExport)
        let wrong = try Binary.run(["export", notExport.path, "--to", "text", "-o", dir.appendingPathComponent("o.txt").path])
        #expect(wrong.status == 1 && wrong.stderr.contains("not a Telegram Desktop export"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("o.txt").path))
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("single/result.json"))
        let truncated = dir.appendingPathComponent("t.json")
        try data.prefix(data.count / 2).write(to: truncated)
        let cut = try Binary.run(["export", truncated.path, "--to", "text", "-o", "-"])
        #expect(cut.status == 1 && cut.stderr.contains("the file is truncated"))
        let usage = try Binary.run(["export", truncated.path, "--since", "2024-13-01"])
        #expect(usage.status == 2 && usage.stderr.contains("--since must be a date"))
        let zone = try Binary.run(["export", truncated.path, "--time-zone", "Nowhere/City"])
        #expect(zone.status == 2 && zone.stderr.contains("not a known time zone"))
    }

    /// Dates at the ends of the 64-bit range, in a zone with an offset, in every format.
    @Test(arguments: ["html", "text", "ansi", "json", "markdown"])
    func extremeDatesAreConverted(format: String) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("x.json")
        try Data(
            #"""
            {"name": "X", "id": 1, "messages": [
            {"id": 1, "date_unixtime": "-9223372036854775808", "from": "A", "from_id": "user1", "text": "min"},
            {"id": 2, "date_unixtime": "9223372036854775807", "edited_unixtime": "9223372036854775807", "from": "A", "from_id": "user1", "text": "max", "reply_to_message_id": 1},
            {"id": 3, "type": "service", "date_unixtime": "-1", "actor": "A", "action": "pin_message", "message_id": 2, "text": ""}]}
            """#.utf8
        ).write(to: input)
        let output = format == "html" ? dir.appendingPathComponent("site").path : "-"
        let result = try Binary.run(["export", input.path, "--to", format, "-o", output, "--time-zone", "+05:30"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        if format == "text" {
            #expect(result.stdout.contains("── 27 January -292277022657 ──"), "\(result.stdout)")
            #expect(result.stdout.contains("A pinned a message · 05:29"), "\(result.stdout)")
        }
    }

    @Test func htmlSiteIsWrittenAtomically() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let site = dir.appendingPathComponent("site")
        for _ in 0..<2 {
            let result = try Binary.run([
                "export", Self.fixtures.appendingPathComponent("account/result.json").path, "-o", site.path, "--page-size", "7",
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let entries = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(entries == ["site"], "no temporary directories left: \(entries)")
        let chats = try FileManager.default.contentsOfDirectory(atPath: site.path).sorted()
        #expect(chats == [".msgfmt-output", "chat_001", "chat_002", "chat_003", "index.html", "search", "search.html", "search.js"])
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("chat_001/messages3.html").path))
    }

    /// `-o` naming an input (the export itself, a folder holding it, a file a `{chat}`
    /// pattern names, diff's older export) is an error before anything is written, and the
    /// input is left as it was; an input named by a link updates as the file it leads to.
    @Test func anOutputThatIsAnInputIsAnError() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try Data(contentsOf: Self.fixtures.appendingPathComponent("kinds/result.json"))
        try original.write(to: dir.appendingPathComponent("result.json"))
        try original.write(to: dir.appendingPathComponent("kinds-group.json"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("site"), withIntermediateDirectories: true)
        try original.write(to: dir.appendingPathComponent("site/result.json"))
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("latest.json").path, withDestinationPath: dir.appendingPathComponent("result.json").path)
        let runs: [[String]] = [
            ["export", "result.json", "--to", "markdown", "-o", "result.json"],
            ["export", "latest.json", "--to", "json", "--update", "-o", "./result.json"],
            ["export", "site/result.json", "-o", "site"],
            ["export", "result.json", "--to", "text", "-o", "result.json", "--chat", "nothing"],
            ["diff", "result.json", "latest.json", "-o", "result.json"],
            ["export", "kinds-group.json", "--to", "json", "-o", "{chat}.json"],
        ]
        for arguments in runs {
            let result = try Binary.run(arguments, in: dir)
            #expect(result.status != 0 && result.stderr.contains("an input of this run"), "\(arguments): \(result.stderr)")
        }
        #expect(try Data(contentsOf: dir.appendingPathComponent("result.json")) == original)
        #expect(try Data(contentsOf: dir.appendingPathComponent("site/result.json")) == original)
        #expect(try Data(contentsOf: dir.appendingPathComponent("kinds-group.json")) == original)
        let update = ["export", "latest.json", "--to", "json", "--update", "-o", "out.jsonl"]
        #expect(try Binary.run(update, in: dir).status == 0)
        #expect(try Binary.run(update, in: dir).stderr == "msgfmt: out.jsonl is up to date: nothing to write\n")
    }

    /// The Markdown transcript shows no click to reveal a spoiler: it is shaded (`░` for
    /// each character, white space kept) unless `--spoilers reveal`, as the text transcript
    /// masks it.
    @Test func markdownHidesSpoilersUnlessRevealed() throws {
        let input =
            #"{"name": "C", "type": "personal_chat", "id": 1, "messages": [{"id": 1, "type": "message", "#
            + #""date_unixtime": "1704103200", "from": "A", "from_id": "user1", "text": ["The killer is ", "#
            + #"{"type": "spoiler", "text": "the butler"}]}]}"#
        let hidden = try Binary.run(["export", "-", "--to", "markdown"], stdin: input)
        #expect(hidden.status == 0 && hidden.stdout.contains("The killer is ░░░ ░░░░░░") && !hidden.stdout.contains("butler"))
        let shown = try Binary.run(["export", "-", "--to", "markdown", "--spoilers", "reveal"], stdin: input)
        #expect(shown.stdout.contains("The killer is the butler"), "\(shown.stdout)")
    }

    /// An export that starts with a byte order mark (saved again by an editor on Windows)
    /// converts as it does without one, and updates (offsets stay the file's).
    @Test func aByteOrderMarkIsPassedOver() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = try Data(contentsOf: Self.fixtures.appendingPathComponent("kinds/result.json"))
        try (Data([0xEF, 0xBB, 0xBF]) + plain).write(to: dir.appendingPathComponent("bom.json"))
        try plain.write(to: dir.appendingPathComponent("plain.json"))
        let marked = try Binary.run(["export", "bom.json", "--to", "json", "--time-zone", "UTC"], in: dir)
        let unmarked = try Binary.run(["export", "plain.json", "--to", "json", "--time-zone", "UTC"], in: dir)
        #expect(marked.status == 0 && marked.stdout == unmarked.stdout, "\(marked.stderr)")
        let site = ["export", "bom.json", "-o", "site", "--update", "--page-size", "2"]
        #expect(try Binary.run(site, in: dir).status == 0)
        #expect(try Binary.run(site, in: dir).stderr == "msgfmt: site is up to date: nothing to write\n")
        // `--stats` of a site left as it was counts its messages as kept, none written.
        let stats = try Binary.run(site + ["--stats"], in: dir).stderr
        #expect(
            stats.hasPrefix("msgfmt: site is up to date: nothing to write\nmsgfmt: chats 2, read 39, written 0, kept 39, filtered 0,"),
            "\(stats)")
    }

    @Test func devNullStaysADevice() throws {
        let result = try Binary.run([
            "export", Self.fixtures.appendingPathComponent("kinds/result.json").path, "--to", "text", "-o", "/dev/null",
        ])
        #expect(result.status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
        #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)
    }

    @Test(arguments: ["text", "html"])
    func interruptionLeavesNoPartialOutput(format: String) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("big.json")
        try Self.bigData.write(to: input)
        let output = dir.appendingPathComponent(format == "html" ? "site" : "out.txt")
        let run = try Binary.terminateWhileWriting(
            ["export", input.path, "--to", format, "-o", output.path, "--jobs", "1", "--progress", "never"],
            temporary: { dir.appendingPathComponent(".\(output.lastPathComponent).tmp-\($0)") }, patience: 20)
        #expect(run.wasRunning, "the export finished before it could be interrupted")
        #expect(run.endedBySIGTERM)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(left == ["big.json"], "left behind: \(left)")
    }

    /// A single-chat export of 200 000 short messages (about 25 MB), built once.
    static let bigData: Data = {
        var bytes: [UInt8] = Array(#"{"name": "Big", "type": "private_group", "id": 1, "messages": ["#.utf8)
        bytes.reserveCapacity(200_000 * 120)
        for i in 1...200_000 {
            if i > 1 { bytes.append(contentsOf: ",\n".utf8) }
            bytes.append(
                contentsOf:
                    #"{"id": \#(i), "type": "message", "date_unixtime": "\#(1_704_067_200 + i * 30)", "from": "A", "from_id": "user1", "text": "message \#(i)"}"#
                    .utf8)
        }
        bytes.append(contentsOf: "]}\n".utf8)
        return Data(bytes)
    }()

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
