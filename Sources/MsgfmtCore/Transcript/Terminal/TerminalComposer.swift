/// Composes the decorations of the terminal transcript (headers, quotes, placeholders,
/// times) as lines of fragments laid out by the shared layout engine.
struct TerminalComposer: Sendable {
    let options: ExportOptions
    let width: Int
    let text: TranscriptText

    /// Time column of the list presentation: `HH:MM` and two spaces.
    static let timeColumn = 7

    init(options: ExportOptions) {
        self.options = options
        self.width = max(TerminalTranscriptWriter.minimumWidth, options.width)
        self.text = TranscriptText(constraints: options.render.layout)
    }

    /// Width available to message content in the chosen presentation.
    var contentWidth: Int {
        options.style == .list ? width - Self.timeColumn : BubbleGroup.maxWidth(in: width) - 4
    }

    /// The parts of `message`'s presentation that depend on it alone.
    func pieces(_ message: TranscriptMessage) -> TerminalPieces {
        let m = message.message
        var p = TerminalPieces()
        if m.isService {
            let sentence = ServiceSentence.sentence(for: m) + " · " + options.clock.time(of: m.date)
            p.service = text.wrapped(sentence, width: width - 4, style: Style(attributes: .italic)).map { centered($0, rule: false) }
            return p
        }
        p.header = senderHeader(m)
        let w = contentWidth
        let meta = Style(attributes: .italic)
        if m.forwarded {
            p.before.append(
                line(text.oneLine("↪ Forwarded from " + (m.forwardedFrom ?? "a hidden user"), width: w, style: meta, role: .title)))
        }
        if let bot = m.viaBot {
            p.before.append(line(text.oneLine("via " + bot, width: w, style: meta, role: .title)))
        }
        if let media = message.shownMedia {
            let link = message.media.flatMap { $0.available ? $0.path : nil }.map(MediaPath.fileURL)
            for (i, piece) in text.wrapped("[\(media.summary)]", width: w, style: meta).enumerated() where i < 3 {
                var l = line(piece)
                l.link = link
                p.after.append(l)
            }
            for detail in media.details {
                p.after.append(line(text.oneLine("  " + detail, width: w, style: meta)))
            }
            if let image = message.media?.terminalImage, image.columns <= w {
                // Blank lines the picture is drawn over once they are on the screen.
                var first = TranscriptLine()
                first.image = image
                p.after.append(first)
                p.after += repeatElement(TranscriptLine(), count: image.rows - 1)
            }
        }
        if !m.body.text.isEmpty, let layout = message.rendered.layout {
            // Each line made where it is kept, from the laid-out line read in place: no copy
            // of either (each would retain what its fragments hold).
            p.after.reserveCapacity(p.after.count + layout.lines.count + 1)
            for k in layout.lines.indices {
                p.after.append(TranscriptLine())
                p.after[p.after.count - 1].append(layout.lines[k])
            }
        }
        if !m.reactions.isEmpty {
            let summary = ExportReaction.summary(of: m.reactions, separator: "  ")
            p.after.append(line(text.oneLine(summary, width: w, role: .title)))
        }
        return p
    }

    /// True when the last of `lines` is one a picture is drawn over, so nothing may be
    /// added to its end.
    static func endsUnderPicture(_ lines: [TranscriptLine]) -> Bool {
        guard let start = lines.lastIndex(where: { $0.image != nil }), let image = lines[start].image else { return false }
        return lines.count - 1 < start + image.rows
    }

    /// The reply quote line: `↩ Bob: first line…`, cut to one line by the layout engine.
    func replyLine(_ reply: Int64, target: (sender: String, text: String)?) -> TranscriptLine {
        let quote = target.map { "↩ \($0.sender): \($0.text)" } ?? "↩ In reply to message \(reply)"
        return line(text.oneLine(quote, width: contentWidth, style: Style(attributes: .italic), role: .title))
    }

    /// `Alice` (bold), with the post author when there is one; cut to the transcript's
    /// width in the list, to the box's content in a bubble.
    func senderHeader(_ m: ExportMessage) -> TranscriptLine {
        let room = options.style == .list ? width : contentWidth
        return line(text.oneLine(m.senderWithAuthor, width: room, style: Style(attributes: .bold)))
    }

    /// The day header: `── 5 March 2023 ──`, centred.
    func dayHeader(_ day: Int64) -> TranscriptLine {
        centered(text.oneLine(ExportClock.dayTitle(day), width: width - 6, style: Style(attributes: .bold)), rule: true)
    }

    /// A line with `piece` centred, between rules when `rule` is set.
    func centered(_ piece: (fragments: [LayoutFragment], width: Int), rule: Bool) -> TranscriptLine {
        var l = TranscriptLine()
        let total = piece.width + (rule ? 6 : 0)
        l.pad(to: max(0, (width - total) / 2))
        if rule { l.add("── ", cells: 3) }
        l.append(piece.fragments)
        if rule { l.add(" ──", cells: 3) }
        return l
    }

    /// `10:02` or `edited 10:02` on `clock`, after `deleted ` for a message a merge marks
    /// deleted (`--deleted mark`): the time a bubble shows in its corner.
    static func timeLabel(_ m: ExportMessage, clock: ExportClock, deleted: Bool = false) -> String {
        (deleted ? "deleted " : "") + (m.edited != nil ? "edited " : "") + clock.time(of: m.date)
    }

    /// A line holding `piece`'s fragments, from the left.
    func line(_ piece: (fragments: [LayoutFragment], width: Int)) -> TranscriptLine {
        var l = TranscriptLine()
        l.append(piece.fragments)
        return l
    }
}
