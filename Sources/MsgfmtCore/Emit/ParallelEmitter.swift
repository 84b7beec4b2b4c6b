/// An emitter that can write a message's bytes on any thread: what it writes for one
/// message depends on that message alone, apart from what `emit(prepared:into:)` adds in
/// input order (a separator between messages).
///
/// `render --jobs N` has each worker thread prepare the messages it laid out into a buffer
/// of its own, reused from batch to batch; the ordered writer then only copies each
/// message's bytes out. `emit(_:into:)` is `prepare` followed by `emit(prepared:into:)`,
/// so both paths write the same bytes.
public protocol ParallelEmitter: MessageEmitter {
    /// An emitter for one worker thread, sharing nothing mutable with this one; nil when
    /// this one's output depends on the messages before (ANSI hyperlink numbers).
    func makeWorkerCopy() -> Self?
    /// Appends the bytes of `message` that do not depend on its place in the output.
    mutating func prepare(_ message: RenderedMessage, into out: inout [UInt8])
    /// Writes `prepared`, the bytes `prepare` made for the next message in input order.
    mutating func emit(prepared: UnsafeBufferPointer<UInt8>, into sink: OutputSink)
}

extension ParallelEmitter {
    /// Writes `prepared` as it is.
    public mutating func emit(prepared: UnsafeBufferPointer<UInt8>, into sink: OutputSink) {
        sink.write(prepared)
    }
}
