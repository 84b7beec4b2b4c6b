import Foundation
import OutputSafety
import TestSupport
import Testing

/// `msgfmt diff`, black box: golden outputs of every format, exit statuses as diff(1),
/// malformed messages, layout-independent comparison, atomic output, hostile text.
@Suite struct DiffCommandTests {
    static let fixtures = PackagePaths.fixture("diff")

    static var goldenCases: [String] { GoldenCases.list(in: fixtures) }

    /// Runs `msgfmt arguments…` (or `executable`) in `directory`, so file names in the
    /// output are relative.
    static func run(
        _ arguments: [String], in directory: URL, environment: [String: String] = [:], executable: URL? = nil
    ) throws -> Binary.Result {
        try Binary.run(arguments, environment: environment, in: directory, executable: executable)
    }

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func arguments(_ name: String) throws -> [String] {
        try String(contentsOf: fixtures.appendingPathComponent(name + ".args"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
    }

    @Test(arguments: goldenCases)
    func golden(_ name: String) throws {
        let folder = Self.fixtures.appendingPathComponent(name).deletingLastPathComponent()
        let result = try Self.run(["diff", "old.json", "new.json"] + Self.arguments(name), in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        try GoldenFile.check(result.stdout, against: Self.fixtures.appendingPathComponent(name + ".out"))
    }

    /// The pair in `account/` was made by scripts/make-archive-pair.py, which recorded its
    /// changes in changes.jsonl: diff finds exactly those, in that order.
    @Test func findsTheChangesTheScriptMade() throws {
        let folder = Self.fixtures.appendingPathComponent("account")
        let result = try Self.run(["diff", "old.json", "new.json", "--to", "json"], in: folder)
        #expect(result.status == 1)
        func identities(_ text: String) -> [String] {
            text.split(separator: "\n").compactMap { line in
                guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
                return "\(o["change"] ?? "") \(o["chat_id"] ?? "") \(o["id"] ?? "")"
            }
        }
        let expected = try String(contentsOf: folder.appendingPathComponent("changes.jsonl"), encoding: .utf8)
        #expect(identities(result.stdout) == identities(expected))
        #expect(identities(expected).count == 8)
    }

    /// JSON lines carry the export's message objects: before for deleted and edited,
    /// after for added and edited, null otherwise.
    @Test func jsonLinesHoldBeforeAndAfter() throws {
        let result = try Self.run(
            ["diff", "old.json", "new.json", "--to", "json", "--time-zone", "UTC"], in: Self.fixtures.appendingPathComponent("chat"))
        let lines = result.stdout.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.count == 5)
        for case let line? in lines {
            let change = line["change"] as? String
            #expect(line["chat_id"] as? Int == 555)
            #expect((line["before"] is NSNull) == (change == "added"), "\(line)")
            #expect((line["after"] is NSNull) == (change == "deleted"), "\(line)")
            for side in ["before", "after"] {
                guard let message = line[side] as? [String: Any] else { continue }
                #expect(message["id"] as? Int == line["id"] as? Int)
                #expect(message["lines"] is [Any] && message["chat_name"] as? String == "Release crew")
            }
        }
    }

    /// The same export written compactly, with other key order and escapes: no
    /// differences, no output, status 0.
    @Test func otherLayoutOfTheSameExportIsNoDifference() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = Self.fixtures.appendingPathComponent("account/old.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: original))
        let compact = dir.appendingPathComponent("compact.json")
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: compact)
        #expect(try Data(contentsOf: compact) != Data(contentsOf: original))
        for format in ["text", "ansi", "json"] {
            let result = try Self.run(["diff", original.path, compact.path, "--to", format, "--stats"], in: dir)
            #expect(result.status == 0, "\(format): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "msgfmt: added 0, deleted 0, edited 0, unchanged 45, out of range 0, failed 0\n")
        }
        let html = try Self.run(["diff", original.path, original.path, "--to", "html"], in: dir)
        #expect(html.status == 0 && html.stdout.contains("No differences."))
    }

    @Test func statsCountEveryKind() throws {
        let result = try Self.run(
            ["diff", "old.json", "new.json", "--stats", "--to", "json"], in: Self.fixtures.appendingPathComponent("chat"))
        #expect(result.status == 1)
        #expect(result.stderr == "msgfmt: added 2, deleted 1, edited 2, unchanged 4, out of range 2, failed 0\n")
    }

    /// A message that cannot be read is reported by id and place, the rest is compared and shown,
    /// and the status is 2.
    @Test func malformedMessagesAreReportedAndExitTwo() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let chat = Self.fixtures.appendingPathComponent("chat")
        var text = try String(contentsOf: chat.appendingPathComponent("new.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"id\": 5,\n   \"type\": \"message\"", with: "\"id\": 5,\n   \"type\" \"message\"")
        try Data(text.utf8).write(to: dir.appendingPathComponent("new.json"))
        try FileManager.default.copyItem(at: chat.appendingPathComponent("old.json"), to: dir.appendingPathComponent("old.json"))
        let result = try Self.run(["diff", "old.json", "new.json", "--to", "json", "--stats"], in: dir)
        #expect(result.status == 2)
        let start = try #require(ExportFilePlaces.byte(ofMessage: 5, in: text, then: #",\s*"type" "message""#))
        #expect(result.stderr.contains("msgfmt: error: new.json:message 5, byte \(start): invalid JSON"), "\(result.stderr)")
        #expect(result.stderr.contains("msgfmt: added 2, deleted 1, edited 1, unchanged 4, out of range 2, failed 1"))
        #expect(result.stdout.split(separator: "\n").count == 4)
    }

    /// A sender's name cut mid-character (a byte that is not UTF-8) is read as U+FFFD and
    /// said in a located warning for each file, as `msgfmt export` says it; the message is
    /// compared, and the same bytes in both files are no difference.
    @Test func bytesThatAreNotUTF8AreSaid() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func export(_ text: String) -> [UInt8] {
            Array(#"{"name": "Cut", "type": "personal_chat", "id": 7, "messages": [{"id": 1, "type": "message", "#.utf8)
                + Array(#""date_unixtime": "1704067200", "from": "Bo"#.utf8) + [0xC3]
                + Array(#"", "from_id": "user2", "text": "\#(text)"}]}"#.utf8)
        }
        try Data(export("hello")).write(to: dir.appendingPathComponent("old.json"))
        try Data(export("hello again")).write(to: dir.appendingPathComponent("new.json"))
        let same = try Self.run(["diff", "old.json", "old.json"], in: dir)
        #expect(same.status == 0 && same.stdout.isEmpty, "\(same.stderr)")
        #expect(same.stderr.split(separator: "\n").count == 2)
        let changed = try Self.run(["diff", "old.json", "new.json", "--to", "text"], in: dir)
        #expect(changed.status == 1)
        for file in ["old.json", "new.json"] {
            #expect(changed.stderr.contains("msgfmt: warning: \(file):message 1, byte 63: invalid JSON"), "\(changed.stderr)")
        }
        #expect(changed.stderr.contains("read as U+FFFD"))
        #expect(changed.stdout.contains("  Bo\u{FFFD}\n- 00:00  hello\n+ 00:00  hello {+again+}\n"), "\(changed.stdout)")
    }

    /// A reply quotes the message it answers, as the transcript does, when that message is
    /// in the same file (the old one for the version before, the new one for the version
    /// after), though it did not change; one that answers a message the file lacks is named
    /// by its id.
    @Test func repliesQuoteTheMessageTheyAnswer() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func message(_ id: Int, _ from: String, _ text: String, reply: Int? = nil) -> String {
            let replyMember = reply.map { #""reply_to_message_id": \#($0), "# } ?? ""
            return #"{"id": \#(id), "type": "message", "date_unixtime": "1704067200", "from": "\#(from)", "#
                + #""from_id": "user\#(from.count)", \#(replyMember)"text": "\#(text)"}"#
        }
        func export(_ messages: [String]) -> String {
            #"{"name": "Lunch", "type": "personal_chat", "id": 7, "messages": [\#(messages.joined(separator: ", "))]}"#
        }
        let question = message(1, "Alice", "Lunch at noon?")
        try export([question, message(2, "Bob", "Sure", reply: 1)]).write(
            to: dir.appendingPathComponent("old.json"), atomically: true, encoding: .utf8)
        try export([question, message(2, "Bob", "Sure, see you", reply: 1), message(3, "Bob", "Also", reply: 99)]).write(
            to: dir.appendingPathComponent("new.json"), atomically: true, encoding: .utf8)
        let text = try Self.run(["diff", "old.json", "new.json", "--to", "text", "--width", "60"], in: dir)
        #expect(text.status == 1, "\(text.stderr)")
        // Both versions quote alike: the line is context, written once.
        #expect(text.stdout.contains("  00:00  ↩ Alice: Lunch at noon?\n"), "\(text.stdout)")
        #expect(text.stdout.contains("↩ In reply to message 99"), "\(text.stdout)")
        #expect(!text.stdout.contains("In reply to message 1\n"), "\(text.stdout)")
        let html = try Self.run(["diff", "old.json", "new.json", "--to", "html"], in: dir)
        #expect(html.stdout.components(separatedBy: "<div class=\"reply\"><b>Alice</b> Lunch at noon?</div>").count == 3, "\(html.stdout)")
        #expect(html.stdout.contains("<div class=\"reply\">In reply to message 99</div>"))
    }

    /// Unreadable files, files that are not exports or are cut short, standard input and
    /// bad options: status 2, one clear line, no output file.
    @Test func troubleExitsTwo() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let chat = Self.fixtures.appendingPathComponent("chat")
        try FileManager.default.copyItem(at: chat.appendingPathComponent("old.json"), to: dir.appendingPathComponent("old.json"))
        let data = try Data(contentsOf: chat.appendingPathComponent("new.json"))
        try data.prefix(data.count / 2).write(to: dir.appendingPathComponent("cut.json"))
        try Data("[1, 2, 3]".utf8).write(to: dir.appendingPathComponent("array.json"))
        let cases: [([String], String)] = [
            (["missing.json", "old.json"], "msgfmt: error: cannot read missing.json: no such file or directory"),
            (["old.json", "."], "msgfmt: error: cannot read .: "),
            (["old.json", "array.json"], "msgfmt: error: array.json: not a Telegram Desktop export"),
            (["old.json", "cut.json"], "msgfmt: error: cut.json:byte "),
            (["old.json", "-"], "needs files, not standard input"),
            (["old.json", "old.json", "--to", "pdf"], "--to"),
            (["old.json", "old.json", "--time-zone", "Mars/Olympus"], "not a known time zone"),
            (["old.json"], "Missing expected argument"),
        ]
        for (arguments, message) in cases {
            let result = try Self.run(["diff"] + arguments + ["-o", "out.txt"], in: dir)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.txt").path), "\(arguments)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    /// Output that cannot be created or written is trouble too; a reader that stops
    /// reading (`| head`) is not: the status still says whether there were differences.
    @Test func outputFailuresExitTwo() throws {
        let chat = Self.fixtures.appendingPathComponent("chat")
        let missing = try Self.run(["diff", "old.json", "new.json", "-o", "/nonexistent/dir/out.txt"], in: chat)
        #expect(missing.status == 2 && missing.stderr.hasPrefix("msgfmt: error: cannot create"), "\(missing.stderr)")
        if FileManager.default.fileExists(atPath: "/dev/full") {
            let full = try Self.run(["diff", "old.json", "new.json", "-o", "/dev/full"], in: chat)
            #expect(full.status == 2 && full.stderr.contains("cannot write /dev/full"), "\(full.stderr)")
        }
        // Every message of the account export is added: more output than a pipe holds.
        let account = Self.fixtures.appendingPathComponent("account")
        let shell = try Self.run(
            ["-c", "set -o pipefail; \"$0\" diff ../chat/old.json new.json --to json | head -c 10 >/dev/null", Binary.url.path],
            in: account, executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(shell.status == 1, "\(shell.stderr)")
        #expect(shell.stderr.isEmpty)
    }

    /// `-o FILE` holds exactly what standard output would, and nothing is left behind.
    @Test func outputFileHoldsTheDiff() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let chat = Self.fixtures.appendingPathComponent("chat")
        let out = dir.appendingPathComponent("changes.html")
        let written = try Self.run(["diff", "old.json", "new.json", "--to", "html", "--time-zone", "UTC", "-o", out.path], in: chat)
        #expect(written.status == 1 && written.stdout.isEmpty)
        let printed = try Self.run(["diff", "old.json", "new.json", "--to", "html", "--time-zone", "UTC"], in: chat)
        #expect(try String(contentsOf: out, encoding: .utf8) == printed.stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["changes.html"])
    }

    /// Without --to: ansi when --color allows escapes, else text; a file gets no escapes
    /// under --color auto.
    @Test func defaultFormatFollowsColor() throws {
        let chat = Self.fixtures.appendingPathComponent("chat")
        let plain = try Self.run(["diff", "old.json", "new.json", "--time-zone", "UTC", "--width", "60"], in: chat)
        let text = try String(contentsOf: chat.appendingPathComponent("text.out"), encoding: .utf8)
        #expect(plain.stdout == text)
        let forced = try Self.run(["diff", "old.json", "new.json", "--time-zone", "UTC"], in: chat, environment: ["FORCE_COLOR": "1"])
        #expect(forced.stdout.contains("\u{1B}["))
        let noColor = try Self.run(
            ["diff", "old.json", "new.json", "--time-zone", "UTC"], in: chat, environment: ["FORCE_COLOR": "1", "NO_COLOR": "1"])
        #expect(noColor.stdout.contains("\u{1B}[9m") && !noColor.stdout.contains("\u{1B}[31m") && !noColor.stdout.contains("\u{1B}[91m"))
    }

    /// --chat compares only the chats named.
    @Test func chatFilter() throws {
        let result = try Self.run(
            ["diff", "old.json", "new.json", "--to", "json", "--chat", "4000000001", "--stats"],
            in: Self.fixtures.appendingPathComponent("account"))
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.contains("\"chat_id\":4000000001,") })
        #expect(result.stderr.contains("added 0, deleted 2, edited 1,"))
    }

    /// Changes are laid out a batch at a time on `--jobs` threads and written in order: a
    /// diff of more changes than a batch holds is the same bytes on one thread and on
    /// three, in every format; `--jobs 0` is a usage error.
    @Test func jobsDoNotChangeTheOutput() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func export(_ ids: [Int], edited: Set<Int>) -> String {
            let messages = ids.map { id in
                let text = edited.contains(id) ? "message \(id), edited with **more** words" : "message \(id) says hello"
                return #"{"id": \#(id), "type": "message", "date_unixtime": "\#(1_704_067_200 + id * 60)", "from": "Ann", "#
                    + #""from_id": "user1", "text": "\#(text)", "reply_to_message_id": \#(max(1, id - 3))}"#
            }
            return #"{"name": "Jobs", "type": "personal_chat", "id": 7, "messages": ["# + messages.joined(separator: ",") + "]}"
        }
        let old = Array(1...700)
        let new = old.filter { $0 % 7 != 0 } + Array(701...1000)
        try Data(export(old, edited: []).utf8).write(to: dir.appendingPathComponent("old.json"))
        try Data(export(new, edited: Set(old.filter { $0 % 3 == 0 })).utf8).write(to: dir.appendingPathComponent("new.json"))
        for format in ["text", "ansi", "json", "html"] {
            let one = try Self.run(["diff", "old.json", "new.json", "--to", format, "--stats", "--jobs", "1"], in: dir)
            let three = try Self.run(["diff", "old.json", "new.json", "--to", format, "--stats", "--jobs", "3"], in: dir)
            #expect(one.status == 1 && three.status == 1, "\(format): \(one.stderr) \(three.stderr)")
            #expect(one.stderr.contains("added 300, deleted 100, edited 200,"), "\(format): \(one.stderr)")
            #expect(one.stdout == three.stdout && one.stderr == three.stderr, "\(format)")
        }
        let zero = try Self.run(["diff", "old.json", "new.json", "--jobs", "0"], in: dir)
        #expect(zero.status == 2 && zero.stderr.contains("--jobs must be at least 1, not 0."), "\(zero.stderr)")
    }

    /// Extreme widths end quickly in every format (the transcript width is clamped).
    @Test(arguments: ["1", "1000000000"])
    func extremeWidths(width: String) throws {
        let chat = Self.fixtures.appendingPathComponent("chat")
        for format in ["text", "ansi", "json", "html"] {
            let arguments = ["diff", "old.json", "new.json", "--to", format, "--width", width, "-o", "/dev/null"]
            let result = try GuardedRun.run(arguments.map { $0.hasSuffix(".json") ? chat.appendingPathComponent($0).path : $0 })
            #expect(result.crashProblems().isEmpty, "\(format): \(result.crashProblems())")
            #expect(result.status == 1, "\(format): \(result.stderr)")
        }
    }

    /// An edited spoiler's words: under `--spoilers hide` the changed words show it masked as
    /// the sides do (its text only inside the spoiler's tags), under `reveal` revealed.
    @Test(arguments: ["hide", "reveal"])
    func changedWordsKeepSpoilers(mode: String) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func export(_ parts: String) -> String {
            """
            {"name": "S", "type": "personal_chat", "id": 14, "messages": [{"id": 1, "type": "message", \
            "date": "2024-01-02T10:01:00", "date_unixtime": "1704189660", "from": "Bob", "from_id": "user2", \
            "text": \(parts)}]}
            """
        }
        try Data(export(#"["the answer is ", {"type": "spoiler", "text": "hunter2"}, " ok"]"#).utf8)
            .write(to: dir.appendingPathComponent("old.json"))
        try Data(export(#"["the answer is ", {"type": "spoiler", "text": "swordfish"}, " ok"]"#).utf8)
            .write(to: dir.appendingPathComponent("new.json"))
        let result = try Self.run(["diff", "old.json", "new.json", "--to", "html", "--spoilers", mode], in: dir)
        #expect(result.status == 1, "\(result.stderr)")
        let words = try #require(result.stdout.split(separator: "\n").first { $0.contains("class=\"word-diff\"") })
        let open =
            mode == "hide"
            ? #"<span class="msgfmt-spoiler" role="button" tabindex="0" aria-label="Spoiler: press to reveal"><span class="msgfmt-spoiler-text">"#
            : #"<span class="msgfmt-spoiler msgfmt-revealed"><span class="msgfmt-spoiler-text">"#
        #expect(words.contains("the answer is <del>\(open)hunter2</span></span></del><ins>\(open)swordfish</span></span></ins> ok"))
    }

    /// Hostile names and texts (escape sequences, markup, bad links) in every change kind:
    /// terminal output holds no escape but msgfmt's own, HTML no script or handler.
    @Test(arguments: ["text", "ansi", "html", "json"])
    func hostileTextStaysInert(format: String) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let hostile = try String(contentsOf: PackagePaths.fixture("hostile/export-hostile.json"), encoding: .utf8)
        try Data(hostile.utf8).write(to: dir.appendingPathComponent("new.json"))
        // The old export: the same chat, message 1 saying something else, and a message
        // the new one lacks (deleted) with hostile text of its own.
        var object = try #require(try JSONSerialization.jsonObject(with: Data(hostile.utf8)) as? [String: Any])
        var messages = try #require(object["messages"] as? [[String: Any]])
        var text = try #require(messages[0]["text"] as? [Any])
        text[0] = "y <b>\u{1B}[31m "
        messages[0]["text"] = text
        messages.append([
            "id": 4, "type": "message", "date_unixtime": "1704067200", "from": "\u{1B}[2J<script>x</script>",
            "text": "</div><script>alert(4)</script>\u{9B}31m \u{202E}evil", "photo": "\"><img src=x onerror=alert(1)>",
        ])
        object["messages"] = messages
        try JSONSerialization.data(withJSONObject: object).write(to: dir.appendingPathComponent("old.json"))
        let arguments = ["diff", "old.json", "new.json", "--to", format, "--color", "always", "--hyperlinks", "always", "-o", "out"]
        let result = try GuardedRun.run(
            arguments.map { $0 == "old.json" || $0 == "new.json" || $0 == "out" ? dir.appendingPathComponent($0).path : $0 })
        #expect(result.crashProblems().isEmpty, "\(result.crashProblems())")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.diagnosticsAreLocated, "\(result.stderr)")
        let bytes = [UInt8](try Data(contentsOf: dir.appendingPathComponent("out")))
        #expect(!bytes.isEmpty)
        switch format {
        case "html":
            #expect(HTMLOutputScan.violations(bytes, allowedScripts: 1).isEmpty, "\(HTMLOutputScan.violations(bytes, allowedScripts: 1))")
        case "json":
            #expect(
                String(decoding: bytes, as: UTF8.self).split(separator: "\n").allSatisfy {
                    (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil
                })
        default: #expect(TerminalOutputScan.violations(bytes).isEmpty, "\(TerminalOutputScan.violations(bytes))")
        }
    }
}
