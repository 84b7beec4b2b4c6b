/// An emitter that writes each message as one line made by a pure function of the
/// message (`--to bot-api`, `--to telegram-html`): it keeps no state, so every worker
/// thread gets a fresh one and `emit` and `prepare` write the same bytes.
public protocol LineEncodingEmitter: ParallelEmitter {
    /// Creates the emitter.
    init()
    /// The message's line, without its newline.
    static func line(for message: Message) -> String
}

extension LineEncodingEmitter {
    /// Writes the message's line and a newline.
    public mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        sink.write(Self.line(for: message.message))
        sink.write("\n")
    }

    /// A fresh emitter: there is no state to share.
    public func makeWorkerCopy() -> Self? {
        Self()
    }

    /// Appends what `emit` writes.
    public func prepare(_ message: RenderedMessage, into out: inout [UInt8]) {
        out.append(utf8: Self.line(for: message.message))
        out.append(0x0A)
    }
}
