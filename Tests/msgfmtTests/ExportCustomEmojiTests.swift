import Foundation
import TestSupport
import Testing

/// Custom emoji in the HTML site: shown as a small inline picture of the sticker file their
/// `document_id` names when it is a still picture inside the export folder, as text
/// otherwise (unavailable, missing, animated, or a path leading out of the folder).
@Suite struct ExportCustomEmojiTests {
    /// An export with the given `text_entities` parts in one message, `stickers/star.webp`
    /// (a PNG, as browsers sniff it) and `secret.webp` next to the export folder.
    static func export(_ parts: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-emoji-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("export/stickers")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(TinyPNG.solid(width: 10, height: 10, rgb: (250, 200, 0))).write(to: folder.appendingPathComponent("star (1).webp"))
        try Data(TinyPNG.solid(width: 10, height: 10, rgb: (1, 2, 3))).write(to: root.appendingPathComponent("secret.webp"))
        try Data("tgs".utf8).write(to: folder.appendingPathComponent("party.tgs"))
        let json =
            #"{"name": "E", "type": "personal_chat", "id": 1, "messages": [{"id": 1, "type": "message", "date_unixtime": "1704103200", "from": "A", "from_id": "user1", "text": "", "text_entities": [\#(parts)]}]}"#
        try Data(json.utf8).write(to: root.appendingPathComponent("export/result.json"))
        return root
    }

    static func page(_ root: URL, _ arguments: [String] = []) throws -> (String, Binary.Result) {
        let site = root.appendingPathComponent("site")
        let result = try Binary.run(
            [
                "export", root.appendingPathComponent("export/result.json").path, "-o", site.path, "--time-zone", "UTC", "--progress",
                "never",
            ]
                + arguments)
        let page = try String(contentsOf: site.appendingPathComponent("chat_001/messages.html"), encoding: .utf8)
        return (page, result)
    }

    @Test func stillStickerBecomesPicture() throws {
        let root = try Self.export(
            #"{"type": "plain", "text": "hi "}, {"type": "custom_emoji", "text": "⭐", "document_id": "stickers/star (1).webp"}, {"type": "custom_emoji", "text": "🎉", "document_id": "stickers/party.tgs"}, {"type": "custom_emoji", "text": "👀", "document_id": "(unavailable)"}, {"type": "custom_emoji", "text": "🔑", "document_id": "../secret.webp"}, {"type": "custom_emoji", "text": "❓", "document_id": "stickers/gone.webp"}"#
        )
        defer { try? FileManager.default.removeItem(at: root) }
        let (page, result) = try Self.page(root, ["--stats"])
        #expect(result.status == 0, "\(result.stderr)")
        // The path out of the folder is refused with a located warning; every file counts.
        let place = try ExportFilePlaces.place(ofMessage: 1, in: root.appendingPathComponent("export/result.json"))
        #expect(
            result.stderr.contains("\(place): custom emoji path refused (outside the export folder): ../secret.webp"), "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "refused").count == 2, "\(result.stderr)")
        #expect(result.stderr.contains("media: 1 linked, 0 copied, 0 not included, 2 missing"), "\(result.stderr)")
        #expect(
            page.contains(
                "data-custom-emoji-id=\"stickers/star (1).webp\"><img class=\"custom-emoji\" src=\"../../export/stickers/star%20%281%29.webp\" alt=\"⭐\" loading=\"lazy\" decoding=\"async\"></span>"
            ), "\(page)")
        for (id, emoji) in [("stickers/party.tgs", "🎉"), ("(unavailable)", "👀"), ("../secret.webp", "🔑"), ("stickers/gone.webp", "❓")] {
            #expect(page.contains("data-custom-emoji-id=\"\(id)\">\(emoji)</span>"), "\(id)")
        }
        #expect(page.components(separatedBy: "<img class=\"custom-emoji\"").count == 2)
        #expect(page.contains(".custom-emoji{height:1.2em"))
        #expect(page.contains("img-src &#39;self&#39;"))

        // --media copy places the file in the site; --media none keeps the emoji.
        let (copied, _) = try Self.page(root, ["--media", "copy"])
        #expect(copied.contains("<img class=\"custom-emoji\" src=\"../media/stickers/star%20%281%29.webp\" alt=\"⭐\""))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("site/media/stickers/star (1).webp").path))
        let (none, _) = try Self.page(root, ["--media", "none"])
        #expect(!none.contains("<img class=\"custom-emoji\""))
        #expect(none.contains("data-custom-emoji-id=\"stickers/star (1).webp\">⭐</span>"))
    }
}
