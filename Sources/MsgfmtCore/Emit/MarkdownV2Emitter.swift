/// `--to markdown-v2`: each message in Telegram's MarkdownV2, followed by a newline.
public struct MarkdownV2Emitter: ParallelEmitter {
    /// The UTF-8 source of the message being written, reused from message to message.
    private var buffer: [UInt8] = []

    /// Creates the emitter.
    public init() {}

    /// Writes `message.message`, which the pipeline has normalized, straight into `sink`.
    public mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        buffer.removeAll(keepingCapacity: true)
        Self.encode(message, into: &buffer)
        sink.write(buffer)
    }

    /// A copy for a worker thread.
    public func makeWorkerCopy() -> MarkdownV2Emitter? {
        MarkdownV2Emitter()
    }

    /// Appends the message's MarkdownV2 source and newline.
    public mutating func prepare(_ message: RenderedMessage, into out: inout [UInt8]) {
        Self.encode(message, into: &out)
    }

    /// Appends the MarkdownV2 source of `message.message` and its newline to `out`.
    private static func encode(_ message: RenderedMessage, into out: inout [UInt8]) {
        let text = message.styled.text.string == message.message.text ? message.styled.text : UTF16Text(message.message.text)
        MarkdownV2Encoder.encode(
            message.message, text: text, normalized: true, entities: message.telegramEntities, into: &out)
        out.append(0x0A)
    }
}
