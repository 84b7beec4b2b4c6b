/// The raw JSON Lines of one `render --jobs` batch, copied one after another into one
/// block that the batch owns: the calling thread appends them while it fills the batch,
/// the worker threads only read them once it has started.
///
/// Read through a raw pointer rather than an array, so a worker reading a line takes no
/// reference that the other threads' reads would have to count too (a reference count
/// written from several cores moves its cache line back and forth with every line).
final class BatchLines: @unchecked Sendable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// The bytes appended so far.
    private(set) var count = 0

    /// An empty block with room for `capacity` bytes to begin with.
    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// Appends `line` and gives where it lies.
    func append(_ line: ArraySlice<UInt8>) -> Range<Int> {
        let start = count
        if count + line.count > capacity {
            var grown = capacity * 2
            while grown < count + line.count { grown *= 2 }
            let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            moved.initialize(from: base, count: count)
            base.deallocate()
            base = moved
            capacity = grown
        }
        line.withUnsafeBufferPointer { bytes in
            if let from = bytes.baseAddress { (base + count).initialize(from: from, count: bytes.count) }
        }
        count += line.count
        return start..<count
    }

    /// The bytes of `range` (from `append`), valid while the block lives and nothing is
    /// appended.
    func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// Where the bytes begin, valid while the block lives and nothing is appended: what
    /// the workers read lines through, so they take no reference to the block per line.
    var start: UnsafePointer<UInt8> { UnsafePointer(base) }

    /// Empties the block, keeping its room.
    func removeAll() {
        count = 0
    }

    deinit {
        base.deallocate()
    }
}
