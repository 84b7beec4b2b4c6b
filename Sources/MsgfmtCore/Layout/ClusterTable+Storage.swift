#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ClusterTable {
    /// The memory of a table's per-cluster columns, in one allocation: each cluster's end,
    /// width, running width, run index, kind and break flag, with room for `capacity`
    /// clusters (a text has at most one per unit).
    ///
    /// Six arrays were six allocations and six frees for every message laid out, about
    /// 1 500 instructions a message in the allocator and reference counting; the walk
    /// (`FusedSegmenter.segment(_:into:recordBreaks:breaks:)`) writes into these columns
    /// as it wrote into the arrays. The table frees the memory when it goes.
    struct Storage {
        let capacity: Int
        let ends: UnsafeMutablePointer<Int>
        let widths: UnsafeMutablePointer<Int>
        /// `capacity + 1` running sums.
        let cumulativeWidths: UnsafeMutablePointer<Int>
        let styles: UnsafeMutablePointer<Int32>
        let kinds: UnsafeMutablePointer<ClusterKind>
        let breakAfter: UnsafeMutablePointer<Bool>

        /// Columns for `capacity` clusters, not initialized (the kinds neither).
        init(capacity: Int) {
            self.capacity = capacity
            let words = 3 &* capacity &+ 1
            // The 8-byte columns first, then the 4-byte one, then the two 1-byte ones.
            let bytes = words &* 8 &+ capacity &* 6
            // `malloc`, not `UnsafeMutableRawPointer.allocate`: the standard library asks the
            // runtime for its aligned path whatever the alignment (`posix_memalign`, four
            // times the cost here); malloc's blocks are aligned for any of the columns.
            guard let base = malloc(bytes) else { fatalError("out of memory for \(capacity) clusters") }
            ends = base.bindMemory(to: Int.self, capacity: words)
            widths = ends + capacity
            cumulativeWidths = widths + capacity
            styles = (base + words &* 8).bindMemory(to: Int32.self, capacity: capacity)
            kinds = (base + (words &* 8 &+ capacity &* 4)).bindMemory(to: ClusterKind.self, capacity: capacity)
            breakAfter = (base + (words &* 8 &+ capacity &* 5)).bindMemory(to: Bool.self, capacity: capacity)
        }

        /// Frees the columns (the table's `deinit`).
        func deallocate() {
            free(ends)
        }

        /// The walk's output over these columns, their kinds set to `.text` first (the walk
        /// writes only the others).
        func output(count units: Int, model: WidthModel, tabWidth: Int) -> FusedSegmenter.Output {
            kinds.initialize(repeating: .text, count: units)
            return FusedSegmenter.Output(
                ends: ends, widths: widths, breakAfter: breakAfter, kinds: kinds, model: model, tabWidth: tabWidth)
        }
    }
}

extension UnsafeBufferPointer {
    /// Calls `body` with the buffer itself: the cluster table's columns are buffers, read
    /// by code written for arrays.
    @inline(__always)
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(self)
    }
}
