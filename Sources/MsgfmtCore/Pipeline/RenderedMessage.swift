/// A message carried through the pipeline, with everything emitters may need.
public struct RenderedMessage: Sendable {
    /// Position of the message in its input (0-based).
    public var index: Int
    /// The normalized message (text and entities).
    public var message: Message
    /// Its styled runs and blocks. For the formats that re-encode the message itself
    /// (`Renderer.needsStyledBlocks` false), only its text, without blocks.
    public var styled: StyledText
    /// Its layout, for the formats that are laid out.
    public var layout: TextLayout?
    /// A long message's layout a stretch at a time (`RenderOptions.laysOutInPieces`), in
    /// place of `layout`, for the emitters that write each line as it comes.
    var pieces: LayoutPieces?
    /// The constraints of its layout when that is left to the emitter, which lays it out
    /// line by line as it writes (`LineSink`), in place of `layout`: `--to ansi` and
    /// `--to text` under `RenderOptions.laysOutInPieces`, so that most lines are written
    /// without ever being built.
    var deferredLayout: LayoutConstraints?
    /// The lines of its media placeholder (`MediaPlaceholder.lines`), drawn above the
    /// text by the terminal formats; empty without media or for the other formats.
    public var mediaLines: [LayoutLine]
    /// Warnings and errors about this message.
    public var diagnostics: [Diagnostic]
    /// For `--to markdown-v2` and `--to telegram-html`, the entities of `message` their
    /// encoder writes (`MarkdownV2Encoder.representable`, `TelegramHTMLEncoder.sendable`,
    /// which the renderer applies to say what they leave out), so the emitter need not
    /// choose them again; nil for the other formats.
    var telegramEntities: [MessageEntity]?

    /// Creates a rendered message.
    public init(
        index: Int, message: Message, styled: StyledText, layout: TextLayout?, mediaLines: [LayoutLine] = [],
        diagnostics: [Diagnostic]
    ) {
        self.init(
            index: index, message: message, styled: styled, layout: layout, pieces: nil, mediaLines: mediaLines, diagnostics: diagnostics)
    }

    /// Creates a rendered message laid out whole (`layout`), in `pieces`, or by its
    /// emitter (`deferredLayout`); `telegramEntities` as that member says.
    init(
        index: Int, message: Message, styled: StyledText, layout: TextLayout?, pieces: LayoutPieces?,
        deferredLayout: LayoutConstraints? = nil, mediaLines: [LayoutLine], diagnostics: [Diagnostic],
        telegramEntities: [MessageEntity]? = nil
    ) {
        self.index = index
        self.telegramEntities = telegramEntities
        self.message = message
        self.styled = styled
        self.layout = layout
        self.pieces = pieces
        self.deferredLayout = deferredLayout
        self.mediaLines = mediaLines
        self.diagnostics = diagnostics
    }
}
