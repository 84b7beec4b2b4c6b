import Foundation

/// Shared pieces of the terminal, ANSI, HTML and browser black-box tests.
enum TerminalTestSupport {
    /// An environment that says nothing about color, so each test sets what it checks.
    static let neutral: [String: String] = ["NO_COLOR": "", "FORCE_COLOR": "", "CLICOLOR_FORCE": "", "TERM": "xterm-256color"]

    /// `neutral` with `changes` applied.
    static func env(_ changes: [String: String] = [:]) -> [String: String] {
        neutral.merging(changes) { $1 }
    }

    /// A Bot API message with bold, a link and a spoiler.
    static let styledMessage =
        #"{"text":"bold link secret","entities":[{"type":"bold","offset":0,"length":4},{"type":"text_link","offset":5,"length":4,"url":"https://example.com/"},{"type":"spoiler","offset":10,"length":6}]}"#

    /// The hostile message of the issue: a title-setting OSC, a screen clear, a script
    /// tag and a `javascript:` link.
    static let hostileMessage =
        #"{"text":"\u001b]0;pwned\u0007 \u001b[2J hi <script>alert(1)</script>","entities":[{"type":"text_link","offset":0,"length":2,"url":"javascript:alert(1)"}]}"#

    /// The parameters of every SGR sequence in `s`.
    static func sgrParameters(_ s: String) -> [[Int]] {
        s.matches(of: #/\x1B\[([0-9;]*)m/#).map { m in m.1.split(separator: ";").compactMap { Int($0) } }
    }

    /// True when some SGR sequence in `s` sets or resets a color.
    static func hasSGRColor(_ s: String) -> Bool {
        sgrParameters(s).contains { $0.contains { (30...49).contains($0) || (90...107).contains($0) } }
    }

    /// `s` without msgfmt's own SGR and OSC 8 sequences.
    static func strippingOwnEscapes(_ s: String) -> String {
        s.replacing(#/\x1B\[[0-9;]*m/#, with: "").replacing(#/\x1B\]8;[^\x1B\x07]*\x1B\\/#, with: "")
    }

    /// The first executable called `name` on PATH.
    static func tool(_ names: String...) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in names {
            for dir in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
                return "\(dir)/\(name)"
            }
        }
        return nil
    }

    /// Runs a tool and returns its standard output. With `capture` false it is started
    /// and not waited for, its output discarded: for tools that leave a daemon behind
    /// (waiting for those would wait for the daemon).
    @discardableResult
    static func shell(_ executable: String, _ arguments: [String], capture: Bool = true) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard capture else {
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return ""
        }
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
