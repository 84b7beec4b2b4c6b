/// The render pipeline: decode → normalize → style → lay out → emit, message by message.
public struct Renderer {
    /// What a run did, for `--stats` and the exit status: `read` is `rendered + failed +
    /// filtered + skipped.count`.
    public struct Stats: Sendable, Hashable {
        public var read = 0
        public var rendered = 0
        public var failed = 0
        /// Updates that carried no message, by kind.
        public var skipped = SkippedUpdates()
        /// Rendered messages that have media.
        public var withMedia = 0
        /// Messages `--filter` left out.
        public var filtered = 0
        /// Creates zero counts.
        public init() {}

        /// Adds the counts of `other` (another input file).
        public mutating func add(_ other: Stats) {
            read += other.read
            rendered += other.rendered
            failed += other.failed
            skipped.add(other.skipped)
            withMedia += other.withMedia
            filtered += other.filtered
        }
    }

    private let options: RenderOptions
    /// The fonts, when layout measures with them (`RenderOptions.usesFonts`).
    private let fonts: FontLibrary?

    /// Creates a renderer. With `usesFonts` the fonts are opened here, and layout falls
    /// back to cells when they cannot be: open them with `init(options:fonts:)` to report why.
    public init(options: RenderOptions) {
        self.options = options
        self.fonts = options.usesFonts ? try? FontLibrary(options.fonts) : nil
    }

    /// Creates a renderer measuring with `fonts` when `options.usesFonts`.
    public init(options: RenderOptions, fonts: FontLibrary?) {
        self.options = options
        self.fonts = options.usesFonts ? fonts : nil
    }

    /// The emitter for the chosen output format.
    public func makeEmitter() -> any MessageEmitter {
        switch options.to {
        case .ansi: ANSIEmitter(options: options.style)
        case .html: HTMLEmitter(options: options.style, layout: options.layout)
        case .json: JSONLayoutEmitter(pixels: fonts.map(PixelMetrics.init))
        case .svg, .png:
            PictureEmitter(
                format: options.to, fonts: fonts, style: options.style, picture: options.picture, maxWidth: options.layout.width,
                clock: options.clock)
        case .text: PlainTextEmitter(options: options.style)
        case .botAPI: BotAPIEmitter()
        case .markdownV2: MarkdownV2Emitter()
        case .telegramHTML: TelegramHTMLEmitter()
        }
    }

    /// Whether messages are laid out: the Telegram formats never are, HTML (which the
    /// browser wraps) only under a line limit, and nothing when the caller reads only the
    /// styled text (`RenderOptions.skipsLayout`).
    public var needsLayout: Bool {
        if options.skipsLayout { return false }
        switch options.to {
        case .botAPI, .markdownV2, .telegramHTML: return false
        case .html: return options.layout.maxLines > 0
        case .ansi, .text, .json, .svg, .png: return true
        }
    }

    /// Whether media placeholders are laid out as lines of their own: for the terminal
    /// formats and the pictures (measured with the fonts), which draw them above the text.
    public var needsMediaLines: Bool {
        switch options.to {
        case .ansi, .text, .svg, .png: !options.skipsLayout
        case .html, .json, .botAPI, .markdownV2, .telegramHTML: false
        }
    }

    /// The notes for an input this renderer counted as `stats`, one sentence each, for
    /// the CLI to print once per input: the updates that were skipped and, for the
    /// Telegram formats, that media is not re-encoded.
    public func notes(_ stats: Stats) -> [String] {
        var notes: [String] = []
        if let skipped = stats.skipped.note { notes.append(skipped) }
        if stats.withMedia > 0, !needsStyledBlocks {
            let messages = stats.withMedia == 1 ? "1 message has" : "\(stats.withMedia) messages have"
            notes.append("\(messages) media, which --to \(options.to.rawValue) does not re-encode; only the text or caption is written")
        }
        return notes
    }

    /// Whether the emitter reads the styled blocks: the Telegram formats re-encode the
    /// normalized message itself and need only its UTF-16 text.
    public var needsStyledBlocks: Bool {
        switch options.to {
        case .botAPI, .markdownV2, .telegramHTML: false
        case .ansi, .text, .json, .html, .svg, .png: true
        }
    }

