/// `--to telegram-html`: each message in Telegram's HTML parse mode, followed by a newline.
public struct TelegramHTMLEmitter: ParallelEmitter {
    /// Creates the emitter.
    public init() {}

    public mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        sink.write(TelegramHTMLEncoder.encode(message.message))
        sink.write("\n")
    }

    /// A copy for a worker thread.
    public func makeWorkerCopy() -> TelegramHTMLEmitter? {
        TelegramHTMLEmitter()
    }

    /// Appends what `emit` writes.
    public func prepare(_ message: RenderedMessage, into out: inout [UInt8]) {
        out.append(utf8: TelegramHTMLEncoder.encode(message.message))
        out.append(0x0A)
    }
}
