import MsgfmtCore

/// The fuzz targets, one per decoder plus layout, the emitters, the pictures, the
/// terminal's image files and the terminal transcripts of exports. `check` runs one input
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
    case picture = "FuzzPicture"
    case image = "FuzzImage"
    case transcript = "FuzzTranscript"

    /// The decoder's input format, for the four message decoders.
    public var format: InputFormat? {
        switch self {
        case .botAPI: .botAPI
        case .markdownV2: .markdownV2
        case .telegramHTML: .html
        case .legacyMarkdown: .markdown
        case .export, .layout, .emit, .picture, .image, .transcript: nil
        }
    }

    /// The broken invariants for one input, as the fuzzer checks them, and for decoder
    /// and export targets also after layout (`FuzzCheck.decodeAndLayOut`): used to replay saved inputs.
    public func thoroughCheck(_ bytes: [UInt8]) -> [String] {
        if self == .export { return Self.checkExport(bytes, layOut: true) }
        guard let format else { return check(bytes) }
        return FuzzCheck.decodeAndLayOut(bytes, format: format) + (self == .botAPI ? Self.streamingChecks(bytes) : [])
    }

    /// Bot API input decoded as it streams in, with and without sniffing, against decoding
    /// it whole.
    static func streamingChecks(_ bytes: [UInt8]) -> [String] {
        FuzzCheck.streaming(bytes, format: .botAPI) + FuzzCheck.streaming(bytes, format: .auto) + FuzzCheck.directReading(bytes)
    }

    /// The broken invariants for one input; empty when all hold.
    public func check(_ bytes: [UInt8]) -> [String] {
        switch self {
        case .botAPI: FuzzCheck.decode(bytes, format: .botAPI) + Self.streamingChecks(bytes)
        case .markdownV2: FuzzCheck.decode(bytes, format: .markdownV2)
        case .telegramHTML: FuzzCheck.decode(bytes, format: .html)
        case .legacyMarkdown: FuzzCheck.decode(bytes, format: .markdown)
        case .export: Self.checkExport(bytes)
        case .layout: Self.checkLayout(bytes)
        case .emit: Self.checkEmit(bytes)
        case .picture: Self.checkPicture(bytes)
        case .image: Self.checkImage(bytes)
        case .transcript: Self.checkTranscript(bytes)
        }
    }
}
