import Dispatch

/// A piece of the terminal transcript composed in order on the writer's thread but not yet
/// drawn: drawing (bubble boxes, the shared emitter) is most of the writer's work and
/// depends on the piece alone, so worker threads draw the pieces of a batch in parallel
/// and the writer writes the bytes in order.
enum TerminalOutput: Sendable {
    /// Composed lines; `body` is the message whose laid-out lines are among them.
    case lines([TranscriptLine], body: RenderedMessage?)
    /// A finished bubble group, boxed when drawn.
    case bubble(BubbleGroup)

    /// Draws the piece into `sink` (`width`: the transcript width).
    func draw(options: ExportOptions, width: Int, into sink: OutputSink) {
        switch self {
        case .lines(let lines, let body):
            Self.emit(lines, body: body, options: options, into: sink)
        case .bubble(let group):
            for piece in group.box(width: width) {
                Self.emit(piece.lines, body: piece.body, options: options, into: sink)
            }
        }
    }

    /// Draws composed lines with a fresh emitter of the shared pipeline. Decoration
    /// fragments have empty source ranges and no links; `body`'s styled text gives the
    /// emitter the link spans of the laid-out body lines.
    static func emit(_ lines: [TranscriptLine], body: RenderedMessage?, options: ExportOptions, into sink: OutputSink) {
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

    /// Draws `pieces` on `options.jobs` threads, which claim them one at a time (so threads
    /// that are free take over the pieces of threads that are busy), and returns each
    /// one's bytes, in order.
    static func drawAll(_ pieces: [TerminalOutput], options: ExportOptions, width: Int) -> [[UInt8]] {
        let drawn = OrderedSlots<[UInt8]>(count: pieces.count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(options.jobs, pieces.count))) { _ in
            drawn.fill { k in
                let sink = OutputSink.memory(capacity: 1 << 12)
                pieces[k].draw(options: options, width: width, into: sink)
                return sink.takeBytes()
            }
        }
        return drawn.take()
    }
}
