import Foundation
import TestSupport
import Testing

/// `export --update` with its layout cache, run as a user runs it: unchanged messages are
/// taken from the cache and the output is still what a fresh export makes; the cache of a
/// file output lives beside it; a damaged cache is started again, a tampered entry laid
/// out again, a cache that is a link not followed; `--layout-cache-size 0` keeps none.
@Suite struct LayoutCacheCommandTests {
    static let args = ["export", "chat.json", "--update", "--time-zone", "UTC", "--page-size", "2"]

    /// A directory holding the six-message export with `text` added to each message.
    static func directory(_ text: String = "") throws -> URL {
        let dir = try MergeCommandTests.temporaryDirectory()
        try UpdateCommandTests.writeSixMessages(to: dir.appendingPathComponent("chat.json"), text: text)
        return dir
    }

    /// Expects the site `site` in `dir` to hold what a fresh export with `args` writes to
    /// `fresh` (manifest and layout cache aside), and returns its files.
    @discardableResult
    static func expectFreshSite(
        _ site: String, args: [String], fresh: String = "fresh", in dir: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: Data] {
        #expect(try Binary.run(args + ["-o", fresh], in: dir).status == 0, sourceLocation: sourceLocation)
        let files = try UpdateCommandTests.tree(dir.appendingPathComponent(site))
        #expect(files == (try UpdateCommandTests.tree(dir.appendingPathComponent(fresh))), sourceLocation: sourceLocation)
        return files
    }

