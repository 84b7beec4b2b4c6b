/// Writes rendered messages in one output format.
public protocol MessageEmitter {
    /// Called once before the first message (headers, page prologue).
    mutating func begin(into sink: OutputSink)
    /// Writes one message.
    mutating func emit(_ message: RenderedMessage, into sink: OutputSink)
    /// Called once after the last message (page epilogue).
    mutating func end(into sink: OutputSink)
}

extension MessageEmitter {
    public mutating func begin(into sink: OutputSink) {}
    public mutating func end(into sink: OutputSink) {}
}
