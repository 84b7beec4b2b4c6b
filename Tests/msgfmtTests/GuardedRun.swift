import Foundation

/// Runs the built `msgfmt` binary under `/bin/sh` with a virtual-memory limit, input from a
/// file and output to files (raw bytes, no pipe to deadlock on), timing the run. For the
/// hostile-input, fault and exit-status tests.
struct GuardedRun {
    var status: Int32
    var stdout: [UInt8]
    var stderr: String
    var seconds: Double

    /// The virtual-memory limit in KiB (`ulimit -v`): generous for a debug build, small
    /// enough that a runaway allocation fails instead of swapping the machine.
    static let memoryLimitKiB = 4 * 1024 * 1024

    /// Runs `msgfmt arguments…` with standard input from `stdinFile` (or empty) and
    /// standard output to `stdoutPath` (default: a temporary file that is read back).
    static func run(_ arguments: [String], stdin stdinFile: URL? = nil, stdoutPath: String? = nil) throws -> GuardedRun {
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temp) }
        let out = stdoutPath ?? temp.appendingPathComponent("out").path
        let err = temp.appendingPathComponent("err").path
        let input = stdinFile?.path ?? "/dev/null"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments =
            ["-c", "ulimit -v \(memoryLimitKiB); exec \"$0\" \"$@\" <\"$MSGFMT_IN\" >\"$MSGFMT_OUT\" 2>\"$MSGFMT_ERR\"", Binary.url.path]
            + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = nil
        environment["MSGFMT_IN"] = input
        environment["MSGFMT_OUT"] = out
        environment["MSGFMT_ERR"] = err
        process.environment = environment
        let start = Date()
        try process.run()
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(start)
        let stdout = stdoutPath == nil ? [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: out))) ?? Data()) : []
        let stderr = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: err))) ?? Data(), as: UTF8.self)
        return GuardedRun(status: process.terminationStatus, stdout: stdout, stderr: stderr, seconds: seconds)
    }

    /// Problems any run must not have: a crash (status outside 0…3, a signal), a backtrace
    /// or fatal error on stderr, or more than `limit` seconds.
    func crashProblems(limit: Double = 10) -> [String] {
        var problems: [String] = []
        if !(0...3).contains(status) { problems.append("exit status \(status)") }
        for marker in [
            "Fatal error", "Stack dump", "backtrace", "Backtrace", "Segmentation fault", "Illegal instruction", "Current stack trace",
        ]
        where stderr.contains(marker) {
            problems.append("stderr shows \"\(marker)\"")
        }
        if seconds > limit { problems.append("took \(Int(seconds)) s") }
        return problems
    }

    /// Every `error:`/`warning:` line names its source and a location after it
    /// (`SOURCE:LINE:COLUMN:`, `SOURCE:byte N:`, `SOURCE:message …:`, `SOURCE:LINE, entity N:`).
    var diagnosticsAreLocated: Bool {
        let lines = stderr.split(separator: "\n").filter { $0.hasPrefix("msgfmt: error:") || $0.hasPrefix("msgfmt: warning:") }
        return lines.allSatisfy { line in
            line.range(
                of: #"^msgfmt: (error|warning): [^:]+:(\d+:\d+|byte \d+|message [^:]+|\d+(, entity \d+)?):"#, options: .regularExpression)
                != nil
        }
    }
}
