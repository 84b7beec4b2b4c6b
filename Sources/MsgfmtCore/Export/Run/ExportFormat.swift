/// `msgfmt export --to`.
public enum ExportFormat: String, CaseIterable, Sendable, Hashable {
    case html, ansi, text, json, markdown
}
