import Foundation
import TestSupport
import Testing

/// `--filter` through the built binary: the messages `export` and `render` keep, the
/// `--stats` counts, and located usage errors.
@Suite struct FilterCLITests {
    static let kinds = PackagePaths.fixture("export").appendingPathComponent("kinds/result.json").path
    static let account = PackagePaths.fixture("export").appendingPathComponent("account/result.json").path

    /// `chat/id` of every JSON Lines record on `stdout`.
    static func ids(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return "\(object["chat"] ?? "")/\(object["id"] ?? "")"
        }
    }

    static func export(_ filter: String, _ extra: [String] = []) throws -> Binary.Result {
        // `--media none`: the --stats line alone, without the media counts of the kinds fixture.
        try Binary.run(
            ["export", kinds, "--to", "json", "-o", "-", "--time-zone", "UTC", "--stats", "--media", "none", "--filter", filter] + extra)
    }

    @Test(arguments: [
        ("has:photo", ["4000000001/8", "4000000001/22"]),
        ("from:bob (has:voice | has:poll)", ["4000000001/23", "4000000001/28"]),
        ("-is:service has:video", ["4000000001/24", "4000000001/33"]),
        ("chat:old | id:-5", ["4000000001/-5", "4000000002/1"]),
        ("before:2024-01-01", ["4000000002/1"]),
        ("after:2024-03-04 is:forwarded", ["4000000001/36"]),
        ("mentions:bob has:link", ["4000000001/21"]),
        (#""deleted account""#, ["4000000001/36"]),
    ])
    func exportKeepsWhatTheFilterSelects(_ filter: String, _ expected: [String]) throws {
        let result = try Self.export(filter)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.ids(result.stdout) == expected)
        #expect(result.stderr == "msgfmt: chats 2, read 39, written \(expected.count), filtered \(39 - expected.count), failed 0\n")
    }

    /// `--since`/`--until` and `--filter` both count as filtered; read = written + filtered + failed.
    @Test func datesAndFilterAddUp() throws {
        let result = try Self.export("from:alice", ["--since", "2024-03-05"])
        #expect(result.status == 0)
        #expect(Self.ids(result.stdout).count == 16)
        #expect(result.stderr == "msgfmt: chats 2, read 39, written 16, filtered 23, failed 0\n")
    }

    /// Worker threads filter as the single thread does, on every format.
    @Test(arguments: ["json", "text", "markdown", "ansi"])
    func jobsGiveTheSameResult(format: String) throws {
        let filter = "-has:media | from:user1001 rel"
        var outputs: [String] = []
        for jobs in ["1", "3"] {
            let result = try Binary.run([
                "export", Self.account, "--to", format, "-o", "-", "--time-zone", "UTC", "--jobs", jobs, "--filter", filter,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(result.stdout)
        }
        #expect(outputs[0] == outputs[1])
        #expect(!outputs[0].isEmpty)
    }

    /// A filter that keeps nothing writes no chat and succeeds (`chats` counts those read).
    @Test func keepingNothingIsNoError() throws {
        let result = try Self.export("id:999999")
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "msgfmt: chats 2, read 39, written 0, filtered 39, failed 0\n")
    }

    static let botAPI =
        [
            #"{"message_id": 1, "date": 1704110400, "from": {"id": 7, "first_name": "Zoë", "username": "zoe"}, "chat": {"id": -5, "title": "Crew"}, "text": "Release at https://x.org", "entities": [{"type": "url", "offset": 11, "length": 13}]}"#,
            #"{"message_id": 2, "date": 1704196800, "from": {"id": 8, "first_name": "Bob"}, "chat": {"id": -5, "title": "Crew"}, "text": "unreleased café"}"#,
            #"{"message_id": 3, "date": 1704283200, "from": {"id": 8, "first_name": "Bob"}, "chat": {"id": -5, "title": "Crew"}, "photo": [{"file_id": "x"}]}"#,
            #"{"message_id": 4, "date": 1704369600, "from": {"id": 7, "first_name": "Zoë", "username": "zoe"}, "chat": {"id": -5, "title": "Crew"}, "text": 42}"#,
        ].joined(separator: "\n") + "\n"

    @Test(arguments: [
        ("rel", "Release at https://x.org\n", "read 4, rendered 1, filtered 2, failed 1"),
        ("CAFE | has:link", "Release at https://x.org\n\nunreleased café\n", "read 4, rendered 2, filtered 1, failed 1"),
        ("from:bob -has:photo", "unreleased café\n", "read 4, rendered 1, filtered 2, failed 1"),
        ("after:2024-01-01 before:2024-01-03 chat:crew", "unreleased café\n", "read 4, rendered 1, filtered 2, failed 1"),
        ("-from:@zoe", "unreleased café\n\n[Photo]\n", "read 4, rendered 2, filtered 1, failed 1"),
    ])
    func renderKeepsWhatTheFilterSelects(_ filter: String, _ stdout: String, _ stats: String) throws {
        let result = try Binary.run(["--to", "text", "--stats", "--filter", filter], stdin: Self.botAPI, environment: ["TZ": "UTC"])
        #expect(result.stdout == stdout)
        #expect(result.stderr.hasSuffix("msgfmt: \(stats)\n"), "\(result.stderr)")
        // Message 4's text is a number: an error whatever the filter says, as without one.
        #expect(result.stderr.hasPrefix("msgfmt: error: <stdin>:4: \"text\" must be a string, not a number\n"), "\(result.stderr)")
        #expect(result.status == 1)
    }

    /// Without --filter the --stats line is as it always was.
    @Test func renderStatsWithoutAFilterAreUnchanged() throws {
        let result = try Binary.run(["--to", "text", "--stats"], stdin: Self.botAPI)
        #expect(result.stderr.hasSuffix("msgfmt: read 4, rendered 3, failed 1\n"), "\(result.stderr)")
    }

    /// `render --from tdesktop` sees the export's senders and chats.
    @Test func renderReadsExportsWithTheirMetadata() throws {
        let input = try String(contentsOfFile: Self.kinds, encoding: .utf8)
        let result = try Binary.run(["--from", "tdesktop", "--to", "text", "--stats", "--filter", "chat:old"], stdin: input)
        #expect(result.stdout == "legacy bold text\n")
        #expect(result.stderr == "msgfmt: read 39, rendered 1, filtered 38, failed 0\n")
    }

    /// An expression may start with '-'.
    @Test func aLeadingMinusIsAnExpression() throws {
        let result = try Binary.run(["--to", "text", "--filter", "-has:link", "--from", "bot-api"], stdin: Self.botAPI)
        #expect(result.stdout.hasPrefix("unreleased café\n"))
    }

    @Test(arguments: [
        ("has:photo from:", "--filter:1:16: expected a value after 'from:'"),
        ("foo:bar", "--filter:1:1: unknown operator 'foo:' (to search for a word with a colon, put it in quotes)"),
        ("a (b", "--filter:1:3: this '(' is never closed"),
        ("before:2024-13-01", "--filter:1:8: expected a date like 2024-01-31 after 'before:', not '2024-13-01'"),
        ("", "--filter:1:1: the filter is empty"),
    ])
    func badExpressionsAreLocatedUsageErrors(_ filter: String, _ message: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-filter-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let render = try Binary.run(["--filter", filter], stdin: Self.botAPI)
        #expect(render.status == 2)
        #expect(render.stdout.isEmpty)
        #expect(render.stderr == "msgfmt: error: \(message)\n")
        let export = try Binary.run(["export", Self.kinds, "-o", dir.path, "--filter", filter])
        #expect(export.status == 2)
        #expect(export.stderr == "msgfmt: error: \(message)\n")
        #expect(!FileManager.default.fileExists(atPath: dir.path), "nothing is written")
    }
}

/// The shell completion scripts offer --filter (they are generated from the declarations).
@Suite struct FilterCompletionTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionOffersFilter(_ shell: String) throws {
        let r = try Binary.run(["--generate-completion-script", shell])
        #expect(r.status == 0)
        #expect(r.stdout.contains("filter"), "\(shell) script lacks --filter")
    }
}
