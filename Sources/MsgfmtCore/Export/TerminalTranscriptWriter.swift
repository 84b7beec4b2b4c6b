/// Writes a chat transcript for terminals (`--to ansi` / `--to text`) in the list or
/// bubbles presentation. Message bodies are laid out by the shared pipeline; this writer
/// composes them with day headers, sender headers, reply and forward lines, media
/// placeholders and times into layouts that the shared emitter draws.
public final class TerminalTranscriptWriter: TranscriptWriter {
    let options: ExportOptions
    let sink: OutputSink
    let text: TranscriptText
    let width: Int
    var owner: String?
    var grouping: TranscriptGrouping
    var previews = ReplyPreviewCache()
    var wroteChat = false
    var wroteInChat = false
    var bubble: BubbleGroup?

    /// Time column of the list presentation: `HH:MM` and two spaces.
    static let timeColumn = 7

    /// Creates a writer into `sink`; `width` is the transcript width in cells.
    public init(options: ExportOptions, width: Int, sink: OutputSink) {
        self.options = options
        self.sink = sink
        self.width = max(20, width)
        self.owner = options.me
        self.text = TranscriptText(constraints: options.render.layout)
        self.grouping = TranscriptGrouping(clock: options.clock)
    }

    /// The width message bodies are laid out at for `style` in a transcript `width` wide.
    public static func bodyWidth(style: TranscriptStyle, width: Int) -> Int {
        let w = max(20, width)
        switch style {
        case .list: return w - timeColumn
        case .bubbles: return BubbleGroup.maxWidth(in: w) - 4
        }
    }

    public var failed: Bool { sink.failed }

    public func setOwner(_ fromID: String) {
        if owner == nil { owner = fromID }
    }

    public func beginChat(_ chat: ExportChatInfo) {
        grouping = TranscriptGrouping(clock: options.clock)
        previews.removeAll()
        var lines: [TranscriptLine] = []
        if wroteChat { lines.append(TranscriptLine()) }
        var title = TranscriptLine()
        title.ascii("== ", style: Style(attributes: .bold))
        let kind = chat.type.map { " (\($0))" } ?? ""
        title.append(text.oneLine(chat.displayName + kind, width: width - 3, style: Style(attributes: .bold)).fragments)
        lines.append(title)
        emit(lines, id: nil)
        wroteChat = true
        wroteInChat = false
    }

    public func write(_ prepared: PreparedMessage) {
        let m = prepared.message
        let placement = grouping.place(m)
        var lines: [TranscriptLine] = []
        if placement.newDay || placement.newGroup { flushBubble() }
        if placement.newDay {
            lines.append(TranscriptLine())
            lines.append(centered(text.oneLine(ExportClock.dayTitle(placement.day), width: width - 6, style: Style(attributes: .bold)), rule: true))
        }
        if m.isService {
            if !placement.newDay { lines.append(TranscriptLine()) }
            let sentence = ServiceSentence.sentence(for: m) + " · " + options.clock.time(of: m.date)
            for piece in text.wrapped(sentence, width: width - 4, style: Style(attributes: .italic)) {
                lines.append(centered(piece, rule: false))
            }
            emit(lines, id: m.id)
        } else {
            switch options.style {
            case .list:
                if placement.newGroup {
                    if !placement.newDay { lines.append(TranscriptLine()) }
                    lines.append(senderHeader(m))
                }
                lines += listLines(prepared)
                emit(lines, id: m.id)
            case .bubbles:
                if !lines.isEmpty { emit(lines, id: nil) }
                addToBubble(prepared, startsGroup: placement.newGroup)
            }
        }
        previews.insert(id: m.id, sender: m.senderName, text: prepared.preview)
        wroteInChat = true
    }

    public func endChat(_ chat: ExportChatInfo) {
        flushBubble()
    }

    public func finish() {
        flushBubble()
        sink.flush()
    }

    /// True when the message was sent by the exporting account.
    func isOutgoing(_ m: ExportMessage) -> Bool {
        guard let owner, let from = m.fromID else { return false }
        return owner == from
    }

    /// `Alice` (bold), with the post author when there is one.
    func senderHeader(_ m: ExportMessage) -> TranscriptLine {
        var line = TranscriptLine()
        var name = m.senderName
        if let author = m.author, !author.isEmpty, author != name { name += " (\(author))" }
        line.append(text.oneLine(name, width: width, style: Style(attributes: .bold)).fragments)
        return line
    }

    /// A line with `piece` centred, between rules when `rule` is set.
    func centered(_ piece: (fragments: [LayoutFragment], width: Int), rule: Bool) -> TranscriptLine {
        var line = TranscriptLine()
        let total = piece.width + (rule ? 6 : 0)
        line.pad(to: max(0, (width - total) / 2))
        if rule { line.add("── ", cells: 3) }
        line.append(piece.fragments)
        if rule { line.add(" ──", cells: 3) }
        return line
    }

    /// Draws composed lines with a fresh emitter of the shared pipeline.
    func emit(_ lines: [TranscriptLine], id: Int64?) {
        guard !lines.isEmpty else { return }
        let laid = lines.enumerated().map { $0.element.line(y: $0.offset) }
        let layout = TextLayout(messageID: id, text: "", width: laid.map(\.width).max() ?? 0, truncated: false, lines: laid)
        let message = RenderedMessage(index: 0, message: Message(id: id, text: ""), styled: StyledText(plain: "", messageID: id), layout: layout, diagnostics: [])
        var emitter = Renderer(options: options.render).makeEmitter()
        emitter.emit(message, into: sink)
    }
}
