import Dispatch

/// A piece of the terminal transcript composed in order on the writer's thread but not yet
/// drawn: drawing (bubble boxes, the shared emitter) is most of the writer's work and
/// depends on the piece alone, so worker threads draw the pieces of a batch in parallel
/// and the writer writes the bytes in order.
enum TerminalOutput: Sendable {
    /// Composed lines; `body` is the styled text of the message whose laid-out lines are
    /// among them.
    case lines([TranscriptLine], body: StyledText?)
    /// A finished bubble group, boxed when drawn.
    case bubble(BubbleGroup)

    /// Draws the piece with `emitter` into `out` (`width`: the transcript width).
    func draw(with emitter: TerminalLineEmitter, width: Int, into out: inout [UInt8]) {
        switch self {
        case .lines(let lines, let body):
            emitter.append(lines, body: body, into: &out)
        case .bubble(let group):
            for piece in group.box(width: width) {
                emitter.append(piece.lines, body: piece.body, into: &out)
            }
        }
    }

    /// Draws `pieces` on `options.jobs` threads (one for a few: `ParallelLanes.lanes`), each
    /// with an emitter of its own, which claim them one at a time (so threads that are free
    /// take over the pieces of threads that are busy), and returns each one's bytes, in order.
    static func drawAll(_ pieces: consuming [TerminalOutput], options: ExportOptions, width: Int) -> [[UInt8]] {
        let threads = ParallelLanes.lanes(items: pieces.count, jobs: options.jobs)
        let drawn = OrderedSlots<TerminalOutput, [UInt8]>(consume pieces)
        ParallelLanes.perform(threads) { _ in
            let emitter = TerminalLineEmitter(options: options.render)
            var scratch: [UInt8] = []
            scratch.reserveCapacity(1 << 12)
            drawn.fill { _, piece in
                scratch.removeAll(keepingCapacity: true)
                piece.draw(with: emitter, width: width, into: &scratch)
                return Array(scratch)
            }
        }
        return drawn.take()
    }
}