    /// Carries one decoded message through normalization, styling and layout; its repairs
    /// are located by `index` and, for a message of JSON Lines, its `line`.
    public func process(
        _ message: Message, index: Int, line: InputLine? = nil, diagnostics: [Diagnostic], scope: StyleScope = .all
    ) -> RenderedMessage {
        let text = UTF16Text(message.text)
        let (normalized, found) = Normalizer.normalize(message, text: text, detect: options.detect)
        var repairs = found
        for i in repairs.indices where repairs[i].location.messageIndex == nil {
            if options.entitiesJSON != nil, repairs[i].location.entityIndex != nil {
                // The entities came from `--entities`: located there, not in the text.
                repairs[i].source = "--entities"
                continue
            }
            repairs[i].location.messageIndex = index
            repairs[i].location.place(on: line)
        }
        let mayRefuseLinks = options.writesLinks && LinkRefusal.mayRefuse(normalized.entities, text: text)
        let telegramEntities =
            options.to == .markdownV2 || options.to == .telegramHTML || options.to == .botAPI
            ? reduceForTelegram(normalized, text: text, original: message, at: index, line: line, repairs: &repairs) : nil
        let styled =
            needsStyledBlocks
            ? StyledTextBuilder.build(normalized, text: text, scope: scope)
            : StyledText(messageID: normalized.id, text: text, blocks: [])
        if mayRefuseLinks {
            for refusal in LinkRefusal.refusals(in: styled) {
                repairs.append(
                    Diagnostic(
                        .warning, .init(messageID: message.id, messageIndex: index, on: line), refusal.message(format: options.formatName)
                    ))
            }
        }
        // The placeholder's lines count towards a line limit (`MediaPlaceholder.lines`).
        let mediaLines = needsMediaLines ? message.media?.lines(options.layout, textBelow: !text.string.isEmpty, fonts: fonts) ?? [] : []
        var layout: TextLayout? = nil
        var pieces: LayoutPieces? = nil
        var deferred: LayoutConstraints? = nil
        if needsLayout, let lines = MediaPlaceholder.textLines(options.layout.maxLines, media: mediaLines.count) {
            if lines == options.layout.maxLines {
                (layout, pieces, deferred) = layOut(styled, options.layout)
            } else {
                var constraints = options.layout
                constraints.maxLines = lines
                (layout, pieces, deferred) = layOut(styled, constraints)
            }
        } else if needsLayout {
            // The placeholder took every line the limit allows: none is left for the text.
            layout = TextLayout(
                messageID: styled.messageID, text: styled.text.string, width: 0, truncated: styled.text.count > 0, lines: [])
        }
        return RenderedMessage(
            index: index, message: normalized, styled: styled, layout: layout, pieces: pieces, deferredLayout: deferred,
            mediaLines: mediaLines, diagnostics: repairs.isEmpty ? diagnostics : diagnostics + repairs,
            telegramEntities: telegramEntities)
    }

    /// For the formats that re-encode for Telegram, a warning in `repairs` for each entity
    /// of `message` (normalized from `original`, whose UTF-16 view is `text`) that the
    /// encoder writes as plain text or leaves out and Telegram would not detect again
    /// (`TelegramEncodingLoss`), located by `index` and `line`; `--to bot-api` keeps such
    /// an entity but for a time format Telegram refuses, and says so. For `--to markdown-v2`
    /// and `--to telegram-html`, the entities their encoder writes, which it then need not
    /// choose again (`RenderedMessage.telegramEntities`); nil for the other formats.
    private func reduceForTelegram(
        _ message: Message, text: UTF16Text, original: Message, at index: Int, line: InputLine?, repairs: inout [Diagnostic]
    ) -> [MessageEntity]? {
        guard !message.entities.isEmpty else { return options.to == .markdownV2 ? [] : nil }
        var losses: [TelegramEncodingLoss]? = []
        var entities: [MessageEntity]? = nil
        if options.to == .markdownV2 {
            let units = message.text == original.text ? text : UTF16Text(message.text)
            entities = MarkdownV2Encoder.representable(message, text: units, normalized: true, losses: &losses).entities
        } else if options.to == .telegramHTML {
            entities = TelegramHTMLEncoder.sendable(message.entities, losses: &losses)
        } else {
            losses = TelegramHTMLEncoder.losses(message)
        }
        for loss in losses ?? [] {
            let sentence = loss.message(format: options.formatName, keepsRefused: options.to == .botAPI)
            repairs.append(Diagnostic(.warning, .init(messageID: message.id, messageIndex: index, on: line), sentence))
        }
        return entities
    }

    /// The layout of `styled` under `constraints`: measured with the fonts when there are
    /// any, a long message in pieces for the emitters that write a stretch at a time, any
    /// other left to the emitters that write each line as it is planned (its constraints),
    /// else whole. Inlined: called out of line, it copied the styled text's references.
    @inline(__always)
    private func layOut(_ styled: StyledText, _ constraints: LayoutConstraints) -> (TextLayout?, LayoutPieces?, LayoutConstraints?) {
        if fonts == nil, options.laysOutInPieces, options.to == .ansi || options.to == .text || options.to == .json {
            if let long = LayoutPieces.of(styled, constraints) { return (nil, long, nil) }
            if options.to != .json { return (nil, nil, constraints) }
        }
        return (TextLayouter.layout(styled, constraints, fonts: fonts), nil, nil)
    }

    /// Renders every message of `input` with `emitter`, reporting diagnostics as they come.
    public func render(
        _ input: InputFile, emitter: inout any MessageEmitter, into sink: OutputSink,
        report: (Diagnostic) -> Void
    ) -> Stats {
        var stats = Stats()
        let decodeOptions = DecodeOptions(format: options.from, entitiesJSON: options.entitiesJSON, filter: options.filter)
        MessageDecoder.decodeLocated(input, options: decodeOptions) { item, line in
            render(item, line: line, stats: &stats, emitter: &emitter, into: sink, report: report)
        }
        return stats
    }

