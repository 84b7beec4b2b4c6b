/// The file an export message refers to, as the export describes it: the path relative to
/// `result.json`'s folder (untrusted: `MediaPath` checks it), a thumbnail, and what the
/// export says about the file (dimensions, length, type, size).
public struct MediaFile: Sendable, Hashable {
    /// How the file is shown.
    public var kind: MediaKind
    /// The path as the export gives it (`photos/photo_1@01-01-2024_10-00-00.jpg`), or its
    /// "(File not included…)" note.
    public var path: String
    /// The thumbnail's path as given (`video_files/clip.mp4_thumb.jpg`), when there is one.
    public var thumbnail: String?
    /// Pixel size, when the export gives it.
    public var width: Int64?
    public var height: Int64?
    /// Length in seconds (audio, video, voice).
    public var duration: Int64?
    /// `mime_type`, when given.
    public var mimeType: String?
    /// The original file name (`file_name`), when given.
    public var fileName: String?
    /// The size the export records, in bytes.
    public var size: Int64?
    /// Audio: performer and title.
    public var performer: String?
    public var title: String?
    /// Stickers: the emoji they stand for.
    public var emoji: String?

    /// Creates a file reference.
    public init(kind: MediaKind, path: String) {
        self.kind = kind
        self.path = path
    }

    /// The sticker file a custom emoji's `document_id` names in a Telegram Desktop export,
    /// when the HTML site can show it as a picture: a still image (`.webp`, `.png`, `.jpg`,
    /// `.jpeg`, `.gif`), or the export's note that it left the file out. Nil for animated
    /// stickers (`.tgs`, `.webm`), numeric ids and anything else (the emoji stays text).
    public static func customEmoji(documentID: String) -> MediaFile? {
        let file = MediaFile(kind: MediaKind.of(mediaType: "sticker", path: documentID), path: documentID)
        if file.notIncluded { return file }
        let lower = documentID.lowercased()
        guard file.kind == .sticker, [".webp", ".png", ".jpg", ".jpeg", ".gif"].contains(where: { lower.hasSuffix($0) })
        else { return nil }
        return file
    }

    /// The note Telegram Desktop writes instead of a path for a file it did not export.
    static let notIncludedPrefix = "(File not included"

    /// True when the export left the file out ("(File not included…)" in place of a path).
    public var notIncluded: Bool { path.hasPrefix(Self.notIncludedPrefix) }

    /// The name to show for a download: `file_name`, else the last component of the path.
    public var displayName: String {
        if let fileName, !fileName.isEmpty { return fileName }
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        return last.isEmpty ? "file" : last
    }
}
