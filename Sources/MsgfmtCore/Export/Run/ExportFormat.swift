/// `msgfmt export --to`.
public enum ExportFormat: String, CaseIterable, Sendable, Hashable {
    case html, ansi, text, json, markdown

    /// True for the formats written as one stream (a file or stdout).
    public var isStream: Bool { self != .html }
}
