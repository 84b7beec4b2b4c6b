/// `--to telegram-html`: each message in Telegram's HTML parse mode, followed by a newline.
public struct TelegramHTMLEmitter: MessageEmitter {
    /// Creates the emitter.
    public init() {}

    public mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        sink.write(TelegramHTMLEncoder.encode(message.message))
        sink.write("\n")
    }
}
