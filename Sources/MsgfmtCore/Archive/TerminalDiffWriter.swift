/// `msgfmt diff --to text|ansi`: a header naming both files, then per chat its title as
/// the transcript writes it and per change an `@@ added message 42 @@` line followed by
/// the message as the list transcript shows it (day, sender, time, reply, media, body),
/// each line behind a gutter: `-` for the old version, `+` for the new one. An edited
/// message shows both, its changed words marked, the leading lines they share (day,
/// sender) once behind a blank gutter, as diff -u shows context. No differences, no output.
final class TerminalDiffWriter: DiffWriter {
    /// Cells the gutter takes: the sign and a space.
    static let gutter = 2

    private let options: DiffOptions
    private let transcript: ExportOptions
    private let sink: OutputSink
    private let owner: String?
    private let scratch = OutputSink.memory(capacity: 1 << 12)

    /// Creates a writer into `sink`; `transcript` configures the transcript writer that
    /// draws each message (see `DiffOptions.transcriptOptions`).
    init(options: DiffOptions, transcript: ExportOptions, sink: OutputSink, owner: String?) {
        self.options = options
        self.transcript = transcript
        self.sink = sink
        self.owner = owner
    }

    /// The transcript writer's piece of a message: `TerminalTranscriptWriter.prepare`.
    var pieceMaker: @Sendable (TranscriptMessage) -> TerminalPieces {
        { [transcript] in TerminalTranscriptWriter.prepare($0, options: transcript) }
    }

    /// Writes the header naming both files, unless there is no difference: then, as with
    /// diff(1), nothing at all is written.
    func begin(old: String, new: String, stats: DiffStats) {
        guard stats.differences > 0 else { return }
        var bold = ANSIAttributes()
        bold.bold = true
        line("--- " + DisplaySafety.sanitize(old), bold)
        line("+++ " + DisplaySafety.sanitize(new), bold)
    }

    func beginChat(_ chat: ExportChatInfo) {
        sink.write("\n")
        let writer = TerminalTranscriptWriter(options: transcript, sink: scratch)
        writer.beginChat(chat)
        writer.finish()
        sink.write(scratch.takeBytes())
    }

    func write(
        _ change: ArchiveChange, chat: ExportChatInfo, before: DiffVersion<TerminalPieces>?, after: DiffVersion<TerminalPieces>?
    ) {
        sink.write("\n")
        var label = ANSIAttributes()
        if options.style.color { label.foreground = 36 } else { label.bold = true }
        line("@@ \(change.kind.rawValue) message \(change.id) @@", label)
        var drawn: [(lines: [[UInt8]], plain: [[UInt8]]?, side: DiffMarks.Side)] = []
        for (version, side) in [(before, DiffMarks.Side.removed), (after, .inserted)] {
            guard let version else { continue }
            let plain = version.unmarked.map { drawing($0.message, piece: $0.piece, quote: version.quote) }
            drawn.append((drawing(version.shown, piece: version.piece, quote: version.quote), plain, side))
        }
        // An edited message's leading lines that both versions draw alike (its day, its
        // sender, unchanged first lines) are context, as in diff -u: written once.
        var shared = 0
        if drawn.count == 2 {
            let (old, new) = (drawn[0].lines, drawn[1].lines)
            while shared < min(old.count, new.count) - 1, old[shared] == new[shared] { shared += 1 }
            for line in old[..<shared] { draw(line, plain: nil, sign: " ", side: .removed) }
        }
        for version in drawn {
            for k in version.lines.indices.dropFirst(shared) {
                let plain = version.plain.flatMap { $0.count == version.lines.count ? $0[k] : nil }
                draw(version.lines[k], plain: plain, sign: version.side == .removed ? "-" : "+", side: version.side)
            }
        }
    }

    /// The lines of `message` (whose piece is `piece`) as the transcript draws it on its
    /// own, its day and sender included, its reply line quoting `quote` (the message it
    /// answers): a version as shown, its changed words marked, or its `unmarked` twin, to
    /// colour the marked words against.
    private func drawing(_ message: TranscriptMessage, piece: TerminalPieces, quote: (sender: String, text: String)?) -> [[UInt8]] {
        let writer = TerminalTranscriptWriter(options: transcript, sink: scratch)
        if let owner { writer.setOwner(owner) }
        if let quote, let reply = message.message.replyTo { writer.state.rememberQuote(id: reply, sender: quote.sender, text: quote.text) }
        writer.write(message, piece: piece)
        return Self.lines(scratch.takeBytes())
    }

    func finish() {
        sink.flush()
    }

    /// Writes one drawn transcript line behind `sign` in the gutter of `side`; with `plain`
    /// (the same line drawn without marks), its marked words are coloured.
    private func draw(_ drawn: [UInt8], plain: [UInt8]?, sign: String, side: DiffMarks.Side) {
        var gutter = ANSIAttributes()
        if options.style.color, sign != " " { gutter.foreground = DiffColoring.foreground(side, theme: options.style.theme) }
        var out: [UInt8] = []
        if options.escapes { ANSIAttributes.plain.transition(to: gutter, into: &out) }
        out.append(contentsOf: sign.utf8)
        if options.escapes { gutter.transition(to: .plain, into: &out) }
        if !drawn.isEmpty {
            out.append(0x20)
            var body = drawn
            if let plain, let colored = DiffColoring.recolor(marked: drawn, plain: plain, side: side, theme: options.style.theme) {
                body = colored
            }
            out.append(contentsOf: body)
        }
        out.append(0x0A)
        sink.write(out)
    }

    /// The lines of a drawing, without the blank lines at its start.
    private static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if lines.last?.isEmpty == true { lines.removeLast() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        return lines
    }

    /// Writes one line of msgfmt's own (already display-safe) in `style` when escapes
    /// are on.
    private func line(_ text: String, _ style: ANSIAttributes) {
        var out: [UInt8] = []
        if options.escapes { ANSIAttributes.plain.transition(to: style, into: &out) }
        out.append(contentsOf: text.utf8)
        if options.escapes { style.transition(to: .plain, into: &out) }
        out.append(0x0A)
        sink.write(out)
    }
}
