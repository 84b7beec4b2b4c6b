/// The output formats of `--to`.
public enum OutputFormat: String, CaseIterable, Sendable, Hashable {
    case ansi
    case text
    case html
    case json
    case botAPI = "bot-api"
    case markdownV2 = "markdown-v2"
    case telegramHTML = "telegram-html"
    /// Each message as a bubble, in SVG or PNG (measured with fonts).
    case svg
    case png
}
