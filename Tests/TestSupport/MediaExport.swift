import Foundation

/// A generated Telegram Desktop export with real small files on disk: one message of every
/// media kind, a missing file, a file the export left out, and hostile paths (climbing
/// out with `..`, absolute, a symbolic link out of the folder, markup in a file name).
/// Black-box and browser tests convert it.
public struct MediaExport {
    /// The temporary folder holding `export/` (and `secret.txt` outside it).
    public let root: URL
    /// `export/result.json`.
    public var resultJSON: URL { root.appendingPathComponent("export/result.json") }
    /// The export folder.
    public var folder: URL { root.appendingPathComponent("export") }

    /// The colour of the photo (a 40×30 solid PNG).
    public static let photoColour: (UInt8, UInt8, UInt8) = (220, 30, 40)

    /// The files written, by path relative to the export folder.
    public static let files: [(path: String, bytes: [UInt8])] = [
        ("photos/photo_1@01-01-2024_10-00-00.jpg", TinyPNG.solid(width: 40, height: 30, rgb: photoColour)),
        ("photos/photo_2@01-01-2024_10-05-00.jpg", TinyPNG.solid(width: 20, height: 20, rgb: (30, 160, 60))),
        ("photos/photo_3@01-01-2024_10-05-00.jpg", TinyPNG.solid(width: 20, height: 20, rgb: (30, 60, 160))),
        ("stickers/sticker.webp", TinyPNG.solid(width: 16, height: 16, rgb: (250, 200, 0))),
        ("stickers/animated.tgs", Array("tgs".utf8)),
        ("stickers/animated.tgs_thumb.jpg", TinyPNG.solid(width: 8, height: 8, rgb: (250, 200, 0))),
        ("video_files/clip.mp4", Array("\0\0\0\u{18}ftypmp42".utf8) + [UInt8](repeating: 0, count: 16)),
        ("video_files/clip.mp4_thumb.jpg", TinyPNG.solid(width: 8, height: 8, rgb: (0, 0, 200))),
        ("video_files/gif.mp4", Array("\0\0\0\u{18}ftypmp42".utf8) + [UInt8](repeating: 0, count: 8)),
        ("round_video_messages/round.mp4", Array("\0\0\0\u{18}ftypmp42".utf8) + [UInt8](repeating: 0, count: 4)),
        ("voice_messages/audio_1@01-01-2024_10-00-00.ogg", Array("OggS".utf8) + [UInt8](repeating: 0, count: 40)),
        ("files/song.mp3", Array("ID3".utf8) + [UInt8](repeating: 0, count: 20)),
        ("files/report (final) #1.pdf", Array("%PDF-1.4\n".utf8)),
        ("files/<b>x\".pdf", Array("%PDF-1.4\n".utf8)),
    ]

    /// The messages, as JSON objects (text fields added when written).
    public static let messages: [String] = [
        #""id": 1, "from": "Alice", "from_id": "user1", "photo": "photos/photo_1@01-01-2024_10-00-00.jpg", "photo_file_size": 95, "width": 40, "height": 30"#,
        #""id": 2, "from": "Bob", "from_id": "user2", "file": "stickers/sticker.webp", "media_type": "sticker", "sticker_emoji": "😀", "width": 16, "height": 16"#,
        #""id": 3, "from": "Bob", "from_id": "user2", "file": "stickers/animated.tgs", "thumbnail": "stickers/animated.tgs_thumb.jpg", "media_type": "sticker", "sticker_emoji": "🎉", "width": 8, "height": 8"#,
        #""id": 4, "from": "Bob", "from_id": "user2", "file": "video_files/clip.mp4", "thumbnail": "video_files/clip.mp4_thumb.jpg", "media_type": "video_file", "mime_type": "video/mp4", "duration_seconds": 5, "width": 8, "height": 8"#,
        #""id": 5, "from": "Bob", "from_id": "user2", "file": "video_files/gif.mp4", "media_type": "animation", "mime_type": "video/mp4", "width": 8, "height": 8"#,
        #""id": 6, "from": "Bob", "from_id": "user2", "file": "round_video_messages/round.mp4", "media_type": "video_message", "duration_seconds": 3"#,
        #""id": 7, "from": "Bob", "from_id": "user2", "file": "voice_messages/audio_1@01-01-2024_10-00-00.ogg", "media_type": "voice_message", "mime_type": "audio/ogg", "duration_seconds": 2"#,
        #""id": 8, "from": "Bob", "from_id": "user2", "file": "files/song.mp3", "media_type": "audio_file", "performer": "Band", "title": "Song", "duration_seconds": 192"#,
        #""id": 9, "from": "Bob", "from_id": "user2", "file": "files/report (final) #1.pdf", "file_name": "report (final) #1.pdf", "mime_type": "application/pdf""#,
        #""id": 10, "from": "Bob", "from_id": "user2", "photo": "photos/not_there.jpg", "photo_file_size": 1000"#,
        #""id": 11, "from": "Bob", "from_id": "user2", "file": "(File not included. Change data exporting settings to download.)", "media_type": "video_file", "file_size": 2048"#,
        #""id": 12, "from": "Mallory", "from_id": "user3", "file": "../secret.txt", "file_name": "secret.txt""#,
        #""id": 13, "from": "Mallory", "from_id": "user3", "photo": "/etc/passwd""#,
        #""id": 14, "from": "Mallory", "from_id": "user3", "photo": "photos/escape.jpg""#,
        #""id": 15, "from": "Mallory", "from_id": "user3", "file": "files/<b>x\".pdf", "file_name": "<b>x\".pdf""#,
        #""id": 16, "from": "Alice", "from_id": "user1", "photo": "photos/photo_2@01-01-2024_10-05-00.jpg", "width": 20, "height": 20"#,
        #""id": 17, "from": "Alice", "from_id": "user1", "photo": "photos/photo_3@01-01-2024_10-05-00.jpg", "width": 20, "height": 20"#,
    ]

    /// Files that are shown (linked or copied): every message up to 9 and the last three.
    public static let shownIDs: [Int] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17]

    /// Writes the export into a new temporary folder; `photos/escape.jpg` is a symbolic
    /// link to `secret.txt` outside the export folder.
    public init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-media-\(UUID().uuidString)")
        let fm = FileManager.default
        let export = root.appendingPathComponent("export")
        for (path, bytes) in Self.files {
            let url = export.appendingPathComponent(path)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        try Data("secret".utf8).write(to: root.appendingPathComponent("secret.txt"))
        try fm.createSymbolicLink(atPath: export.appendingPathComponent("photos/escape.jpg").path, withDestinationPath: "../../secret.txt")
        var lines: [String] = []
        for (i, fields) in Self.messages.enumerated() {
            // One minute apart, except the last two photos (an album: same sender, same second).
            let date = 1_704_103_200 + (i < 15 ? i * 60 : 15 * 60)
            lines.append(#"{"type": "message", "date_unixtime": "\#(date)", \#(fields), "text": "", "text_entities": []}"#)
        }
        let json =
            #"{"name": "Media chat", "type": "personal_chat", "id": 77, "messages": [\#n"# + lines.joined(separator: ",\n") + "\n]}\n"
        try Data(json.utf8).write(to: resultJSON)
    }

    /// Removes the folder.
    public func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
