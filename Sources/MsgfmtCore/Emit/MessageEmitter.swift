/// Writes rendered messages in one output format.
public protocol MessageEmitter {
    /// Called once before the first message (headers, page prologue).
    mutating func begin(into sink: OutputSink)
    /// Called before each input's messages: `first` is how many messages the inputs
    /// before it held, so that what numbers a message by its `index` within its input
    /// (ANSI hyperlink ids) stays unique across the output.
    mutating func beginInput(numberedFrom first: Int)
    /// Writes one message.
    mutating func emit(_ message: RenderedMessage, into sink: OutputSink)
    /// Called once after the last message (page epilogue).
    mutating func end(into sink: OutputSink)
}

extension MessageEmitter {
    public mutating func begin(into sink: OutputSink) {}
    public mutating func beginInput(numberedFrom first: Int) {}
    public mutating func end(into sink: OutputSink) {}
}
