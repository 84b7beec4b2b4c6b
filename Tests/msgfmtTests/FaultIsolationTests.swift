import Foundation
import Testing

/// One bad message never stops the others: `--stats` counts add up (read = rendered +
/// failed + skipped) in every multi-message path, and a reader that goes away ends the run
/// quietly with status 3.
@Suite struct FaultIsolationTests {
    static func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-fault-\(UUID().uuidString)")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// The counts of a render `--stats` line; `skipped` is there only when not 0.
    static func renderStats(_ stderr: String) -> (read: Int, rendered: Int, failed: Int, skipped: Int)? {
        guard let line = stderr.split(separator: "\n").last(where: { $0.hasPrefix("msgfmt: read ") }) else { return nil }
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard numbers.count == 3 || (numbers.count == 4 && line.contains(", skipped ")) else { return nil }
        return (numbers[0], numbers[1], numbers[2], numbers.count == 4 ? numbers[3] : 0)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var input: String
        var read: Int
        var failed: Int
        var skipped = 0
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "JSON Lines, bad lines first, middle and last", arguments: ["--from", "bot-api"],
            input:
                "{\"text\":\n{\"text\":\"two\"}\nnot json\n{\"text\":\"four\",\"entities\":[{\"type\":\"bold\",\"offset\":0,\"length\":4}]}\n{\"text\":5}\n[1,\n",
            read: 6, failed: 4),
        Case(
            name: "JSON Lines, a first line that is no JSON", arguments: ["--from", "bot-api"],
            input: "garbage\n{\"text\":\"two\"}\n{\"text\":\"three\"}\n", read: 3, failed: 1),
        Case(
            name: "JSON Lines, a first line that is a stray bracket", arguments: ["--from", "bot-api"],
            input: "]\n{\"text\":\"two\"}\n{\"text\":\"three\"}\n", read: 3, failed: 1),
        Case(
            name: "JSON Lines sniffed, a first line that is a comment", arguments: [],
            input: "# comment\n{\"text\":\"two\"}\n{\"text\":\"three\"}\n", read: 3, failed: 1),
        Case(
            name: "JSON array with bad members", arguments: ["--from", "bot-api"],
            input: "[{\"text\":\"one\"},{\"text\":7},{\"nope\":1},{\"text\":\"four\",\"entities\":\"x\"},{\"text\":\"five\"}]",
            read: 5, failed: 2),
        Case(
            name: "getUpdates with a bad update", arguments: ["--from", "bot-api"],
            input:
                "{\"ok\":true,\"result\":[{\"update_id\":1,\"message\":{\"message_id\":1,\"text\":\"a\"}},{\"update_id\":2,\"message\":{\"message_id\":2,\"text\":[]}},{\"update_id\":3,\"message\":{\"message_id\":3,\"text\":\"c\"}}]}",
            read: 3, failed: 1),
        Case(
            name: "getUpdates with updates that carry no message", arguments: ["--from", "bot-api"],
            input:
                "{\"ok\":true,\"result\":[{\"update_id\":1,\"inline_query\":{\"id\":\"q\"}},{\"update_id\":2,\"callback_query\":{\"id\":\"c\",\"message\":{\"message_id\":2,\"date\":1,\"text\":\"b\"}}},{\"update_id\":3,\"poll\":{\"id\":\"p\"}},{\"update_id\":4,\"message\":{\"message_id\":4,\"photo\":[]}},{\"update_id\":5,\"message\":{\"message_id\":5}}]}",
            read: 5, failed: 1, skipped: 2),
        Case(
            name: "strict turns warnings into failures", arguments: ["--from", "bot-api", "--strict"],
            input: "{\"text\":\"ok\"}\n{\"text\":\"ab\",\"entities\":[{\"type\":\"bold\",\"offset\":0,\"length\":9}]}\n{\"text\":\"ok\"}\n",
            read: 3, failed: 1),
    ]

    @Test(arguments: cases)
    func countsAddUp(_ c: Case) throws {
        let input = try Self.file(c.input)
        defer { try? FileManager.default.removeItem(at: input) }
        let run = try GuardedRun.run(c.arguments + ["--stats", "--to", "json"], stdin: input)
        #expect(run.crashProblems().isEmpty)
        let stats = try #require(Self.renderStats(run.stderr), "no stats in \(run.stderr)")
        #expect(stats.read == stats.rendered + stats.failed + stats.skipped)
        #expect(stats.read == c.read, "\(run.stderr)")
        #expect(stats.failed == c.failed, "\(run.stderr)")
        #expect(stats.skipped == c.skipped, "\(run.stderr)")
        #expect(run.status == (c.failed > 0 ? 1 : 0))
        let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == stats.rendered, "one JSON line per rendered message")
    }

    /// Each `--to json` object names its message's 0-based position in the input
    /// (`index`), failed messages counted, so the objects pair with the inputs when some
    /// failed: on one thread and when workers decode the lines after the first.
    @Test(arguments: [("1", "lines"), ("2", "lines"), ("1", "array"), ("2", "array")])
    func jsonObjectsNameTheirPositionInTheInput(_ jobs: String, _ shape: String) throws {
        let input =
            shape == "lines"
            ? "{\"text\":\n{\"text\":\"two\"}\nnot json\n{\"text\":\"four\"}\n{\"text\":5}\n{\"text\":\"six\"}\n"
            : "[{\"text\":\"one\"},{\"text\":7},{\"nope\":1},{\"text\":\"four\"},{\"text\":\"five\"}]"
        let run = try Binary.run(["--from", "bot-api", "--to", "json", "--jobs", jobs], stdin: input)
        #expect(run.status == 1, "\(run.stderr)")
        var found: [Int: String] = [:]
        for line in run.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            found[try #require(object["index"] as? Int)] = object["text"] as? String
        }
        #expect(found == (shape == "lines" ? [1: "two", 3: "four", 5: "six"] : [0: "one", 3: "four", 4: "five"]), "\(run.stdout)")
        // The diagnostics name the failed ones one-based, `message #index+1` or the line.
        let failed = shape == "lines" ? ["<stdin>:1:", "<stdin>:3:", "<stdin>:5:"] : ["<stdin>:message #2:", "<stdin>:message #3:"]
        for place in failed { #expect(run.stderr.contains("msgfmt: error: \(place)"), "\(run.stderr)") }
    }

    /// A message with many broken entities prints its first 10 diagnostics and one line
    /// counting the rest; the next message's diagnostics follow in full; under `--strict`
    /// the counted ones are errors and the run still fails.
    @Test func diagnosticsAreCappedPerMessage() throws {
        let bad = (0..<25).map { _ in #"{"type":"bogus","offset":0,"length":1}"# }.joined(separator: ",")
        let input =
            #"{"message_id":7,"text":"seven","entities":[\#(bad)]}"# + "\n"
            + #"{"message_id":8,"text":"eight","entities":[{"type":"bogus","offset":0,"length":1},{"type":"bold","offset":0,"length":99}]}"#
            + "\n"
        let result = try Binary.run(["--to", "text"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("msgfmt: warning: <stdin>:1, entity ") }.count == 10)
        #expect(lines.contains("msgfmt: warning: <stdin>:1: 15 more warnings about this message not shown"), "\(lines)")
        #expect(lines.filter { $0.hasPrefix("msgfmt: warning: <stdin>:2, entity ") }.count == 2)
        #expect(lines.count == 13, "\(lines)")
        #expect(result.stdout == "seven\n\neight\n")

        let strict = try Binary.run(["--to", "text", "--strict"], stdin: input)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("msgfmt: error: <stdin>:1: 15 more errors about this message not shown"), "\(strict.stderr)")
    }

    /// An export with broken messages: each is reported, the rest written, and the
    /// counts add up.
    @Test func exportCountsAddUp() throws {
        let good = { (id: Int) in
            "{\"id\":\(id),\"type\":\"message\",\"date\":\"2024-01-01T00:00:00\",\"date_unixtime\":\"1704067200\",\"from\":\"A\",\"from_id\":\"user1\",\"text\":\"m\(id)\"}"
        }
        let messages = [
            good(1), "{\"id\":2,\"type\":\"message\",\"date\":\"x\"}", good(3), "{\"id\":4,\"text\":7,\"date_unixtime\":\"nope\"}", good(5),
        ]
        let input = try Self.file("{\"name\":\"C\",\"type\":\"personal_chat\",\"id\":1,\"messages\":[\(messages.joined(separator: ","))]}")
        defer { try? FileManager.default.removeItem(at: input) }
        let run = try GuardedRun.run(["export", input.path, "--to", "text", "-o", "-", "--stats"])
        #expect(run.status == 1)
        let line = try #require(run.stderr.split(separator: "\n").last(where: { $0.hasPrefix("msgfmt: chats ") }), "\(run.stderr)")
        let n = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        // chats, read, written, filtered, failed
        #expect(n.count == 5)
        #expect(n[1] == 5 && n[4] == 2, "\(line)")
        #expect(n[1] == n[2] + n[3] + n[4], "\(line)")
        let out = String(decoding: run.stdout, as: UTF8.self)
        #expect(out.contains("m1") && out.contains("m3") && out.contains("m5"))
    }

    /// A file cut off mid-message still gets its `--stats` line, after the located errors:
    /// the messages read before the cut, and the one cut off, reported and counted as failed.
    @Test func truncatedExportStillCounts() throws {
        let good = { (id: Int) in
            "{\"id\":\(id),\"type\":\"message\",\"date\":\"2024-01-01T00:00:00\",\"date_unixtime\":\"1704067200\",\"from\":\"A\",\"from_id\":\"user1\",\"text\":\"m\(id)\"}"
        }
        let whole = "{\"name\":\"C\",\"type\":\"personal_chat\",\"id\":1,\"messages\":[\(good(1)),\(good(2)),\(good(3))]}"
        let input = try Self.file(String(whole.dropLast(30)))
        defer { try? FileManager.default.removeItem(at: input) }
        let run = try GuardedRun.run(["export", input.path, "--to", "text", "-o", "-", "--stats"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("the file is truncated"), "\(run.stderr)")
        let line = try #require(run.stderr.split(separator: "\n").last(where: { $0.hasPrefix("msgfmt: chats ") }), "\(run.stderr)")
        #expect(run.stderr.contains("error: \(input.path):message 3, byte "), "\(run.stderr)")
        #expect(line == "msgfmt: chats 1, read 3, written 2, filtered 0, failed 1")
    }

    /// `msgfmt … | head -c 100` on a big input: status 3, nothing on stderr.
    @Test(arguments: [["--from", "bot-api"], ["inspect"], ["export", "-", "--to", "text", "-o", "-"]])
    func closedStdoutIsQuiet(_ arguments: [String]) throws {
        var text = arguments.first == "export" ? "{\"name\":\"C\",\"type\":\"personal_chat\",\"id\":1,\"messages\":[" : ""
        for i in 0..<20_000 {
            if arguments.first == "export" {
                text +=
                    (i > 0 ? "," : "")
                    + "{\"id\":\(i),\"type\":\"message\",\"date\":\"2024-01-01T00:00:00\",\"date_unixtime\":\"1704067200\",\"from\":\"A\",\"from_id\":\"user1\",\"text\":\"message number \(i) with some words\"}"
            } else {
                text += "{\"text\":\"message number \(i) with some words to fill the pipe\"}\n"
            }
        }
        if arguments.first == "export" { text += "]}" }
        let input = try Self.file(text)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: input)
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        _ = try output.fileHandleForReading.read(upToCount: 100)
        try output.fileHandleForReading.close()
        let stderr = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 3)
        #expect(stderr.isEmpty, "\(String(decoding: stderr, as: UTF8.self))")
    }

    /// SIGTERM or SIGINT in the middle of an export leaves nothing under the final name
    /// and no temporary file behind.
    @Test(arguments: [(SIGTERM, "text"), (SIGINT, "html")])
    func interruptedExportLeavesNothing(_ signal: Int32, _ format: String) throws {
        var text = "{\"name\":\"Big\",\"type\":\"personal_chat\",\"id\":7,\"messages\":["
        for i in 1...40_000 {
            text +=
                (i > 1 ? "," : "")
                + "{\"id\":\(i),\"type\":\"message\",\"date\":\"2024-01-01T00:00:00\",\"date_unixtime\":\"1704067200\",\"from\":\"A\",\"from_id\":\"user1\",\"text\":\"message \(i)\"}"
        }
        let input = try Self.file(text + "]}")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: input); try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = ["export", input.path, "--to", format, "-o", directory.appendingPathComponent("out").path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 0.4)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        if process.terminationStatus == 0 {
            #expect(left == ["out"], "finished before the signal: only the final output")
        } else {
            #expect(process.terminationStatus == 128 + signal)
            #expect(left.isEmpty, "left behind: \(left)")
        }
    }
}