    /// Changes the text of message 5 (on the third page: the first two are kept), to `text`.
    static func editMessageFive(in dir: URL, to text: String = "m5 edited") throws {
        let url = dir.appendingPathComponent("chat.json")
        let old = try String(contentsOf: url, encoding: .utf8)
        let edited = old.replacing(#/"m5[^"]*"/#, with: "\"\(text)\"")
        #expect(edited != old)
        try edited.write(to: url, atomically: true, encoding: .utf8)
    }

    @Test func unchangedMessagesComeFromTheCache() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try Binary.run(Self.args + ["-o", "site"], in: dir)
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("site/msgfmt-layout-cache").path))
        try Self.editMessageFive(in: dir)
        let update = try Binary.run(Self.args + ["-o", "site"], in: dir)
        #expect(
            update.stderr
                == "msgfmt: note: site: 1 of 3 pages written again, 2 kept\nmsgfmt: note: site: 1 of 2 messages taken from the layout cache\n",
            "\(update.stderr)")
        try Self.expectFreshSite("site", args: Self.args, in: dir)
    }

    @Test(arguments: ["json", "markdown"])
    func aFileKeepsItsCacheBesideIt(format: String) throws {
        let dir = try Self.directory(" with a few more words to wrap across lines at this width")
        defer { try? FileManager.default.removeItem(at: dir) }
        let shape = ["--time-zone", "UTC", "--width", "40", "--to", format]
        let args = ["export", "chat.json", "--update"] + shape + ["-o", "out"]
        #expect(try Binary.run(args, in: dir).status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.msgfmt-layout-cache").path))
        try Self.editMessageFive(in: dir)
        let update = try Binary.run(args, in: dir)
        #expect(
            update.stderr
                == "msgfmt: note: the input changed; writing out in full\nmsgfmt: note: out: 5 of 6 messages taken from the layout cache\n",
            "\(update.stderr)")
        #expect(try Binary.run(["export", "chat.json"] + shape + ["-o", "fresh"], in: dir).status == 0)
        let written = try Data(contentsOf: dir.appendingPathComponent("out"))
        #expect(written == (try Data(contentsOf: dir.appendingPathComponent("fresh"))))
        #expect(String(decoding: written, as: UTF8.self).contains("m5 edited"))
    }

    /// Text and ANSI transcripts are laid out afresh on every update (reading a kept layout
    /// back costs more than making it): they keep no cache.
    @Test(arguments: ["text", "ansi"])
    func terminalTranscriptsKeepNoCache(format: String) throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let args = ["export", "chat.json", "--update", "--time-zone", "UTC", "--to", format, "-o", "out"]
        #expect(try Binary.run(args, in: dir).status == 0)
        try Self.editMessageFive(in: dir)
        let update = try Binary.run(args, in: dir)
        #expect(update.stderr == "msgfmt: note: the input changed; writing out in full\n", "\(update.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.msgfmt-layout-cache").path))
    }

    @Test func aDamagedCacheIsStartedAgain() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try Binary.run(Self.args + ["-o", "site"], in: dir).status == 0)
        try Data("not a cache".utf8).write(to: dir.appendingPathComponent("site/msgfmt-layout-cache"))
        try Self.editMessageFive(in: dir)
        let update = try Binary.run(Self.args + ["-o", "site"], in: dir)
        #expect(update.status == 0)
        #expect(
            update.stderr.contains("note: the layout cache of site was started again: it is shorter than a layout cache"),
            "\(update.stderr)")
        #expect(!update.stderr.contains("taken from the layout cache"))
        try Self.expectFreshSite("site", args: Self.args, in: dir)
        // Started again, it serves the next update.
        try Self.editMessageFive(in: dir, to: "m5 again")
        let next = try Binary.run(Self.args + ["-o", "site"], in: dir)
        #expect(next.stderr.contains("1 of 2 messages taken from the layout cache"), "\(next.stderr)")
    }

    @Test func aTamperedEntryIsLaidOutAgain() throws {
        let dir = try Self.directory(" with some words to change")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try Binary.run(Self.args + ["-o", "site"], in: dir).status == 0)
        let cache = dir.appendingPathComponent("site/msgfmt-layout-cache")
        var bytes = try [UInt8](Data(contentsOf: cache))
        // Message 4's entry is the fourth; its words are somewhere in the middle of the file:
        // change every "m4" the entries hold into "x4".
        var changed = 0
        for i in 16..<(bytes.count - 1) where bytes[i] == UInt8(ascii: "m") && bytes[i + 1] == UInt8(ascii: "4") {
            bytes[i] = UInt8(ascii: "x")
            changed += 1
        }
        #expect(changed > 0)
        try Data(bytes).write(to: cache)
        let url = dir.appendingPathComponent("chat.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        // Messages 3 (on message 4's page) and 5 change: their pages are written again, and
        // of their four messages only message 6 comes from the cache.
        let edited = text.replacingOccurrences(of: "\"m3 with", with: "\"m3 now with")
        try edited.replacingOccurrences(of: "\"m5 with", with: "\"m5 now with").write(to: url, atomically: true, encoding: .utf8)
        let update = try Binary.run(Self.args + ["-o", "site"], in: dir)
        #expect(update.stderr.contains("note: site: 1 of 4 messages taken from the layout cache"), "\(update.stderr)")
        let site = try Self.expectFreshSite("site", args: Self.args, in: dir)
        #expect(String(decoding: site["chat_001/messages2.html"] ?? Data(), as: UTF8.self).contains("m4 with"))
    }

    @Test func aCacheThatIsALinkIsNotFollowed() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try Binary.run(Self.args + ["-o", "site"], in: dir).status == 0)
        let outside = dir.appendingPathComponent("outside.txt")
        try Data("keep me".utf8).write(to: outside)
        let cache = dir.appendingPathComponent("site/msgfmt-layout-cache").path
        try FileManager.default.removeItem(atPath: cache)
        try FileManager.default.createSymbolicLink(atPath: cache, withDestinationPath: outside.path)
        try Self.editMessageFive(in: dir)
        let update = try Binary.run(Self.args + ["-o", "site"], in: dir)
        #expect(update.status == 0)
        #expect(update.stderr.contains("cannot be used (it is a symbolic link); every message is laid out"), "\(update.stderr)")
        #expect(try String(contentsOf: outside, encoding: .utf8) == "keep me")
        try Self.expectFreshSite("site", args: Self.args, in: dir)
    }

    /// A backup of the site made with hard links (`cp -al`) shares the cache file: the
    /// update copies it before appending, so the backup stays as it was.
    @Test func aBackupByHardLinksIsLeftAlone() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try Binary.run(Self.args + ["-o", "site"], in: dir).status == 0)
        let backup = dir.appendingPathComponent("backup")
        try FileManager.default.createDirectory(at: backup, withIntermediateDirectories: true)
        let cache = dir.appendingPathComponent("site/msgfmt-layout-cache").path
        try FileManager.default.linkItem(atPath: cache, toPath: backup.appendingPathComponent("msgfmt-layout-cache").path)
        let before = try Data(contentsOf: backup.appendingPathComponent("msgfmt-layout-cache"))
        try Self.editMessageFive(in: dir)
        let update = try Binary.run(Self.args + ["-o", "site"], in: dir)
        #expect(update.stderr.contains("1 of 2 messages taken from the layout cache"), "\(update.stderr)")
        #expect(try Data(contentsOf: backup.appendingPathComponent("msgfmt-layout-cache")) == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cache)) != before)
    }

    /// A site moved elsewhere relative to its export has other links to the export's media
    /// files: the update writes it again in full (neither the pages nor the cached
    /// messages are kept), as a fresh export there writes it.
    @Test func aSiteMovedAwayFromItsExportIsWrittenAgain() throws {
        let dir = try MergeCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("export/photos"), withIntermediateDirectories: true)
        try Data(TinyPNG.solid(width: 2, height: 2, rgb: (1, 2, 3))).write(to: dir.appendingPathComponent("export/photos/p.png"))
        let messages = (1...4).map { n in
            "{\"id\": \(n), \"type\": \"message\", \"date_unixtime\": \"\(1_717_200_000 + n * 60)\", \"text\": \"m\(n)\""
                + (n == 2 ? ", \"photo\": \"photos/p.png\"" : "") + "}"
        }
        try
            ("{\"name\": \"Chat\", \"type\": \"private_group\", \"id\": 1, \"messages\": [\n" + messages.joined(separator: ",\n") + "\n]}\n")
            .write(to: dir.appendingPathComponent("export/chat.json"), atomically: true, encoding: .utf8)
        let args = ["export", "export/chat.json", "--update", "--time-zone", "UTC", "--media", "link"]
        #expect(try Binary.run(args + ["-o", "site"], in: dir).status == 0)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("deeper"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: dir.appendingPathComponent("site"), to: dir.appendingPathComponent("deeper/site"))
        let update = try Binary.run(args + ["-o", "deeper/site"], in: dir)
        #expect(update.stderr == "msgfmt: note: the options changed; writing deeper/site in full\n", "\(update.stderr)")
        let site = try Self.expectFreshSite("deeper/site", args: args, fresh: "deeper/fresh", in: dir)
        #expect(String(decoding: site["chat_001/messages.html"] ?? Data(), as: UTF8.self).contains("../../export/photos/p.png"))
    }

    @Test func sizeZeroKeepsNoCache() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try Binary.run(Self.args + ["-o", "site", "--layout-cache-size", "0"], in: dir).status == 0)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("site/msgfmt-layout-cache").path))
        let bad = try Binary.run(Self.args + ["-o", "site", "--layout-cache-size", "99999999"], in: dir)
        #expect(bad.status == 2 && bad.stderr.contains("--layout-cache-size takes a size in MiB"), "\(bad.stderr)")
    }
}
