extension TerminalTranscriptWriter {
    /// The lines of one message's content at `width` cells: forward and via lines, the
    /// reply quote, media placeholder, body and reactions.
    func contentLines(_ prepared: PreparedMessage, width: Int) -> [TranscriptLine] {
        let m = prepared.message
        var lines: [TranscriptLine] = []
        let meta = Style(attributes: .italic)
        if m.forwarded {
            var line = TranscriptLine()
            line.append(text.oneLine("↪ Forwarded from " + (m.forwardedFrom ?? "a hidden user"), width: width, style: meta, role: .title).fragments)
            lines.append(line)
        }
        if let bot = m.viaBot {
            var line = TranscriptLine()
            line.append(text.oneLine("via " + bot, width: width, style: meta, role: .title).fragments)
            lines.append(line)
        }
        if let reply = m.replyTo {
            var line = TranscriptLine()
            let quote: String
            if let target = previews.lookup(reply) {
                quote = "↩ \(target.sender): \(target.text)"
            } else {
                quote = "↩ In reply to message \(reply)"
            }
            line.append(text.oneLine(quote, width: width, style: meta, role: .title).fragments)
            lines.append(line)
        }
        if let media = m.media {
            for (i, piece) in text.wrapped("[\(media.summary)]", width: width, style: meta).enumerated() where i < 3 {
                var line = TranscriptLine()
                line.append(piece.fragments)
                lines.append(line)
            }
            for detail in media.details {
                var line = TranscriptLine()
                line.append(text.oneLine("  " + detail, width: width, style: meta).fragments)
                lines.append(line)
            }
        }
        if !m.body.text.isEmpty, let layout = prepared.rendered.layout {
            for body in layout.lines {
                var line = TranscriptLine()
                line.append(body)
                lines.append(line)
            }
        }
        if !m.reactions.isEmpty {
            let summary = m.reactions.map { "\($0.emoji) \($0.count)" }.joined(separator: "  ")
            var line = TranscriptLine()
            line.append(text.oneLine(summary, width: width, role: .title).fragments)
            lines.append(line)
        }
        return lines
    }

    /// `10:02` or `edited 10:02`.
    func timeLabel(_ m: ExportMessage) -> String {
        (m.edited != nil ? "edited " : "") + options.clock.time(of: m.date)
    }

    /// The list presentation of one message: a time column, then its content.
    func listLines(_ prepared: PreparedMessage) -> [TranscriptLine] {
        let m = prepared.message
        let bodyWidth = width - Self.timeColumn
        var content = contentLines(prepared, width: bodyWidth)
        if content.isEmpty {
            var empty = TranscriptLine()
            empty.ascii("(empty message)", role: .title)
            content.append(empty)
        }
        if m.edited != nil {
            if let last = content.last, last.width + 9 <= bodyWidth {
                content[content.count - 1].ascii(" (edited)", role: .title)
            } else {
                var line = TranscriptLine()
                line.ascii("(edited)", role: .title)
                content.append(line)
            }
        }
        return content.enumerated().map { i, body in
            var line = TranscriptLine()
            if i == 0 {
                line.ascii(options.clock.time(of: m.date), role: .title)
            }
            line.pad(to: Self.timeColumn)
            line.append(body.line(y: 0))
            return line
        }
    }
}
