/// `msgfmt export --to`.
public enum ExportFormat: String, CaseIterable, Sendable, Hashable {
    case html, ansi, text, json, markdown
    /// Each message as a chat bubble picture (see `PictureTranscriptWriter`).
    case svg, png
}
