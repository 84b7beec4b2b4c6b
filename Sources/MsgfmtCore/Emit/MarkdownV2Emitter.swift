/// `--to markdown-v2`: each message in Telegram's MarkdownV2, followed by a newline.
public struct MarkdownV2Emitter: ParallelEmitter {
    /// The UTF-16 source of the message being written, reused from message to message.
    private var buffer: [UInt16] = []

    /// Creates the emitter.
    public init() {}

    /// Writes `message.message`, which the pipeline has normalized, straight into `sink`.
    public mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        encode(message)
        sink.write(utf16: buffer)
    }

    /// A copy for a worker thread.
    public func makeWorkerCopy() -> MarkdownV2Emitter? {
        MarkdownV2Emitter()
    }

    /// Appends the message's MarkdownV2 source and newline as UTF-8.
    public mutating func prepare(_ message: RenderedMessage, into out: inout [UInt8]) {
        encode(message)
        buffer.withUnsafeBufferPointer { units in
            // At most 3 bytes per unit: a surrogate pair is 2 units for 4 bytes.
            let room = units.count * 3
            out.appendBytes(upTo: room) { UTF16Text.encodeUTF8(units, into: UnsafeMutableBufferPointer(start: $0, count: room)) }
        }
    }

    /// Encodes `message.message` and its newline into `buffer`, as UTF-16.
    private mutating func encode(_ message: RenderedMessage) {
        let text = message.styled.text.string == message.message.text ? message.styled.text : UTF16Text(message.message.text)
        buffer.removeAll(keepingCapacity: true)
        MarkdownV2Encoder.encode(message.message, text: text, normalized: true, into: &buffer)
        buffer.append(0x0A)
    }
}
