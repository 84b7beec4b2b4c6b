import Foundation
import Testing

/// `export -o 'out/{chat}/{year}-{month}.md'`: one file per chat and period, each the
/// transcript that export would write of those messages alone, none left half-written.
@Suite struct OutputPatternCLITests {
    /// Two chats; the first spans two months, the second one.
    static let export = #"""
        {"chats": {"list": [
        {"name": "Release crew", "type": "private_group", "id": 11, "messages": [
        {"id": 1, "type": "message", "date_unixtime": "1704103200", "from": "Alice", "from_id": "user1", "text": "January one"},
        {"id": 2, "type": "message", "date_unixtime": "1704189600", "from": "Bob", "from_id": "user2", "text": "January two"},
        {"id": 3, "type": "message", "date_unixtime": "1706781600", "from": "Alice", "from_id": "user1", "text": "February"}]},
        {"name": "Family", "type": "personal_chat", "id": 22, "messages": [
        {"id": 1, "type": "message", "date_unixtime": "1706868000", "from": "Mum", "from_id": "user3", "text": "February too"}]}
        ]}}
        """#

    static func files(under dir: URL) -> [String] {
        let all = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []
        return all.filter { !$0.hasSuffix("result.json") && !$0.hasPrefix("single") }.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: dir.appendingPathComponent(path).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }

    @Test(arguments: ["markdown", "json", "text"])
    func oneFilePerChatAndMonth(format: String) throws {
        let dir = try ExportCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("result.json")
        try Data(Self.export.utf8).write(to: input)
        let pattern = dir.appendingPathComponent("out/{chat}/{year}-{month}.txt").path
        let result = try Binary.run(["export", input.path, "--to", format, "-o", pattern, "--time-zone", "UTC", "--width", "60"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
        #expect(
            Self.files(under: dir) == [
                "out/family/2024-02.txt", "out/release-crew/2024-01.txt", "out/release-crew/2024-02.txt",
            ])
        // Each file is what export writes of those messages alone.
        let cases = [
            ("out/release-crew/2024-01.txt", "Release crew", "2024-01-01", "2024-01-31"), ("out/family/2024-02.txt", "Family", "", ""),
        ]
        for (path, chat, since, until) in cases {
            var args = ["export", input.path, "--to", format, "-o", "-", "--time-zone", "UTC", "--width", "60", "--chat", chat]
            if !since.isEmpty { args += ["--since", since, "--until", until] }
            let alone = try Binary.run(args)
            let written = try String(contentsOf: dir.appendingPathComponent(path), encoding: .utf8)
            #expect(written == alone.stdout, "\(path)")
        }
    }

    @Test func filesNamedByChatOnly() throws {
        let dir = try ExportCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("result.json")
        try Data(Self.export.utf8).write(to: input)
        let result = try Binary.run(["export", input.path, "--to", "json", "-o", dir.appendingPathComponent("{chat_id}.jsonl").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.files(under: dir) == ["11.jsonl", "22.jsonl"])
        let lines = try String(contentsOf: dir.appendingPathComponent("11.jsonl"), encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
    }

    /// A file whose period comes round again keeps what it had and gets the rest after it.
    @Test func aPathThatComesBackIsAddedTo() throws {
        let dir = try ExportCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("result.json")
        try Data(
            #"""
            {"name": "X", "id": 1, "messages": [
            {"id": 1, "type": "message", "date_unixtime": "1704103200", "from": "A", "from_id": "user1", "text": "jan-a"},
            {"id": 2, "type": "message", "date_unixtime": "1706781600", "from": "A", "from_id": "user1", "text": "feb"},
            {"id": 3, "type": "message", "date_unixtime": "1704189600", "from": "A", "from_id": "user1", "text": "jan-b"}]}
            """#.utf8
        ).write(to: input)
        let result = try Binary.run([
            "export", input.path, "--to", "json", "-o", dir.appendingPathComponent("{year}-{month}.jsonl").path, "--time-zone", "UTC",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.files(under: dir) == ["2024-01.jsonl", "2024-02.jsonl"])
        let january = try String(contentsOf: dir.appendingPathComponent("2024-01.jsonl"), encoding: .utf8)
        #expect(january.split(separator: "\n").count == 2)
        #expect(january.contains("jan-a") && january.contains("jan-b"))
    }

    @Test(arguments: [
        (["--to", "html", "-o", "site/{chat}"], "-o placeholders name the files of the stream formats"),
        (["--to", "markdown", "-o", "out/{name}.md"], "-o: unknown placeholder {name}"),
        (["--to", "text", "-o", "out/{month}.txt"], "-o: {month} needs {year} too"),
    ])
    func unusablePatternsAreUsageErrors(_ args: [String], _ message: String) throws {
        let dir = try ExportCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("result.json")
        try Data(Self.export.utf8).write(to: input)
        let result = try Binary.run(["export", input.path] + args.map { $0.contains("{") ? dir.appendingPathComponent($0).path : $0 })
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("msgfmt: error: \(message)"), "\(result.stderr)")
        #expect(Self.files(under: dir).isEmpty)
    }
}
