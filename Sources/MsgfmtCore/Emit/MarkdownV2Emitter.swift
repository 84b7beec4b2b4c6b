/// `--to markdown-v2`: each message in Telegram's MarkdownV2, followed by a newline.
public struct MarkdownV2Emitter: MessageEmitter {
    /// The UTF-16 source of the message being written, reused from message to message.
    private var buffer: [UInt16] = []

    /// Creates the emitter.
    public init() {}

    /// Writes `message.message`, which the pipeline has normalized, straight into `sink`.
    public mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        let text = message.styled.text.string == message.message.text ? message.styled.text : UTF16Text(message.message.text)
        buffer.removeAll(keepingCapacity: true)
        MarkdownV2Encoder.encode(message.message, text: text, normalized: true, into: &buffer)
        buffer.append(0x0A)
        sink.write(utf16: buffer)
    }
}
