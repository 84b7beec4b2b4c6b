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
    /// This emitter as a `ParallelEmitter`, or nil when it is not one. Asked instead of
    /// a cast (`as? any ParallelEmitter`): a process's first such cast searches every
    /// protocol conformance in the binary, 0.3 M instructions of a one-message render.
    var asParallel: (any ParallelEmitter)? { get }
    /// How much of a message's styling the emitter shows: the renderer styles no more
    /// (`Renderer.process(_:index:line:diagnostics:scope:)`).
    var styleScope: StyleScope { get }
}

extension MessageEmitter {
    public mutating func begin(into sink: OutputSink) {}
    public mutating func beginInput(numberedFrom first: Int) {}
    public mutating func end(into sink: OutputSink) {}
    /// Nil: not a `ParallelEmitter` (which answers itself).
    public var asParallel: (any ParallelEmitter)? { nil }
    /// Every style: most emitters show them all.
    public var styleScope: StyleScope { .all }
}
