import Foundation
import TestSupport
import Testing

/// Exit statuses and error lines as CLI.md documents them, black-box across render,
/// inspect and export: 0 all rendered; 1 some input invalid (the rest rendered); 2 usage
/// error (bad option, unreadable file); 3 output could not be written.
@Suite struct ExitStatusTests {
    static let fixtures = PackagePaths.fixtures
    static let export = fixtures.appendingPathComponent("export/kinds/result.json").path

    static func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-status-\(UUID().uuidString)")
        try Data(text.utf8).write(to: url)
        return url
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var stdin: String = ""
        /// A path to give as standard input instead of `stdin` (a folder, say).
        var stdinPath: String? = nil
        var status: Int32
        /// Text the stderr must contain (empty: stderr must be empty).
        var stderr: String
        var testDescription: String { arguments.joined(separator: " ") + " → \(status)" }
    }

    static let cases: [Case] = [
        // render
        Case(arguments: ["--from", "markdown-v2"], stdin: "*ok*", status: 0, stderr: ""),
        Case(arguments: ["--from", "bot-api"], stdin: "{\"text\":\"a\"}\n{\"text\":\n{\"text\":\"c\"}\n", status: 1, stderr: "<stdin>:2:"),
        Case(arguments: ["--from", "markdown-v2"], stdin: "*unclosed", status: 1, stderr: "msgfmt: error: <stdin>:"),
        Case(arguments: ["--from", "html", "--strict"], stdin: "<b>x</b>", status: 0, stderr: ""),
        // Found by FuzzEmit: a scheme with an empty path at the very end of the text.
        Case(arguments: ["--from", "text", "--detect"], stdin: "see tg://", status: 0, stderr: ""),
        Case(arguments: ["--width", "abc"], status: 2, stderr: "invalid for '--width"),
        Case(arguments: ["--width", "0"], status: 2, stderr: "width"),
        Case(arguments: ["--bogus"], status: 2, stderr: "--bogus"),
        Case(arguments: ["--from", "klingon"], status: 2, stderr: "klingon"),
        Case(
            arguments: ["/nonexistent/msgfmt-input"], status: 2,
            stderr: "msgfmt: error: cannot read /nonexistent/msgfmt-input: no such file or directory"),
        Case(arguments: ["/tmp"], status: 2, stderr: "msgfmt: error: cannot read /tmp: is a directory"),
        Case(arguments: ["--jobs", "0"], stdin: "{\"text\":\"a\"}", status: 2, stderr: "--jobs must be at least 1"),
        // --entities only with text input, and its JSON reported as the option's.
        Case(
            arguments: ["--from", "bot-api", "--entities", "[]"], stdin: "{\"text\":\"a\"}", status: 2,
            stderr: "--entities is for plain text input (--from text), not --from bot-api."),
        Case(
            arguments: ["--from", "text", "--entities", #"[{"type":"bold""#], stdin: "hello", status: 2,
            stderr: "msgfmt: error: --entities:1:16: invalid JSON: "),
        Case(
            arguments: ["--from", "text", "--entities", #"{"type":"bold"}"#], stdin: "hello", status: 2,
            stderr: "msgfmt: error: --entities: must be a JSON array of entities, not an object"),
        // An entity --entities gives is repaired where it is: in the option, not the text.
        Case(
            arguments: ["--from", "text", "--entities", #"[{"type":"bold","offset":0,"length":9}]"#], stdin: "hello", status: 0,
            stderr: "msgfmt: warning: --entities:entity 0: bold entity ends at 9, past the end of the text"),
        Case(
            arguments: ["--jobs", "3", "--to", "text"], stdin: "{\"text\":\"a\"}\n{\"text\":5}", status: 1,
            stderr: "msgfmt: error: <stdin>:"),
        // inspect
        Case(arguments: ["inspect"], stdin: "{\"text\":\"a\"}", status: 0, stderr: ""),
        Case(arguments: ["inspect"], stdin: "{\"text\":", status: 1, stderr: "msgfmt: error: <stdin>:"),
        Case(arguments: ["inspect", "/nonexistent/msgfmt-input"], status: 2, stderr: "cannot read /nonexistent/msgfmt-input"),
        Case(arguments: ["inspect", "--bogus"], status: 2, stderr: "--bogus"),
        // export
        Case(arguments: ["export", export, "--to", "text", "-o", "-"], status: 0, stderr: ""),
        Case(
            arguments: ["export", "-", "--to", "text", "-o", "-"], stdin: "{\"a\":1}", status: 1, stderr: "not a Telegram Desktop export"),
        Case(
            arguments: ["export", "-", "--to", "text", "-o", "-"], stdin: "{\"name\":\"x\",\"messages\":[{\"id\":1,", status: 1,
            stderr: "<stdin>:byte "),
        Case(arguments: ["export", "/nonexistent/result.json"], status: 2, stderr: "cannot read /nonexistent/result.json"),
        Case(
            arguments: ["export", "-", "--to", "text", "-o", "-"], stdinPath: "/", status: 2,
            stderr: "msgfmt: error: cannot read <stdin>: is a directory\n"),
        Case(arguments: ["-"], stdinPath: "/", status: 2, stderr: "msgfmt: error: cannot read <stdin>: is a directory\n"),
        Case(arguments: ["export", export, "--jobs", "0"], status: 2, stderr: "--jobs"),
        Case(arguments: ["export", export, "--to", "pdf"], status: 2, stderr: "pdf"),
        Case(
            arguments: ["export", export, "--to", "text", "-o", "/nonexistent/dir/out.txt"], status: 3,
            stderr: "msgfmt: error: cannot create"),
    ]

    @Test(arguments: cases)
    func status(_ c: Case) throws {
        let input = try Self.file(c.stdin)
        defer { try? FileManager.default.removeItem(at: input) }
        let run = try GuardedRun.run(c.arguments, stdin: c.stdinPath.map { URL(fileURLWithPath: $0) } ?? input)
        #expect(run.status == c.status, "stderr: \(run.stderr)")
        #expect(run.crashProblems().isEmpty, "\(run.crashProblems())")
        if c.stderr.isEmpty {
            #expect(run.stderr.isEmpty)
        } else {
            #expect(run.stderr.contains(c.stderr), "stderr: \(run.stderr)")
        }
    }

    /// A full disk: status 3 and exactly one error line saying so, for every command.
    @Test(arguments: [["--from", "markdown-v2"], ["inspect"], ["export", export, "--to", "text", "-o", "-"]])
    func fullDisk(_ arguments: [String]) throws {
        let input = try Self.file("*hello* world")
        defer { try? FileManager.default.removeItem(at: input) }
        let run = try GuardedRun.run(arguments, stdin: input, stdoutPath: "/dev/full")
        #expect(run.status == 3)
        #expect(run.crashProblems().isEmpty)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(run.stderr)")
        #expect(lines.first?.hasPrefix("msgfmt: error: cannot write") == true, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("no space left on device"))
    }

    /// A usage error a subcommand finds in its option combination shows that subcommand's
    /// usage line and help, as a parse error does, not the root's `msgfmt <subcommand>`;
    /// like every diagnostic, it starts `msgfmt: error:` (not ArgumentParser's `Error:`).
    @Test(arguments: [
        (["--to", "text", "-o", "x.txt"], "msgfmt render"),
        (["render", "--to", "text", "--width", "10px"], "msgfmt render"),
        (["inspect", "--entities", "@/nonexistent/entities.json"], "msgfmt inspect"),
        (["--width", "0"], "msgfmt render"),
        (["export", "--bogus"], "msgfmt export"),
    ])
    func usageErrorsShowTheirCommandsUsage(_ arguments: [String], _ command: String) throws {
        let run = try GuardedRun.run(arguments, stdin: try Self.file("hello"))
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("msgfmt: error: "), "\(run.stderr)")
        #expect(!run.stderr.contains("Error:"), "\(run.stderr)")
        #expect(run.stderr.contains("Usage: \(command) "), "\(run.stderr)")
        #expect(run.stderr.contains("See '\(command) --help'"), "\(run.stderr)")
        #expect(!run.stderr.contains("<subcommand>"), "\(run.stderr)")
    }

    /// `--help` and the man page give the table these tests check, an unreadable input
    /// file under 2 among the rest.
    @Test func helpAndManPageGiveTheTable() throws {
        let table =
            "Exit status: 0 all messages rendered; 1 some input was invalid (the rest was rendered); 2 usage error, or an input file could not be read (the other files are still rendered); 3 output could not be written."
        let help = try Binary.run(["--help"])
        #expect(help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(table), "\(help.stdout)")
        let man = try String(contentsOf: PackagePaths.root.appendingPathComponent("man/msgfmt.1"), encoding: .utf8)
        #expect(man.contains(table))
    }

    /// An unreadable file among readable ones: the others are still rendered, then 2.
    @Test func unreadableFileDoesNotStopTheOthers() throws {
        let a = try Self.file("first\n")
        let b = try Self.file("third\n")
        defer { try? FileManager.default.removeItem(at: a); try? FileManager.default.removeItem(at: b) }
        let run = try GuardedRun.run(["--from", "text", a.path, "/nonexistent/second", b.path])
        #expect(run.status == 2)
        #expect(String(decoding: run.stdout, as: UTF8.self) == "first\n\nthird\n")
        #expect(run.stderr.contains("cannot read /nonexistent/second"))
    }
}