    /// Renders the input of `reader`; JSON Lines are rendered line by line as they arrive
    /// (see `MessageDecoder.decode(_:options:each:)` for a reader). `stats` counts what was
    /// done even when reading fails part way.
    ///
    /// With `options.jobs` above 1, messages are laid out on that many threads in batches
    /// (`RenderBatches`) and written in input order, with the same bytes, diagnostics and
    /// counts; before a read that may block (a pipe waiting for its writer), everything
    /// read so far is written first, so output keeps flowing.
    public func render(
        _ reader: InputReader, emitter: inout any MessageEmitter, into sink: OutputSink,
        stats: inout Stats, report: (Diagnostic) -> Void
    ) throws(InputError) {
        let decodeOptions = DecodeOptions(format: options.from, entitiesJSON: options.entitiesJSON, filter: options.filter)
        guard options.jobs > 1 else {
            try MessageDecoder.decode(reader, options: decodeOptions, take: nil) { item, line in
                render(item, line: line, stats: &stats, emitter: &emitter, into: sink, report: report)
            }
            return
        }
        try withoutActuallyEscaping(report) { report throws(InputError) in
            let batches = RenderBatches(
                options: options, fonts: fonts, jobs: options.jobs, emitter: emitter, sink: sink, report: report)
            let willRead = reader.willRead
            let mayWait = !reader.isRegularFile
            reader.willRead = { [unowned batches] in
                if mayWait { batches.drain() }
                return willRead()
            }
            defer {
                reader.willRead = willRead
                batches.drain()
                emitter = batches.emitter
                stats.add(batches.stats)
            }
            // With a parallel emitter and no filter, the lines after the first go to the
            // workers undecoded (`RenderBatches.take`).
            let take: MessageDecoder.LineTaker? =
                batches.takesLines ? { line, number, index in batches.take(line, number: number, index: &index) } : nil
            try MessageDecoder.decode(reader, options: decodeOptions, take: take) { batches.add($0, line: $1) }
        }
    }

    /// Renders one decoded item, read from JSON Lines line `line` if any, as soon as it is
    /// decoded: nothing waits for the whole input.
    func render(
        _ item: DecodedItem, line: InputLine? = nil, stats: inout Stats, emitter: inout any MessageEmitter, into sink: OutputSink,
        report: (Diagnostic) -> Void
    ) {
        stats.read += 1
        switch item {
        case .failure(let diagnostic):
            stats.failed += 1
            report(diagnostic)
        case .filtered:
            stats.filtered += 1
        case .message(let message, let diagnostics):
            // Messages are numbered as the decoder numbers them: skipped updates aside.
            let rendered = process(
                message, index: stats.read - stats.skipped.count - 1, line: line, diagnostics: diagnostics, scope: emitter.styleScope)
            deliver(rendered, stats: &stats, emitter: &emitter, into: sink, report: report)
        case .skipped(let update):
            stats.skipped.add(update)
        }
    }

    /// Reports a processed message's diagnostics and emits it, unless `--strict` fails it
    /// for a warning.
    func deliver(
        _ rendered: RenderedMessage, stats: inout Stats, emitter: inout any MessageEmitter, into sink: OutputSink,
        report: (Diagnostic) -> Void
    ) {
        guard accept(rendered, stats: &stats, report: report) else { return }
        emitter.emit(rendered, into: sink)
    }

    /// `deliver` for a message whose bytes a worker prepared (`ParallelEmitter.prepare`),
    /// given by its `diagnostics` and whether it `hasMedia`.
    func deliver(
        prepared: UnsafeBufferPointer<UInt8>, diagnostics: [Diagnostic], hasMedia: Bool, stats: inout Stats,
        emitter: inout any ParallelEmitter, into sink: OutputSink, report: (Diagnostic) -> Void
    ) {
        guard accept(diagnostics, hasMedia: hasMedia, stats: &stats, report: report) else { return }
        emitter.emit(prepared: prepared, into: sink)
    }

    /// Reports the diagnostics of a message and counts it; false when `--strict` fails it
    /// for a warning, which leaves it unwritten.
    private func accept(_ rendered: RenderedMessage, stats: inout Stats, report: (Diagnostic) -> Void) -> Bool {
        accept(rendered.diagnostics, hasMedia: rendered.message.media != nil, stats: &stats, report: report)
    }

    /// `accept` of a message with `diagnostics`, which `hasMedia` or not.
    private func accept(_ diagnostics: [Diagnostic], hasMedia: Bool, stats: inout Stats, report: (Diagnostic) -> Void) -> Bool {
        diagnostics.forEach(report)
        if options.strict, diagnostics.contains(where: { $0.severity == .warning }) {
            stats.failed += 1
            return false
        }
        stats.rendered += 1
        if hasMedia { stats.withMedia += 1 }
        return true
    }
}
