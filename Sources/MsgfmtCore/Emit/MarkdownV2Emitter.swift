/// `--to markdown-v2`: each message in Telegram's MarkdownV2, followed by a newline.
public struct MarkdownV2Emitter: MessageEmitter {
    /// Creates the emitter.
    public init() {}

    public mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        sink.write(MarkdownV2Encoder.encode(message.message))
        sink.write("\n")
    }
}
