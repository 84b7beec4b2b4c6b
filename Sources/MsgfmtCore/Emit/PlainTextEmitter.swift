/// `--to text`: laid-out lines, no escapes, one blank line between messages.
public struct PlainTextEmitter: MessageEmitter {
    private var count = 0
    private let options: StyleOptions

    /// Creates the emitter.
    public init(options: StyleOptions) {
        self.options = options
    }

    public mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        if count > 0 { sink.write("\n") }
        count += 1
        for line in message.layout?.lines ?? [] {
            var text = String(repeating: " ", count: line.x)
            for fragment in line.fragments {
                text += fragment.display
            }
            sink.write(text)
            sink.write("\n")
        }
    }
}
