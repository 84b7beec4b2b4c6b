import MsgfmtCore

/// The fuzz targets, one per decoder plus layout and the emitters. `check` runs one input
/// through the target's pipeline and returns the broken invariants; the libFuzzer
/// executables under Fuzz/ abort on any, and FuzzRegressionTests replays the saved inputs
/// of fixtures/fuzz-regressions/<rawValue>/.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case botAPI = "FuzzBotAPI"
    case export = "FuzzExport"
    case markdownV2 = "FuzzMarkdownV2"
    case telegramHTML = "FuzzTelegramHTML"
    case legacyMarkdown = "FuzzLegacyMarkdown"
    case layout = "FuzzLayout"
    case emit = "FuzzEmit"

    /// The broken invariants for one input; empty when all hold.
    public func check(_ bytes: [UInt8]) -> [String] {
        switch self {
        case .botAPI: FuzzCheck.decodeAndLayOut(bytes, format: .botAPI)
        case .markdownV2: FuzzCheck.decodeAndLayOut(bytes, format: .markdownV2)
        case .telegramHTML: FuzzCheck.decodeAndLayOut(bytes, format: .html)
        case .legacyMarkdown: FuzzCheck.decodeAndLayOut(bytes, format: .markdown)
        case .export: Self.checkExport(bytes)
        case .layout: Self.checkLayout(bytes)
        case .emit: Self.checkEmit(bytes)
        }
    }
}
