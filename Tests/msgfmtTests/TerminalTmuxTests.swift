import Foundation
import TestSupport
import Testing

/// Shows msgfmt's ANSI output in a real terminal (tmux at a fixed size) and reads the
/// screen back: every line appears as laid out (no terminal wrap, same line count) and no
/// escape from the input survives (the pane title stays). Skipped only when tmux is not
/// installed (CI installs it: `.ci/run`).
@Suite(.serialized) struct TerminalTmuxTests {
    typealias T = TerminalTestSupport
    static let tmux = T.tool("tmux")
    static let corpus = PackagePaths.fixture("ansi/tmux-corpus")

    /// A private tmux server with one pane of `width` × `height` running `command`.
    final class Pane {
        let socket = "msgfmt-test-\(UUID().uuidString.prefix(8))"
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-tmux-\(UUID().uuidString).conf")

        init(width: Int, height: Int, command: String) throws {
            try Data("set -g history-limit 20000\nset -g status off\n".utf8).write(to: config)
            try T.shell(
                TerminalTmuxTests.tmux ?? "/usr/bin/tmux",
                [
                    "-L", socket, "-f", config.path, "-u", "new-session", "-d", "-x", String(width), "-y", String(height),
                    "-s", "t", "-e", "LANG=C.UTF-8", command,
                ], capture: false)
            var tries = 0
            while tries < 50, try !run(["list-sessions", "-F", "#{session_name}"]).contains("t") {
                Thread.sleep(forTimeInterval: 0.1)
                tries += 1
            }
        }

        deinit {
            _ = try? T.shell(TerminalTmuxTests.tmux ?? "/usr/bin/tmux", ["-L", socket, "kill-server"])
            try? FileManager.default.removeItem(at: config)
        }

        @discardableResult
        func run(_ arguments: [String]) throws -> String {
            try T.shell(TerminalTmuxTests.tmux ?? "/usr/bin/tmux", ["-L", socket, "-f", config.path, "-u"] + arguments)
        }

        /// The whole pane (history included), waiting until `marker` shows up.
        func screen(waitingFor marker: String) throws -> [String] {
            for _ in 0..<100 {
                let text = try run(["capture-pane", "-p", "-t", "t", "-S", "-", "-E", "-"])
                if text.contains(marker) { return text.components(separatedBy: "\n") }
                Thread.sleep(forTimeInterval: 0.1)
            }
            Issue.record("\(marker) never appeared")
            return []
        }

        var title: String {
            get throws { try run(["display-message", "-p", "-t", "t", "#{pane_title}"]).trimmingCharacters(in: .newlines) }
        }
    }

    static func trimmed(_ line: some StringProtocol) -> String {
        var s = String(line)
        while s.last == " " { s.removeLast() }
        return s
    }

    /// The control: the same terminal does obey a raw title sequence, so the checks below
    /// can fail.
    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func rawTitleSequenceIsObeyedByTheTerminal() throws {
        let pane = try Pane(width: 60, height: 10, command: "printf '\\033]2;pwned\\033\\\\done\\n'; exec sleep 60")
        _ = try pane.screen(waitingFor: "done")
        #expect(try pane.title == "pwned")
    }

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func corpusShowsExactlyAsLaidOut() throws {
        let args = ["--width-model", "legacy", "--color", "always", "--hyperlinks", "always", "--width", "72"]
        let jsonl = try Binary.run(
            args, stdinData: Data(contentsOf: Self.corpus.appendingPathComponent("corpus.jsonl")), environment: T.env())
        let raw = try Binary.run(
            args + ["--from", "text"], stdinData: Data(contentsOf: Self.corpus.appendingPathComponent("raw.txt")), environment: T.env())
        let output = jsonl.stdout + raw.stdout
        #expect(output.contains("\u{1B}["), "the output should be styled")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-tmux-\(UUID().uuidString).ansi")
        try Data(output.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let pane = try Pane(width: 80, height: 40, command: "cat '\(file.path)'; printf 'MSGFMT-END\\n'; exec sleep 60")
        let screen = try pane.screen(waitingFor: "MSGFMT-END")
        let expected = T.strippingOwnEscapes(output).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(Self.trimmed)
        guard let end = screen.firstIndex(where: { $0.hasPrefix("MSGFMT-END") }) else { return }
        let shown = screen[..<end].map(Self.trimmed)
        #expect(shown.count == expected.count, "the terminal wrapped or lost lines")
        for (i, (a, b)) in zip(shown, expected).enumerated() where a != b {
            Issue.record("line \(i) shows as \(a.debugDescription), laid out as \(b.debugDescription)")
            break
        }
        #expect(try pane.title != "pwned")
    }

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func autoColorFollowsTheTerminal() throws {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-tmux-\(UUID().uuidString).json")
        try Data(T.styledMessage.utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let bin = Binary.url.path
        let command =
            "env -u NO_COLOR -u FORCE_COLOR -u CLICOLOR_FORCE TERM=xterm-256color '\(bin)' '\(input.path)';"
            + " env -u NO_COLOR -u FORCE_COLOR -u CLICOLOR_FORCE TERM=dumb '\(bin)' '\(input.path)';"
            + " env NO_COLOR=1 TERM=xterm-256color '\(bin)' '\(input.path)'; printf 'MSGFMT-END\\n'; exec sleep 60"
        let pane = try Pane(width: 60, height: 12, command: command)
        _ = try pane.screen(waitingFor: "MSGFMT-END")
        let lines = try pane.run(["capture-pane", "-p", "-e", "-t", "t"]).components(separatedBy: "\n")
        #expect(lines.count >= 3)
        // A terminal: styled; TERM=dumb: plain; NO_COLOR: bold without color. (tmux
        // re-encodes the screen, adding its own resets, so cell attributes are compared.)
        func setsColor(_ line: String) -> Bool {
            T.sgrParameters(line).contains { $0.contains { $0 != 39 && $0 != 49 && ((30...49).contains($0) || (90...107).contains($0)) } }
        }
        #expect(lines[0].contains("\u{1B}[1m") && setsColor(lines[0]), "\(lines[0].debugDescription)")
        #expect(!lines[1].contains("\u{1B}[1m") && !setsColor(lines[1]), "\(lines[1].debugDescription)")
        #expect(lines[2].contains("\u{1B}[1m") && !setsColor(lines[2]), "\(lines[2].debugDescription)")
    }
}
