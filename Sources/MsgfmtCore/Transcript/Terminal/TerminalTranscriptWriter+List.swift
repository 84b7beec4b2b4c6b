extension TerminalTranscriptWriter {
    /// The content lines of a message: pieces before the reply, the reply quote, the rest.
    func contentLines(_ message: TranscriptMessage, pieces: TerminalPieces) -> [TranscriptLine] {
        var lines = pieces.before
        if let reply = message.message.replyTo {
            lines.append(composer.replyLine(reply, target: state.quote(reply)))
        }
        return lines + pieces.after
    }

    /// The list presentation of one message: a time column, then its content.
    func listLines(_ message: TranscriptMessage, pieces: TerminalPieces) -> [TranscriptLine] {
        let m = message.message
        let bodyWidth = composer.contentWidth
        var content = contentLines(message, pieces: pieces)
        if content.isEmpty {
            // On two lines when the narrowest transcript leaves less room than it needs.
            let mark = "(empty message)"
            for words in mark.utf8.count <= bodyWidth ? [mark] : ["(empty", "message)"] {
                var empty = TranscriptLine()
                empty.ascii(words, role: .title)
                content.append(empty)
            }
        }
        if m.edited != nil {
            if !TerminalComposer.endsUnderPicture(content), let last = content.last, last.width + 9 <= bodyWidth {
                content[content.count - 1].ascii(" (edited)", role: .title)
            } else {
                var line = TranscriptLine()
                line.ascii("(edited)", role: .title)
                content.append(line)
            }
        }
        if message.deleted {
            if !TerminalComposer.endsUnderPicture(content), let last = content.last, last.width + 10 <= bodyWidth {
                content[content.count - 1].ascii(" (deleted)", role: .title)
            } else {
                var line = TranscriptLine()
                line.ascii("(deleted)", role: .title)
                content.append(line)
            }
        }
        return content.enumerated().map { i, body in
            var line = TranscriptLine()
            if i == 0 { line.ascii(options.clock.time(of: m.date), role: .title) }
            line.pad(to: TerminalComposer.timeColumn)
            line.append(body)
            line.link = body.link
            line.image = body.image
            line.imageColumn = TerminalComposer.timeColumn + body.imageColumn
            return line
        }
    }
}
