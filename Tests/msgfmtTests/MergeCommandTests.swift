import Foundation
import TestSupport
import Testing

/// `msgfmt export A.json B.json …`, black box: golden outputs per `--deleted` mode and
/// format, independence of argument order on random export histories, a merge of one
/// export with itself equal to the export, and the errors of a merge.
@Suite struct MergeCommandTests {
    static let fixtures = PackagePaths.fixture("merge")

    static var goldenCases: [String] { GoldenCases.list(in: fixtures) }

    @Test(arguments: goldenCases)
    func golden(_ name: String) throws {
        let base = Self.fixtures.appendingPathComponent(name)
        let args = try String(contentsOf: base.appendingPathExtension("args"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let result = try Binary.run(["export"] + args + ["-o", "-", "--jobs", "2"], in: base.deletingLastPathComponent())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        try GoldenFile.check(result.stdout, against: base.appendingPathExtension("out"))
    }

    static let seed = ProcessInfo.processInfo.environment["MSGFMT_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)

    /// A chat's history as three exports taken one after another: messages are added,
    /// edited and deleted between them; the later ones may start later (older messages
    /// fall out of range). Each export is a single chat, written as Telegram does.
    static func history(_ rng: inout SeededGenerator) -> [String] {
        let words = ["hello", "мир", "世界", "🙂", "archive", "שלום", "edited", "42"]
        func text() -> String { (0..<(1 + rng.below(5))).map { _ in words[rng.below(words.count)] }.joined(separator: " ") }
        var live: [(id: Int, date: Int, text: String, edited: Int?)] = []
        var id = 0
        var date = 1_717_200_000
        var exports: [String] = []
        for round in 0..<3 {
            for _ in 0..<(1 + rng.below(12)) {
                id += 1 + rng.below(2)
                date += 1 + rng.below(40_000)
                live.append((id, date, text(), nil))
            }
            if round > 0 {
                for i in live.indices.reversed() {
                    switch rng.below(8) {
                    case 0: live.remove(at: i)
                    case 1: live[i].text = text() + " (changed)"; live[i].edited = date + round
                    default: break
                    }
                }
            }
            let skip = rng.below(3) == 0 ? rng.below(max(1, live.count / 3)) : 0
            let messages = live.dropFirst(skip).map { m in
                var fields = [
                    "\"id\": \(m.id)", "\"type\": \"message\"", "\"date_unixtime\": \"\(m.date)\"", "\"from\": \"Alice\"",
                    "\"from_id\": \"user\(1 + m.id % 2)\"", "\"text\": \"\(m.text)\"",
                ]
                if let e = m.edited { fields.append("\"edited_unixtime\": \"\(e)\"") }
                return "  {" + fields.joined(separator: ", ") + "}"
            }
            exports.append(
                "{\"name\": \"History\", \"type\": \"private_group\", \"id\": 77, \"messages\": [\n"
                    + messages.joined(separator: ",\n") + "\n]}\n")
        }
        return exports
    }

    /// Merging gives the same transcript whatever order the exports are given in, in
    /// every `--deleted` mode.
    @Test func mergeIsIndependentOfArgumentOrder() throws {
        var rng = SeededGenerator(seed: Self.seed)
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let orders = [[0, 1, 2], [2, 1, 0], [1, 2, 0], [0, 2, 1]]
        for round in 0..<6 {
            let note = Comment(rawValue: "MSGFMT_SEED=\(Self.seed), round \(round)")
            let names = ["a.json", "b.json", "c.json"]
            for (name, json) in zip(names, Self.history(&rng)) {
                try json.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            let mode = ["keep", "mark", "drop"][round % 3]
            let format = ["text", "json"][round % 2]
            var outputs: Set<String> = []
            for order in orders {
                let result = try Binary.run(
                    ["export"] + order.map { names[$0] } + ["--to", format, "--deleted", mode, "--time-zone", "UTC", "-o", "-"], in: dir)
                #expect(result.status == 0, "\(result.stderr) \(note)")
                outputs.insert(result.stdout)
            }
            #expect(outputs.count == 1, note)
        }
    }

    /// A message id that comes twice in one export's chat: the merge keeps the first and
    /// says it leaves the others out; a diff says it compares the first.
    @Test func aRepeatedIDIsNamedForWhatBecomesOfIt() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let messages = ["first", "second"].enumerated().map { k, text in
            #"{"id": 2, "type": "message", "date_unixtime": "\#(1_704_103_200 + k * 60)", "from": "A", "from_id": "user1", "text": "\#(text)"}"#
        }
        let chat = #"{"name": "Dup", "type": "personal_chat", "id": 48, "messages": ["# + messages.joined(separator: ",") + "]}"
        try chat.write(to: dir.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        try chat.write(to: dir.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
        let merged = try Binary.run(["export", "a.json", "b.json", "--to", "text"], in: dir)
        #expect(
            merged.stderr.contains(
                "a.json:message 2: message id 2 appears more than once in chat Dup; the first is kept, the others are left out"))
        #expect(merged.stdout.contains("first") && !merged.stdout.contains("second"))
        let diff = try Binary.run(["diff", "a.json", "b.json", "--to", "text"], in: dir)
        #expect(diff.stderr.contains("appears more than once in chat Dup; the first is compared"), "\(diff.stderr)")
    }

    /// A newer export cut short is merged as far as it was read, as a single export of it
    /// is converted: the cut is an error where it is (exit 1), the messages before it are
    /// in the transcript, none after it is taken for deleted, and a message no export
    /// could read (its id unknown, or every version broken) is counted as failed.
    @Test func aTruncatedExportIsMergedAsFarAsItWasRead() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func message(_ id: Int, _ text: String) -> String {
            #"{"id": \#(id), "type": "message", "date_unixtime": "\#(1_704_103_200 + id * 60)", "from": "Bob", "from_id": "user2", "text": "\#(text)"}"#
        }
        func chat(_ messages: [String]) -> String {
            #"{"name": "Team", "type": "private_group", "id": 42, "messages": ["# + "\n" + messages.joined(separator: ",\n")
        }
        try (chat((1...3).map { message($0, "m\($0)") }) + "\n]}\n").write(
            to: dir.appendingPathComponent("old.json"), atomically: true, encoding: .utf8)
        let cut = chat([message(2, "m2"), message(3, "m3 edited"), message(4, "m4"), #"{"id": 5, "type": "message", "text": "fif"#])
        try cut.write(to: dir.appendingPathComponent("new.json"), atomically: true, encoding: .utf8)
        let merged = try Binary.run(["export", "old.json", "new.json", "--to", "text", "--stats", "--time-zone", "UTC"], in: dir)
        #expect(merged.status == 1, "\(merged.stderr)")
        for text in ["m1", "m2", "m3 edited", "m4"] { #expect(merged.stdout.contains("  \(text)\n"), "\(text): \(merged.stdout)") }
        #expect(!merged.stdout.contains("deleted") && !merged.stdout.contains("fif"))
        #expect(merged.stderr.contains("new.json:byte \(cut.utf8.count): the file is truncated"), "\(merged.stderr)")
        #expect(merged.stderr.hasSuffix("msgfmt: chats 1, read 5, written 4, filtered 0, failed 1\n"), "\(merged.stderr)")
    }

    /// Each message appears once, in its newest version; one deleted later is tagged.
    @Test func newestVersionWinsAndDeletedIsMarked() throws {
        let chat = Self.fixtures.appendingPathComponent("chat")
        let result = try Binary.run(["export", "old.json", "new.json", "--to", "json", "--time-zone", "UTC", "-o", "-"], in: chat)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let ids = lines.compactMap { line in line.firstRange(of: "\"id\":").map { Int(line[$0.upperBound...].prefix { $0.isNumber }) ?? -1 }
        }
        #expect(ids == Array(1...11), "every message of both exports once, by date")
        #expect(lines.filter { $0.contains("\"deleted\":true") }.count == 1)
        #expect(lines[5].contains("\"id\":6,") && lines[5].contains("\"deleted\":true"))
        #expect(lines[3].contains("\"id\":4,") && lines[3].contains("\"edited\":1717205400"), "message 4 in its edited version")
    }

    /// A merge of an export with itself is the export.
    @Test func mergingAnExportWithItselfChangesNothing() throws {
        let account = PackagePaths.fixture("diff/account")
        for format in ["text", "json", "markdown"] {
            let one = try Binary.run(["export", "old.json", "--to", format, "--time-zone", "UTC", "-o", "-"], in: account)
            let twice = try Binary.run(["export", "old.json", "old.json", "--to", format, "--time-zone", "UTC", "-o", "-"], in: account)
            #expect(one.status == 0 && twice.status == 0)
            #expect(one.stdout == twice.stdout, "\(format)")
        }
    }

    /// Standard input cannot be merged (it is read twice); a missing file is a usage
    /// error (2); a file that is not an export is invalid input (1); nothing is written.
    @Test func mergeErrors() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let chat = Self.fixtures.appendingPathComponent("chat").path
        try "{\"not\": \"an export\"}".write(to: dir.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let stdin = try Binary.run(["export", "-", "\(chat)/old.json", "--to", "text"], in: dir)
        #expect(stdin.status == 2 && stdin.stderr.contains("standard input"), "\(stdin.stderr)")
        let missing = try Binary.run(["export", "\(chat)/old.json", "missing.json", "--to", "text", "-o", "out.txt"], in: dir)
        #expect(missing.status == 2 && missing.stderr.contains("missing.json"), "\(missing.stderr)")
        let bad = try Binary.run(["export", "\(chat)/old.json", "bad.json", "--to", "text", "-o", "out.txt"], in: dir)
        #expect(bad.status == 1 && bad.stderr.contains("bad.json: not a Telegram Desktop export"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.txt").path))
    }

    /// An unreadable message in a merge is reported with the export it is in, not the
    /// merge as a whole, and with the byte its object starts at in that file.
    @Test func unreadableMessagesNameTheirExport() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func export(_ messages: [String]) -> String {
            #"{"name": "Chat", "type": "personal_chat", "id": 9, "messages": [\#(messages.joined(separator: ", "))]}"#
        }
        func message(_ id: Int, _ text: String) -> String {
            #"{"id": \#(id), "type": "message", "date_unixtime": "\#(1_704_067_200 + id)", "from": "A", "from_id": "user1", "text": \#(text)}"#
        }
        let old = export([message(1, "\"one\"")])
        let new = export([message(1, "\"one\""), message(2, "7")])
        try old.write(to: dir.appendingPathComponent("old.json"), atomically: true, encoding: .utf8)
        try new.write(to: dir.appendingPathComponent("new.json"), atomically: true, encoding: .utf8)
        let start = try #require(new.utf8.firstRange(of: #"{"id": 2,"#.utf8)).lowerBound
        let offset = new.utf8.distance(from: new.utf8.startIndex, to: start)
        let result = try Binary.run(["export", "old.json", "new.json", "--to", "text"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("msgfmt: error: new.json:message 2, byte \(offset): "), "\(result.stderr)")
        #expect(result.stdout.contains("one"))
    }

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
