import Foundation
import Testing

/// Runs the built `msgfmt` binary.
enum Binary {
    static var url: URL {
        // The test bundle sits next to the executable in the build products folder.
        var dir = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("msgfmt")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/msgfmt")
    }

    /// Writing to a binary's standard input after it exited raises SIGPIPE, whose default
    /// action ends the whole test process without a word: ignored once, for every test that
    /// starts a binary, it becomes a failed write.
    static let ignoreBrokenPipes: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `msgfmt arguments…` (or `executable`) with `stdin` as its input, in `directory`
    /// when given (so file names in the output are relative) and with `environment` added
    /// to this process's (less `COLUMNS`).
    static func run(
        _ arguments: [String], stdin: String = "", environment: [String: String] = [:], in directory: URL? = nil,
        executable: URL? = nil
    ) throws -> Result {
        try run(arguments, stdinData: Data(stdin.utf8), environment: environment, in: directory, executable: executable)
    }

    /// Runs `msgfmt arguments…` (or `executable`) with `stdinData` as its input (see above).
    static func run(
        _ arguments: [String], stdinData: Data, environment: [String: String] = [:], in directory: URL? = nil,
        executable: URL? = nil
    ) throws -> Result {
        ignoreBrokenPipes
        let process = Process()
        process.executableURL = executable ?? url
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env["COLUMNS"] = nil
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Drain stderr on another thread so a chatty binary never blocks on a full pipe
        // while we read stdout (or the other way round).
        let errorData = ErrorCollector()
        let errorReader = Thread {
            errorData.set(error.fileHandleForReading.readDataToEndOfFile())
        }
        errorReader.start()
        let writer = Thread {
            // A binary that exits without reading all of it (a usage error) closes the pipe:
            // the write fails, which is no concern of the test.
            try? input.fileHandleForWriting.write(contentsOf: stdinData)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let err = errorData.wait()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}

/// How a run stopped by `Binary.terminateWhileWriting` ended.
struct InterruptedRun {
    /// The binary was still running when SIGTERM was sent.
    var wasRunning: Bool
    var status: Int32
    var reason: Process.TerminationReason

    /// Ended by SIGTERM: killed by it, or exited with 128 + 15 after cleaning up.
    var endedBySIGTERM: Bool { status == 128 + 15 || reason == .uncaughtSignal }
}

extension Binary {
    /// Starts `msgfmt arguments…` (stderr discarded), waits until the temporary output
    /// `temporary(pid)` appears (or `patience` seconds pass, or the binary exits), lets it
    /// write for 0.2 s more, then sends SIGTERM and waits for the end.
    static func terminateWhileWriting(_ arguments: [String], temporary: (Int32) -> URL, patience: TimeInterval) throws -> InterruptedRun {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        let path = temporary(process.processIdentifier).path
        let deadline = Date().addingTimeInterval(patience)
        while !FileManager.default.fileExists(atPath: path), Date() < deadline, process.isRunning {
            usleep(5_000)
        }
        usleep(200_000)
        let wasRunning = process.isRunning
        process.terminate()
        process.waitUntilExit()
        return InterruptedRun(wasRunning: wasRunning, status: process.terminationStatus, reason: process.terminationReason)
    }
}

/// Collects one `Data` value from a background thread.
final class ErrorCollector: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
        condition.lock()
        data = value
        condition.signal()
        condition.unlock()
    }

    func wait() -> Data {
        condition.lock()
        while data == nil { condition.wait() }
        let value = data!
        condition.unlock()
        return value
    }
}
