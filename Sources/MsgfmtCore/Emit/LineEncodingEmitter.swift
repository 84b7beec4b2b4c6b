/// An emitter that writes each message as one line made by a pure function of the
/// message (`--to bot-api`, `--to telegram-html`): it keeps no state, so every worker
/// thread gets a fresh one and `emit` and `prepare` write the same bytes.
public protocol LineEncodingEmitter: ParallelEmitter {
    /// Creates the emitter.
    init()
    /// The message's line, without its newline.
    static func line(for message: Message) -> String
    /// The line of a rendered message, without its newline: `line(for:)` of its message
    /// unless the emitter reads what the renderer chose for it.
    static func line(for rendered: RenderedMessage) -> String
}

extension LineEncodingEmitter {
    /// The line of the rendered message's message.
    public static func line(for rendered: RenderedMessage) -> String {
        line(for: rendered.message)
    }

    /// Writes the message's line and a newline.
    public mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        sink.write(Self.line(for: message))
        sink.write("\n")
    }

    /// A fresh emitter: there is no state to share.
    public func makeWorkerCopy() -> Self? {
        Self()
    }

    /// Appends what `emit` writes.
    public func prepare(_ message: RenderedMessage, into out: inout [UInt8]) {
        out.append(utf8: Self.line(for: message))
        out.append(0x0A)
    }
}
