import Foundation
import TestSupport
import Testing

/// Keeps the README honest: every ```console block's `$ command` is run through the shell
/// with the built msgfmt first on PATH, and its output must be the lines that follow.
@Suite struct ReadmeExampleTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var command: String
        var expected: String
        var testDescription: String { command }
    }

    static func examples() -> [Example] {
        guard let readme = try? String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8) else {
            return []
        }
        var result: [Example] = []
        var inConsole = false
        var current: Example?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let c = current { result.append(c) }
                current = nil
                inConsole = line == "```console"
                continue
            }
            guard inConsole else { continue }
            if line.hasPrefix("$ ") {
                if let c = current { result.append(c) }
                current = Example(command: String(line.dropFirst(2)), expected: "")
            } else if current != nil {
                current!.expected += line + "\n"
            }
        }
        return result
    }

    @Test func readmeHasExamples() {
        #expect(Self.examples().count >= 1)
    }

    @Test(arguments: examples())
    func exampleOutputIsTrue(_ example: Example) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", example.command]
        process.currentDirectoryURL = PackagePaths.root
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = Binary.url.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["COLUMNS"] = nil
        env["NO_COLOR"] = nil
        process.environment = env
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: data, as: UTF8.self) == example.expected)
    }
}
