/// One byte buffer per thread of a `render --jobs` run, into which each thread prepares
/// the output of the messages it processed (`ParallelEmitter.prepare`). A thread touches
/// only its own buffer until the batch is finished; the buffers are then read in input
/// order, emptied and reused for a later batch, keeping their capacity.
final class PreparedBuffers: @unchecked Sendable {
    /// The buffers, `count` of them.
    let base: UnsafeMutablePointer<[UInt8]>
    let count: Int

    /// Creates `count` empty buffers.
    init(count: Int) {
        self.count = count
        base = .allocate(capacity: count)
        base.initialize(repeating: [], count: count)
    }

    /// Empties every buffer, keeping its storage up to `keptCapacity` bytes: one batch of
    /// large outputs (a tall picture) does not hold its memory for the rest of the run.
    func removeAll() {
        for i in 0..<count { base[i].removeAll(keepingCapacity: base[i].capacity <= Self.keptCapacity) }
    }

    /// The most storage a buffer keeps from batch to batch, in bytes.
    static let keptCapacity = 1 << 20

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
