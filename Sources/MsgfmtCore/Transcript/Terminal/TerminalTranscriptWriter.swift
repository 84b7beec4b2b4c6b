/// Writes a chat transcript for terminals (`--to ansi` / `--to text`) in the list or
/// bubbles presentation. Message bodies are laid out by the shared pipeline; this writer
/// composes them with day headers, sender headers, reply and forward lines, media
/// placeholders and times into layouts that the shared emitter draws.
public final class TerminalTranscriptWriter: StreamTranscriptWriter, TranscriptWriter {
    let composer: TerminalComposer
    var width: Int { composer.width }
    var wroteChat = false
    var bubble: BubbleGroup?
    /// Pieces composed but not yet drawn (more than one job).
    var pending: [TerminalOutput] = []
    /// What draws pieces on this thread (one job), and the buffer it draws them into.
    private let emitter: TerminalLineEmitter
    private var drawn: [UInt8] = []

    /// Creates a writer into `sink`; `options.width` is the transcript width in cells.
    public override init(options: ExportOptions, sink: OutputSink) {
        self.composer = TerminalComposer(options: options)
        self.emitter = TerminalLineEmitter(options: options.render)
        super.init(options: options, sink: sink)
    }

    /// The narrowest transcript drawn, in cells: a narrower `--width` draws this wide (the
    /// day header and a bubble's border need the room).
    public static let minimumWidth = 20

    /// The width message bodies are laid out at for `style` in a transcript `width` wide.
    public static func bodyWidth(style: TranscriptStyle, width: Int) -> Int {
        let w = max(minimumWidth, width)
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

    /// The prepare step: the message's decorations and content lines, composed.
    public static func prepare(_ message: TranscriptMessage, options: ExportOptions) -> TerminalPieces {
        TerminalComposer(options: options).pieces(message)
    }

    public func write(_ message: TranscriptMessage, piece pieces: TerminalPieces) {
        let m = message.message
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
            if message.deleted {
                var tag = TranscriptLine()
                tag.pad(to: max(0, (composer.width - 9) / 2))
                tag.ascii("(deleted)", role: .title)
                lines.append(tag)
            }
            emit(lines, body: message.rendered.styled)
        } else {
            switch options.style {
            case .list:
                if placement.newGroup {
                    if !placement.newDay { lines.append(TranscriptLine()) }
                    lines.append(pieces.header)
                }
                lines += listLines(message, pieces: pieces)
                emit(lines, body: message.rendered.styled)
            case .bubbles:
                if !lines.isEmpty { emit(lines, body: nil) }
                addToBubble(message, pieces: pieces, startsGroup: placement.newGroup)
            }
        }
        state.remember(message)
    }

    public override func endChat(_ chat: ExportChatInfo) {
        flushBubble()
        if let notice = state.emptyChatNotice {
            let lines = composer.text.wrapped(notice, width: width, style: Style(attributes: .italic)).map(composer.line)
            emit([TranscriptLine()] + lines, body: nil)
        }
    }

    public override func finish() {
        flushBubble()
        drainOutput()
        super.finish()
    }

    /// Queues composed lines for drawing (see `TerminalOutput`); with one job they are
    /// drawn at once.
    func emit(_ lines: [TranscriptLine], body: StyledText?) {
        guard !lines.isEmpty else { return }
        queue(.lines(lines, body: body))
    }

    /// Queues a piece; with one job, draws it at once.
    func queue(_ piece: TerminalOutput) {
        if options.jobs <= 1 {
            drawn.removeAll(keepingCapacity: true)
            piece.draw(with: emitter, width: width, into: &drawn)
            sink.write(drawn)
        } else {
            pending.append(piece)
        }
    }

    /// Draws the queued pieces on the worker threads and writes them in order.
    public func drainOutput() {
        guard !pending.isEmpty else { return }
        var pieces: [TerminalOutput] = []
        swap(&pieces, &pending)
        for bytes in TerminalOutput.drawAll(pieces, options: options, width: width) {
            sink.write(bytes)
        }
    }
}
