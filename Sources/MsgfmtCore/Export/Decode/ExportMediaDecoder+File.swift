/// The media file of an export message: the `photo` or `file` path with what the export
/// says about it (`MediaFile`), read alongside its placeholder.
extension ExportMediaDecoder {
    /// The file the message refers to, or nil when it has none (text, polls, locations…).
    public static func file(of m: JSONValue) -> MediaFile? {
        var file: MediaFile
        if let photo = m["photo"]?.stringValue {
            file = MediaFile(kind: .photo, path: photo)
            file.size = m["photo_file_size"]?.int64Value ?? m["file_size"]?.int64Value
        } else if let path = m["file"]?.stringValue {
            file = MediaFile(kind: .of(mediaType: m["media_type"]?.stringValue, path: path), path: path)
            file.size = m["file_size"]?.int64Value
            file.fileName = m["file_name"]?.stringValue
            file.performer = m["performer"]?.stringValue
            file.title = m["title"]?.stringValue
            file.emoji = m["sticker_emoji"]?.stringValue
        } else {
            return nil
        }
        file.thumbnail = m["thumbnail"]?.stringValue
        file.width = m["width"]?.int64Value
        file.height = m["height"]?.int64Value
        file.duration = m["duration_seconds"]?.int64Value
        file.mimeType = m["mime_type"]?.stringValue
        return file
    }
}
