/// `msgfmt export --to`.
public enum ExportFormat: String, CaseIterable, Sendable, Hashable {
    case html, ansi, text, json, markdown
    /// Each message as a chat bubble picture (see `PictureTranscriptWriter`).
    case svg, png

    /// Messages per parallel batch of an export (`ExportOptions.batchSize`): three batches
    /// are in memory at once, and a picture's messages are held laid out in pixels until
    /// drawn after their batch is written, so pictures come in smaller batches (drawing
    /// one takes long enough that handing out a batch costs little beside it).
    public var messagesPerBatch: Int {
        switch self {
        case .svg, .png: 32
        case .html, .ansi, .text, .json, .markdown: 256
        }
    }
}
