/// The media file of an export message: the `photo` or `file` path with what the export
/// says about it (`MediaFile`), read alongside its placeholder.
extension ExportMediaDecoder {
    /// The file the message refers to, or nil when it has none (text, polls, locations…).
    public static func file(of m: JSONValue) -> MediaFile? {
        file(in: m)
    }

    /// `file(of:)` on the members either path read.
    static func file(in m: some ExportMediaMembers) -> MediaFile? {
        var file: MediaFile
        if let photo = m.string("photo") {
            file = MediaFile(kind: .photo, path: photo)
            file.size = m.integer("photo_file_size") ?? m.integer("file_size")
        } else if let path = m.string("file") {
            file = MediaFile(kind: .of(mediaType: m.string("media_type"), path: path), path: path)
            file.size = m.integer("file_size")
            file.fileName = m.string("file_name")
            file.performer = m.string("performer")
            file.title = m.string("title")
            file.emoji = m.string("sticker_emoji")
        } else {
            return nil
        }
        file.thumbnail = m.string("thumbnail")
        file.width = m.integer("width")
        file.height = m.integer("height")
        file.duration = m.integer("duration_seconds")
        file.mimeType = m.string("mime_type")
        return file
    }
}
