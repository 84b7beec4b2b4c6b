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
            input.fileHandleForWriting.write(stdinData)
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
