/// Writes a chat transcript for terminals (`--to ansi` / `--to text`) in the list or
/// bubbles presentation. Message bodies are laid out by the shared pipeline; this writer
/// composes them with day headers, sender headers, reply and forward lines, media
/// placeholders and times into layouts that the shared emitter draws.
public final class TerminalTranscriptWriter: StreamTranscriptWriter, TranscriptWriter {
    let composer: TerminalComposer
    var width: Int { composer.width }
    var wroteChat = false
    var bubble: BubbleGroup?

    /// Creates a writer into `sink`; `options.width` is the transcript width in cells.
    public override init(options: ExportOptions, sink: OutputSink) {
        self.composer = TerminalComposer(options: options)
        super.init(options: options, sink: sink)
    }

    /// The width message bodies are laid out at for `style` in a transcript `width` wide.
    public static func bodyWidth(style: TranscriptStyle, width: Int) -> Int {
        let w = max(20, width)
        switch style {
        case .list: return w - TerminalComposer.timeColumn
        case .bubbles: return BubbleGroup.maxWidth(in: w) - 4
        }
    }

    public func beginChat(_ chat: ExportChatInfo) {
        flushBubble()
        state.beginChat()
        var lines: [TranscriptLine] = []
        if wroteChat { lines.append(TranscriptLine()) }
        var title = TranscriptLine()
        title.ascii("== ", style: Style(attributes: .bold))
        let kind = chat.type.map { " (\($0))" } ?? ""
        title.append(composer.text.oneLine(chat.displayName + kind, width: width - 3, style: Style(attributes: .bold)).fragments)
        lines.append(title)
        emit(lines, body: nil)
        wroteChat = true
    }

    public func write(_ prepared: PreparedMessage) {
        let m = prepared.message
        let pieces = prepared.terminal ?? composer.pieces(prepared)
        let placement = state.place(m)
        var lines: [TranscriptLine] = []
        if placement.newDay || placement.newGroup { flushBubble() }
        if placement.newDay {
            lines.append(TranscriptLine())
            lines.append(composer.dayHeader(placement.day))
        }
        if m.isService {
            if !placement.newDay { lines.append(TranscriptLine()) }
            lines += pieces.service
            emit(lines, body: prepared.rendered)
        } else {
            switch options.style {
            case .list:
                if placement.newGroup {
                    if !placement.newDay { lines.append(TranscriptLine()) }
                    lines.append(pieces.header)
                }
                lines += listLines(prepared, pieces: pieces)
                emit(lines, body: prepared.rendered)
            case .bubbles:
                if !lines.isEmpty { emit(lines, body: nil) }
                addToBubble(prepared, pieces: pieces, startsGroup: placement.newGroup)
            }
        }
        state.remember(prepared)
    }

    public override func endChat(_ chat: ExportChatInfo) {
        flushBubble()
    }

    public override func finish() {
        flushBubble()
        super.finish()
    }

    /// Draws composed lines with a fresh emitter of the shared pipeline. `body` is the
    /// message whose laid-out lines are among them (its styled text gives the emitter the
    /// link spans); decoration fragments have empty source ranges and no links.
    func emit(_ lines: [TranscriptLine], body: RenderedMessage?) {
        guard !lines.isEmpty else { return }
        let laid = lines.enumerated().map { $0.element.line(y: $0.offset) }
        let id = body?.message.id
        let layout = TextLayout(messageID: id, text: body?.styled.text.string ?? "", width: laid.map(\.width).max() ?? 0, truncated: false, lines: laid)
        let message = RenderedMessage(
            index: body?.index ?? 0, message: body?.message ?? Message(text: ""),
            styled: body?.styled ?? StyledText(plain: ""), layout: layout, diagnostics: [])
        var emitter = Renderer(options: options.render).makeEmitter()
        emitter.emit(message, into: sink)
    }
}
