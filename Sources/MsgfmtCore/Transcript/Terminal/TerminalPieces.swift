/// The parts of a message's terminal presentation that depend on the message alone, so
/// worker threads compose them in parallel: the sender header, the lines before the reply
/// quote (forward, via bot), the lines after it (media, body, reactions) and, for service
/// messages, the centred sentence.
struct TerminalPieces: Sendable {
    var header = TranscriptLine()
    var before: [TranscriptLine] = []
    var after: [TranscriptLine] = []
    var service: [TranscriptLine] = []
}

extension TranscriptMessage {
    /// Composes the terminal pieces now (on a worker thread).
    mutating func composeTerminalPieces(options: ExportOptions) {
        terminal = TerminalComposer(options: options).pieces(self)
    }
}
