import Foundation
import Testing

@testable import MsgfmtCore

/// Atomic outputs: a finished directory replaces the old one without a moment in which
/// the final path is missing, and nothing temporary is left behind.
@Suite struct AtomicOutputTests {
    /// A fresh, empty folder for one test.
    func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Writes `text` to `name` inside `directory`.
    func write(_ text: String, _ name: String, in directory: String) throws {
        try text.write(toFile: directory + "/" + name, atomically: false, encoding: .utf8)
    }

    @Test func exchangeSwapsTwoDirectories() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let a = root.appendingPathComponent("a").path
        let b = root.appendingPathComponent("b").path
        try FileManager.default.createDirectory(atPath: a, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: b, withIntermediateDirectories: false)
        try write("A", "mark", in: a)
        try write("B", "mark", in: b)
        #expect(AtomicOutput.exchange(a, b))
        #expect(try String(contentsOfFile: a + "/mark", encoding: .utf8) == "B")
        #expect(try String(contentsOfFile: b + "/mark", encoding: .utf8) == "A")
    }

    @Test func exchangeWithAMissingNameChangesNothing() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let a = root.appendingPathComponent("a").path
        let missing = root.appendingPathComponent("missing").path
        try FileManager.default.createDirectory(atPath: a, withIntermediateDirectories: false)
        #expect(!AtomicOutput.exchange(a, missing))
        #expect(FileManager.default.fileExists(atPath: a))
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func committingOverADirectoryExchangesItInOneStep() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("site").path
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: false)
        try write("old", "index.html", in: site)
        try write("stale", "gone.html", in: site)
        try write("", AtomicOutput.marker, in: site)  // written by msgfmt before
        let output = try AtomicOutput(path: site, kind: .directory)
        try write("new", "index.html", in: output.temporaryPath!)
        try output.commit()
        // The scratch folder is on the same local file system as the system's temporary folder,
        // which supports exchanges on Linux (ext4, tmpfs, btrfs, xfs).
        #expect(output.replacedByExchange)
        #expect(try String(contentsOfFile: site + "/index.html", encoding: .utf8) == "new")
        #expect(!FileManager.default.fileExists(atPath: site + "/gone.html"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["site"])
    }

    @Test func committingANewDirectoryRenamesIt() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("site").path
        let output = try AtomicOutput(path: site, kind: .directory)
        try write("new", "index.html", in: output.temporaryPath!)
        try output.commit()
        #expect(!output.replacedByExchange)
        #expect(try String(contentsOfFile: site + "/index.html", encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["site"])
    }

    /// A folder msgfmt did not write is never replaced (its files would be lost): it is
    /// refused before anything is written, and stays as it was. An empty one is used.
    @Test func aFolderMsgfmtDidNotWriteIsRefused() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("Documents").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try write("mine", "notes.txt", in: folder)
        #expect(throws: AtomicOutputError.notOurs(path: folder, example: "notes.txt")) {
            try AtomicOutput(path: folder, kind: .directory)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["notes.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["Documents"])

        let empty = root.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: false)
        let output = try AtomicOutput(path: empty, kind: .directory)
        try output.commit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty) == [AtomicOutput.marker])
    }

    /// An output that is one of the inputs (by any name: a link, `./`), or a folder holding
    /// one, is refused before anything is written: it would replace what is being read.
    /// Other outputs, standard input and devices are let through.
    @Test func anOutputThatIsAnInputIsRefused() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let input = root.appendingPathComponent("result.json").path
        try write("{}", "result.json", in: root.path)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("latest.json").path, withDestinationPath: input)
        for output in [input, root.appendingPathComponent("./result.json").path] {
            #expect(throws: AtomicOutputError.replacesInput(path: output, input: input)) {
                try AtomicOutput(path: output, kind: .file, inputs: [input])
            }
        }
        let link = root.appendingPathComponent("latest.json").path
        #expect(throws: AtomicOutputError.replacesInput(path: input, input: link)) {
            try AtomicOutput(path: input, kind: .file, inputs: ["-", link])
        }
        #expect(throws: AtomicOutputError.replacesInput(path: root.path, input: input)) {
            try AtomicOutput(path: root.path, kind: .directory, inputs: [input])
        }
        #expect(try String(contentsOfFile: input, encoding: .utf8) == "{}")
        let other = try AtomicOutput(path: root.appendingPathComponent("out.txt").path, kind: .file, inputs: [input, "-"])
        other.abandon()
        let device = try AtomicOutput(path: "/dev/null", kind: .file, inputs: ["/dev/null"])
        try device.commit()
    }
}
