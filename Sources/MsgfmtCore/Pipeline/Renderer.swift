/// The render pipeline: decode → normalize → style → lay out → emit, message by message.
public struct Renderer {
    /// What a run did, for `--stats` and the exit status.
    public struct Stats: Sendable, Hashable {
        public var read = 0
        public var rendered = 0
        public var failed = 0
        /// Creates zero counts.
        public init() {}
    }

    private let options: RenderOptions

    /// Creates a renderer.
    public init(options: RenderOptions) {
        self.options = options
    }

    /// The emitter for the chosen output format.
    public func makeEmitter() -> any MessageEmitter {
        switch options.to {
        case .ansi: ANSIEmitter(options: options.style)
        case .html: HTMLEmitter(options: options.style, layout: options.layout)
        case .json: JSONLayoutEmitter()
        case .text: PlainTextEmitter(options: options.style)
        case .botAPI: BotAPIEmitter()
        case .markdownV2: MarkdownV2Emitter()
        case .telegramHTML: TelegramHTMLEmitter()
        }
    }

    /// Carries one decoded message through normalization, styling and layout.
    public func process(_ message: Message, index: Int, diagnostics: [Diagnostic]) -> RenderedMessage {
        let text = UTF16Text(message.text)
        var (normalized, repairs) = Normalizer.normalize(message, text: text, detect: options.detect)
        for i in repairs.indices where repairs[i].location.messageIndex == nil {
            repairs[i].location.messageIndex = index
        }
        let styled = StyledTextBuilder.build(normalized, text: text)
        let reflowable: Set<OutputFormat> = [.botAPI, .markdownV2, .telegramHTML]
        let layout = reflowable.contains(options.to) ? nil : TextLayouter.layout(styled, options.layout)
        return RenderedMessage(index: index, message: normalized, styled: styled, layout: layout, diagnostics: diagnostics + repairs)
    }

    /// Renders every message of `input` with `emitter`, reporting diagnostics as they come.
    public func render(
        _ input: InputFile, emitter: inout any MessageEmitter, into sink: OutputSink,
        report: (Diagnostic) -> Void
    ) -> Stats {
        var stats = Stats()
        let items = MessageDecoder.decode(input, options: DecodeOptions(format: options.from, entitiesJSON: options.entitiesJSON))
        for item in items {
            stats.read += 1
            switch item {
            case .failure(let diagnostic):
                stats.failed += 1
                report(diagnostic)
            case .message(let message, let diagnostics):
                let rendered = process(message, index: stats.read - 1, diagnostics: diagnostics)
                rendered.diagnostics.forEach(report)
                if options.strict, rendered.diagnostics.contains(where: { $0.severity == .warning }) {
                    stats.failed += 1
                    continue
                }
                emitter.emit(rendered, into: sink)
                stats.rendered += 1
            }
        }
        return stats
    }
}
