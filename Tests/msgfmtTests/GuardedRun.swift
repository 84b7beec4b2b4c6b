import Foundation

/// Runs the built `msgfmt` binary under `/bin/sh` with a virtual-memory limit, input from a
/// file and output to files (raw bytes, no pipe to deadlock on), measuring the CPU time it
/// used. For the hostile-input, fault and exit-status tests.
///
/// Time limits are on CPU time (user + system, read with the shell's `times`), which does not
/// grow when other processes load the machine; wall time only guards against hangs, with a
/// wide margin.
struct GuardedRun {
    var status: Int32
    var stdout: [UInt8]
    var stderr: String
    /// CPU seconds (user + system) the binary used.
    var cpuSeconds: Double
    /// Wall-clock seconds from start to exit.
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
        let times = temp.appendingPathComponent("times").path
        let input = stdinFile?.path ?? "/dev/null"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments =
            [
                "-c",
                "ulimit -v \(memoryLimitKiB); \"$0\" \"$@\" <\"$MSGFMT_IN\" >\"$MSGFMT_OUT\" 2>\"$MSGFMT_ERR\"; "
                    + "status=$?; times >\"$MSGFMT_TIMES\"; exit $status",
                Binary.url.path,
            ] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = nil
        environment["MSGFMT_IN"] = input
        environment["MSGFMT_OUT"] = out
        environment["MSGFMT_ERR"] = err
        environment["MSGFMT_TIMES"] = times
        process.environment = environment
        let start = Date()
        try process.run()
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(start)
        let stdout = stdoutPath == nil ? [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: out))) ?? Data()) : []
        let stderr = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: err))) ?? Data(), as: UTF8.self)
        let timesText = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: times))) ?? Data(), as: UTF8.self)
        return GuardedRun(
            status: process.terminationStatus, stdout: stdout, stderr: stderr, cpuSeconds: childCPUSeconds(timesText), seconds: seconds)
    }

    /// The children's user + system seconds from the output of the shell's `times` builtin:
    /// its second line, `0m1.250s 0m0.031s` (or `0m1,250s` under a decimal-comma locale).
    /// A missing or unreadable report counts as infinite, so a limit check fails loudly.
    static func childCPUSeconds(_ timesOutput: String) -> Double {
        let lines = timesOutput.split(separator: "\n")
        guard lines.count >= 2 else { return .infinity }
        let fields = lines[1].split(separator: " ")
        guard fields.count == 2 else { return .infinity }
        var total = 0.0
        for field in fields {
            let parts = field.replacingOccurrences(of: ",", with: ".").dropLast().split(separator: "m")
            guard field.hasSuffix("s"), parts.count == 2, let minutes = Double(parts[0]), let secs = Double(parts[1]) else {
                return .infinity
            }
            total += minutes * 60 + secs
        }
        return total
    }

    /// Problems any run must not have: a crash (status outside 0…3, a signal), a backtrace
    /// or fatal error on stderr, more than `limit` CPU seconds, or a wall time so far past
    /// the limit that the run must have hung.
    func crashProblems(limit: Double = 10) -> [String] {
        var problems: [String] = []
        if !(0...3).contains(status) { problems.append("exit status \(status)") }
        for marker in [
            "Fatal error", "Stack dump", "backtrace", "Backtrace", "Segmentation fault", "Illegal instruction", "Current stack trace",
        ]
        where stderr.contains(marker) {
            problems.append("stderr shows \"\(marker)\"")
        }
        if cpuSeconds > limit { problems.append("used \(cpuSeconds) s of CPU time") }
        if seconds > max(120, 10 * limit) { problems.append("took \(Int(seconds)) s of wall time") }
        return problems
    }

    /// Every `error:`/`warning:` line names its source and a location after it
    /// (`SOURCE:LINE:COLUMN:`, `SOURCE:byte N:`, `SOURCE:message …:`, `SOURCE:LINE, entity N:`).
    var diagnosticsAreLocated: Bool {
        // A usage error is about the command line, whose option it names, before any
        // input is read: its one diagnostic comes with the usage line instead.
        if status == 2, stderr.contains("\nUsage: msgfmt ") { return stderr.hasPrefix("msgfmt: error: ") }
        let lines = stderr.split(separator: "\n").filter { $0.hasPrefix("msgfmt: error:") || $0.hasPrefix("msgfmt: warning:") }
        return lines.allSatisfy { line in
            line.range(
                of: #"^msgfmt: (error|warning): [^:]+:(\d+:\d+|byte \d+|message [^:]+|\d+(, entity \d+)?):"#, options: .regularExpression)
                != nil
        }
    }
}
