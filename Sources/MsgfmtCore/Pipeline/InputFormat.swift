/// The input formats of `--from`.
public enum InputFormat: String, CaseIterable, Sendable, Hashable {
    case auto
    case botAPI = "bot-api"
    case text
    case markdownV2 = "markdown-v2"
    case html
    case markdown
    case tdesktop
}
