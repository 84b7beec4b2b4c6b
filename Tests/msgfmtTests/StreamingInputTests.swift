import Foundation
import Testing

/// JSON Lines piped into msgfmt come out as they go in: a bot's messages are rendered while
/// the pipe is still open.
@Suite struct StreamingInputTests {
    @Test(arguments: [["--to", "text"], ["--to", "ansi", "--color", "always"], ["--from", "bot-api", "--to", "json"]])
    func eachLineIsRenderedBeforeTheNextArrives(arguments: [String]) throws {
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = arguments + ["--width", "40"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        var seen = Data()
        for k in 1...3 {
            try input.fileHandleForWriting.write(contentsOf: Data("{\"message_id\":\(k),\"text\":\"live message \(k)\"}\n".utf8))
            let deadline = Date().addingTimeInterval(10)
            while !String(decoding: seen, as: UTF8.self).contains("live message \(k)") {
                let chunk = try #require(
                    Self.read(output.fileHandleForReading, until: deadline), "message \(k) not out while the pipe is open")
                seen.append(chunk)
            }
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// Once its output is closed (`bot | msgfmt | head -1`), msgfmt stops reading an input
    /// that never ends and exits with status 3, silently.
    @Test func aClosedOutputEndsAnEndlessInput() throws {
        Binary.ignoreBrokenPipes
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = ["--to", "text"]
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let line = Data("{\"text\":\"endless\"}\n".utf8)
        try input.fileHandleForWriting.write(contentsOf: line)
        _ = try #require(Self.read(output.fileHandleForReading, until: Date().addingTimeInterval(10)))
        try output.fileHandleForReading.close()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline {
            try? input.fileHandleForWriting.write(contentsOf: line)
            Thread.sleep(forTimeInterval: 0.05)
        }
        guard !process.isRunning else {
            Issue.record("still reading 10 s after its output closed")
            return
        }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 3)
        let stderr = error.fileHandleForReading.readDataToEndOfFile()
        #expect(stderr.isEmpty, "\(String(decoding: stderr, as: UTF8.self))")
    }

    /// Whatever is readable on `handle` before `deadline`; nil on timeout or end of file.
    static func read(_ handle: FileHandle, until deadline: Date) -> Data? {
        let fd = handle.fileDescriptor
        while Date() < deadline {
            var poll = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = Glibc.poll(&poll, 1, 100)
            if ready > 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let n = Glibc.read(fd, &buffer, buffer.count)
                return n > 0 ? Data(buffer[0..<n]) : nil
            }
        }
        return nil
    }
}
