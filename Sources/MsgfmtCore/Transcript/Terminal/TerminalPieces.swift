/// The parts of a message's terminal presentation that depend on the message alone, so
/// worker threads compose them in parallel: the sender header, the lines before the reply
/// quote (forward, via bot), the lines after it (media, body, reactions) and, for service
/// messages, the centred sentence. The terminal writer's piece (see `TranscriptWriter`).
public struct TerminalPieces: Sendable {
    var header = TranscriptLine()
    var before: [TranscriptLine] = []
    var after: [TranscriptLine] = []
    var service: [TranscriptLine] = []
}
