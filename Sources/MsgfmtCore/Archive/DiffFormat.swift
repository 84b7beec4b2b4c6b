/// `msgfmt diff --to`.
public enum DiffFormat: String, CaseIterable, Sendable, Hashable {
    /// Each change as the text transcript shows the message, marked with `-`/`+` in a
    /// gutter; changed words as `[-removed-]{+inserted+}`.
    case text
    /// The same with colours and attributes: removed words red and struck through,
    /// inserted ones green and underlined.
    case ansi
    /// JSON Lines: `{"change", "chat_id", "id", "before", "after"}` per change.
    case json
    /// A standalone page in the style of the export's HTML site.
    case html
}
