import Foundation
import Testing

@testable import msgfmt

/// `--jobs` defaults to the processors msgfmt may run on, as `nproc` counts them: under
/// `taskset -c 0`, one.
@Suite struct ProcessorCountTests {
    /// What `command` prints, trimmed; nil when it cannot be run.
    static func output(_ command: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    #if os(Linux)
        @Test func countsAsNprocDoes() throws {
            let nproc = try #require(Self.output(["nproc"]).flatMap { Int($0) })
            #expect(ProcessorCount.available == nproc)
        }

        /// A process pinned to one processor (`taskset -c N`) counts one.
        @Test func aPinnedProcessCountsOne() throws {
            let sleeper = Process()
            sleeper.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            // The first processor this process may use (CPU 0 may be outside a container's set).
            let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
            let allowed = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
            let first = String(allowed.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces).prefix { $0.isNumber })
            #expect(!first.isEmpty)
            sleeper.arguments = ["taskset", "-c", first, "sleep", "5"]
            try sleeper.run()
            defer { sleeper.terminate() }
            // taskset pins itself, then becomes sleep: the same process.
            var count = 0
            for _ in 0..<200 {
                count = ProcessorCount.of(sleeper.processIdentifier)
                if count == 1 { break }
                usleep(10_000)
            }
            #expect(count == 1)
            #expect(ProcessorCount.available >= 1)
        }
    #endif
}
