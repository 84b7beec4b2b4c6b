import Foundation
import TestSupport
import Testing

/// The README's recipe for many exports: GNU parallel runs one `msgfmt export` per job
/// (`--sshlogin :` is this machine, as a host list names it) and its results are those of
/// running msgfmt on each export in turn. CI installs `parallel`; elsewhere the test is
/// skipped when it is missing.
@Suite struct ParallelRecipeTests {
    static let exports = ["account", "kinds", "legacy", "single"]

    /// Whether GNU parallel is installed; when CI is set it must be.
    static var hasParallel: Bool {
        let found = ["/usr/bin/parallel", "/usr/local/bin/parallel"].contains { FileManager.default.isExecutableFile(atPath: $0) }
        if !found, ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("GNU parallel is not installed") }
        return found
    }

    /// A folder holding `exports/NAME/result.json` for each of `exports`.
    static func workFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-parallel-\(UUID().uuidString)")
        for name in exports {
            let dir = folder.appendingPathComponent("exports/\(name)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: PackagePaths.fixture("export").appendingPathComponent("\(name)/result.json"),
                to: dir.appendingPathComponent("result.json"))
        }
        return folder
    }

    /// Runs `command` with `sh -c` in `folder`, the built msgfmt first on PATH.
    static func shell(_ command: String, in folder: URL) throws -> (status: Int32, stdout: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = folder
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = Binary.url.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["COLUMNS"] = nil
        process.environment = env
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    /// Stream formats: `--keep-order` gives the transcripts in input order, as a loop would.
    @Test func keepOrderConcatenatesInInputOrder() throws {
        guard Self.hasParallel else { return }
        let folder = try Self.workFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flags = "--to text --width 60 --time-zone UTC --jobs 1 -o -"
        let parallel = try Self.shell(
            "parallel --will-cite --keep-order --sshlogin : msgfmt export {} \(flags) ::: exports/*/result.json", in: folder)
        let loop = try Self.shell("for f in exports/*/result.json; do msgfmt export \"$f\" \(flags); done", in: folder)
        #expect(parallel.status == 0)
        #expect(loop.status == 0)
        #expect(!loop.stdout.isEmpty)
        #expect(parallel.stdout == loop.stdout)
    }

    /// HTML sites: each job writes its site beside its export.
    @Test func eachExportGetsItsSite() throws {
        guard Self.hasParallel else { return }
        let folder = try Self.workFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.shell(
            "parallel --will-cite --sshlogin : msgfmt export {} --time-zone UTC --jobs 1 -o {//}/site ::: exports/*/result.json",
            in: folder)
        #expect(run.status == 0)
        for name in Self.exports {
            let direct = try Self.shell("msgfmt export exports/\(name)/result.json --time-zone UTC --jobs 1 -o direct-\(name)", in: folder)
            #expect(direct.status == 0)
            let site = try Data(contentsOf: folder.appendingPathComponent("exports/\(name)/site/index.html"))
            let expected = try Data(contentsOf: folder.appendingPathComponent("direct-\(name)/index.html"))
            #expect(site == expected, "\(name)")
        }
    }
}
