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
    /// this one's output cannot be made a message at a time (a stacked picture, drawn
    /// whole at the end).
    func makeWorkerCopy() -> Self?
    /// Appends the bytes of `message` that do not depend on its place in the output.
    mutating func prepare(_ message: RenderedMessage, into out: inout [UInt8])
    /// `prepare`, handing `out` to `drain` after each stretch of a long message's lines
    /// (`RenderedMessage.pieces`); `drain` writes the bytes and empties `out`, so such a
    /// message's output is never held whole.
    mutating func prepare(_ message: RenderedMessage, into out: inout [UInt8], drain: (inout [UInt8]) -> Void)
    /// Writes `prepared`, the bytes `prepare` made for the next message in input order.
    mutating func emit(prepared: UnsafeBufferPointer<UInt8>, into sink: OutputSink)
    /// How many messages a batch of `render --jobs` holds: two batches of prepared bytes
    /// are in memory at once, so an emitter preparing large bytes (whole pictures) asks
    /// for small batches.
    var messagesPerBatch: Int { get }
}

extension ParallelEmitter {
    /// Batches of `RenderBatches.defaultBatchSize`.
    public var messagesPerBatch: Int { RenderBatches.defaultBatchSize }

    /// Itself.
    public var asParallel: (any ParallelEmitter)? { self }

    /// Writes `prepared` as it is.
    public mutating func emit(prepared: UnsafeBufferPointer<UInt8>, into sink: OutputSink) {
        sink.write(prepared)
    }

    /// `prepare(_:into:)` at once, for emitters that lay out no message in stretches.
    public mutating func prepare(_ message: RenderedMessage, into out: inout [UInt8], drain: (inout [UInt8]) -> Void) {
        prepare(message, into: &out)
    }
}

/// A parallel emitter that prepares each message into a buffer of its own, reused from
/// message to message.
protocol BufferedEmitter: ParallelEmitter {
    /// The bytes of the message being written.
    var buffer: [UInt8] { get set }
}

extension BufferedEmitter {
    /// `emit(_:into:)` as `prepare` into `buffer`, then `emit(prepared:into:)`. The buffer
    /// is taken out of `self` while it is written: one still shared with `self` would be
    /// copied by its first append.
    mutating func emitThroughBuffer(_ message: RenderedMessage, into sink: OutputSink) {
        var out: [UInt8] = []
        swap(&out, &buffer)
        defer { swap(&out, &buffer) }
        out.removeAll(keepingCapacity: true)
        guard message.pieces != nil else {
            prepare(message, into: &out)
            out.withUnsafeBufferPointer { emit(prepared: $0, into: sink) }
            return
        }
        // A long message written a stretch at a time: `emit(prepared:into:)` of no bytes
        // puts what goes between messages first.
        emit(prepared: UnsafeBufferPointer(start: nil, count: 0), into: sink)
        prepare(message, into: &out) { bytes in
            sink.write(bytes)
            bytes.removeAll(keepingCapacity: true)
        }
        sink.write(out)
    }
}
