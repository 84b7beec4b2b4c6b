import Foundation
import TestSupport
import Testing

/// Media of merged exports (`msgfmt export A/result.json B/result.json`): each message's
/// files — its photo and its custom emoji pictures — come from the folder of the export it
/// was read from, and `--media copy` keeps two exports' files with the same relative path
/// apart.
@Suite struct ExportMergedMediaTests {
    /// Two exports of chat 1 in folders `a` and `b`, each holding `photos/p.jpg` and
    /// `stickers/star.webp` in a colour of its own; `a` has message 1, `b` message 2 (later,
    /// so `b` does not cover message 1 and it is not marked deleted).
    static func exports() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-merged-media-\(UUID().uuidString)")
        for (name, id, time, colour): (String, Int, Int, (UInt8, UInt8, UInt8)) in [
            ("a", 1, 1_704_103_200, (200, 0, 0)), ("b", 2, 1_704_106_800, (0, 0, 200)),
        ] {
            let folder = root.appendingPathComponent(name)
            for sub in ["photos", "stickers"] {
                try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
                let file = sub == "photos" ? "p.jpg" : "star.webp"
                try Data(TinyPNG.solid(width: 8, height: 8, rgb: colour)).write(to: folder.appendingPathComponent("\(sub)/\(file)"))
            }
            let json =
                #"{"name": "Merged", "type": "personal_chat", "id": 1, "messages": [{"id": \#(id), "type": "message", "date_unixtime": "\#(time)", "from": "A", "from_id": "user1", "photo": "photos/p.jpg", "width": 8, "height": 8, "text": "", "text_entities": [{"type": "custom_emoji", "text": "⭐", "document_id": "stickers/star.webp"}]}]}"#
            try Data(json.utf8).write(to: folder.appendingPathComponent("result.json"))
        }
        return root
    }

    static func export(_ root: URL, _ arguments: [String]) throws -> (page: String, result: Binary.Result) {
        let site = root.appendingPathComponent("site")
        let result = try Binary.run(
            [
                "export", root.appendingPathComponent("a/result.json").path, root.appendingPathComponent("b/result.json").path,
                "-o", site.path, "--time-zone", "UTC", "--progress", "never", "--stats",
            ] + arguments)
        let page = try String(contentsOf: site.appendingPathComponent("chat_001/messages.html"), encoding: .utf8)
        return (page, result)
    }

    @Test func linkedFilesComeFromEachMessagesExport() throws {
        let root = try Self.exports()
        defer { try? FileManager.default.removeItem(at: root) }
        let (page, result) = try Self.export(root, [])
        #expect(result.status == 0, "\(result.stderr)")
        for name in ["a", "b"] {
            #expect(page.contains("<img src=\"../../\(name)/photos/p.jpg\""), "\(name): \(page)")
            #expect(page.contains("<img class=\"custom-emoji\" src=\"../../\(name)/stickers/star.webp\" alt=\"⭐\""), "\(name)")
        }
        #expect(result.stderr.contains("media: 4 linked, 0 copied, 0 not included, 0 missing"), "\(result.stderr)")
    }

    @Test func copiedFilesOfTwoExportsDoNotOverwriteEachOther() throws {
        let root = try Self.exports()
        defer { try? FileManager.default.removeItem(at: root) }
        let (page, result) = try Self.export(root, ["--media", "copy"])
        #expect(result.status == 0, "\(result.stderr)")
        let site = root.appendingPathComponent("site")
        for (number, name) in [(1, "a"), (2, "b")] {
            #expect(page.contains("<img src=\"../media/\(number)/photos/p.jpg\""), "\(number): \(page)")
            #expect(page.contains("<img class=\"custom-emoji\" src=\"../media/\(number)/stickers/star.webp\""), "\(number)")
            for file in ["photos/p.jpg", "stickers/star.webp"] {
                let copied = try Data(contentsOf: site.appendingPathComponent("media/\(number)/\(file)"))
                #expect(copied == (try Data(contentsOf: root.appendingPathComponent("\(name)/\(file)"))), "\(number)/\(file)")
            }
        }
        #expect(result.stderr.contains("media: 0 linked, 4 copied, 0 not included, 0 missing"), "\(result.stderr)")
    }
}
