/// Stages 1 and 2 of layout: the message's grapheme clusters, each with its width, kind,
/// style and whether a line may break after it (UAX #14).
///
/// Everything after this stage works on cluster indices and these arrays, never on
/// strings. Each block is segmented on its own, so block boundaries are cluster boundaries
/// even when a cluster of the whole text straddles one.
/// A class, so the many stages that read it share one instance without copying.
final class ClusterTable {
    /// How layout treats a cluster.
    typealias Kind = ClusterKind

    /// The message text.
    let text: UTF16Text
    /// The styled runs, sorted; `styles` indexes into them.
    let runs: [StyledRun]
    /// The number of clusters.
    let count: Int
    /// True when some cluster is a tab (lines without one are as wide as their clusters).
    let hasTabs: Bool
    /// True when some cluster is a tab or an unsafe control: without one, every cluster
    /// of a run is drawn as it is and only style and level end a fragment.
    let hasTabsOrUnsafe: Bool
    /// The width counted for each tab.
    let tabWidth: Int
    /// The memory of the columns below (`Storage`): they are read only while the table is
    /// alive, through it.
    private let storage: Storage

    /// End offset (UTF-16) of each cluster.
    var ends: UnsafeBufferPointer<Int> { UnsafeBufferPointer(start: storage.ends, count: count) }
    /// Width of each cluster; tabs count the full tab width (an upper bound).
    var widths: UnsafeBufferPointer<Int> { UnsafeBufferPointer(start: storage.widths, count: count) }
    /// The width of clusters `0..<i` at `i`, for every `i` up to `count`: the width of any
    /// range of clusters in two reads (`width(_:)`).
    var cumulativeWidths: UnsafeBufferPointer<Int> { UnsafeBufferPointer(start: storage.cumulativeWidths, count: count &+ 1) }
    /// Kind of each cluster.
    var kinds: UnsafeBufferPointer<Kind> { UnsafeBufferPointer(start: storage.kinds, count: count) }
    /// True when UAX #14 allows a break after the cluster.
    var breakAfter: UnsafeBufferPointer<Bool> { UnsafeBufferPointer(start: storage.breakAfter, count: count) }
    /// Index into `runs` of the run holding each cluster's first unit, or -1.
    var styles: UnsafeBufferPointer<Int32> { UnsafeBufferPointer(start: storage.styles, count: count) }

    /// The per-cluster columns of ICU's path.
    private struct Columns {
        var ends: [Int]
        var widths: [Int]
        var kinds: [Kind]
        var breakAfter: [Bool]
        /// The kinds that occur, one bit each (`1 << rawValue`), noted as they are set.
        var kindsSeen: UInt8
    }

    /// Segments, measures and classifies every cluster of `text`. O(n).
    ///
    /// Cell widths come from `FusedSegmenter`'s one walk, written straight into the table's
    /// columns, when it decides the text and every block starts on one of its cluster
    /// boundaries; otherwise (other measurers, SA scripts, conjuncts, a cluster cut by a
    /// block) from ICU's grapheme and line-break iterators and the measurer, which give the
    /// same answer where both apply.
    init<M: TextMeasurer>(text: UTF16Text, runs: [StyledRun], blockStarts: [Int], tabWidth: Int, measurer: M) {
        self.text = text
        self.tabWidth = tabWidth
        // Runs usually come in order already; sorting (stable either way) is then skipped.
        var inOrder = true
        for k in runs.indices.dropFirst() where runs[k].range.lowerBound < runs[k - 1].range.lowerBound {
            inOrder = false
            break
        }
        let sortedRuns = inOrder ? runs : runs.sorted { $0.range.lowerBound < $1.range.lowerBound }
        self.runs = sortedRuns
        var storage = Storage(capacity: text.units.count)
        let count: Int
        let kindsSeen: UInt8
        if let fused = Self.fusedColumns(text, blockStarts: blockStarts, tabWidth: tabWidth, measurer: measurer, into: storage) {
            (count, kindsSeen) = fused
        } else {
            let columns = Self.icuColumns(text, blockStarts: blockStarts, tabWidth: tabWidth, measurer: measurer)
            count = columns.ends.count
            kindsSeen = columns.kindsSeen
            if count > storage.capacity {
                storage.deallocate()
                storage = Storage(capacity: count)
            }
            storage.ends.initialize(from: columns.ends, count: count)
            storage.widths.initialize(from: columns.widths, count: count)
            storage.kinds.initialize(from: columns.kinds, count: count)
            storage.breakAfter.initialize(from: columns.breakAfter, count: count)
        }
        Self.cumulate(storage.widths, count: count, into: storage.cumulativeWidths)
        Self.findStyles(storage.ends, count: count, runs: sortedRuns, into: storage.styles)
        self.storage = storage
        self.count = count
        hasTabs = kindsSeen & (1 << Kind.tab.rawValue) != 0
        hasTabsOrUnsafe = kindsSeen & (1 << Kind.tab.rawValue | 1 << Kind.unsafe.rawValue) != 0
    }

    deinit {
        storage.deallocate()
    }

    /// The number of clusters and the kinds seen from one `FusedSegmenter` walk written
    /// into `storage`, or nil when it does not decide the text, a block starts inside one
    /// of its clusters or `measurer` is not a `CellMeasurer`.
    private static func fusedColumns<M: TextMeasurer>(
        _ text: UTF16Text, blockStarts: [Int], tabWidth: Int, measurer: M, into storage: Storage
    ) -> (count: Int, kindsSeen: UInt8)? {
        let units = text.units
        guard !units.isEmpty, let model = (measurer as? CellMeasurer)?.model else { return nil }
        var out = storage.output(count: units.count, model: model, tabWidth: tabWidth)
        var breaks: [LineBreak] = []
        guard FusedSegmenter.segment(units, into: &out, breaks: &breaks),
            startsOnBoundaries(blockStarts, of: UnsafeBufferPointer(start: storage.ends, count: out.count), count: units.count)
        else { return nil }
        return (out.count, out.kindsSeen)
    }

    /// The columns from ICU's grapheme and line-break iterators and `measurer`.
    private static func icuColumns<M: TextMeasurer>(
        _ text: UTF16Text, blockStarts: [Int], tabWidth: Int, measurer: M
    ) -> Columns {
        let units = text.units
        let n = units.count
        let ends = n == 0 ? [] : Self.splitting(GraphemeSegmenter.boundaries(in: text), at: blockStarts, text: text)
        let count = ends.count
        var widths = [Int](repeating: 0, count: count)
        var kinds = [Kind](repeating: .text, count: count)
        var breakAfter = [Bool](repeating: false, count: count)
        // The cell measurer's answer for common single units is known here without a call.
        let cells = M.self == CellMeasurer.self
        var kindsSeen: UInt8 = 0
        units.withUnsafeBufferPointer { u in
            ends.withUnsafeBufferPointer { e in
                widths.withUnsafeMutableBufferPointer { w in
                    kinds.withUnsafeMutableBufferPointer { k in
                        var start = 0
                        for c in 0..<count {
                            let end = e[c]
                            if cells, end &- start == 1, let fast = Self.commonUnit(u[start]) {
                                k[c] = fast.kind
                                w[c] = fast.width
                                kindsSeen |= 1 << fast.kind.rawValue
                            } else {
                                let kind = Kind.of(u, start, end)
                                k[c] = kind
                                kindsSeen |= 1 << kind.rawValue
                                switch kind {
                                case .newline: w[c] = 0
                                case .tab: w[c] = tabWidth
                                case .text, .space, .unsafe:
                                    w[c] = max(0, min(measurer.width(of: start..<end, in: text), 1 << 20))
                                }
                            }
                            start = end
                        }
                    }
                }
            }
        }
        if n > 0 {
            let breaks = LineBreaker.breaks(in: text)
            breaks.withUnsafeBufferPointer { b in
                ends.withUnsafeBufferPointer { e in
                    breakAfter.withUnsafeMutableBufferPointer { out in
                        var cluster = 0
                        for opportunity in b {
                            while cluster < count, e[cluster] < opportunity.offset { cluster &+= 1 }
                            // An opportunity inside a cluster (a space followed by a combining mark,
                            // which UAX #14 lets begin the next word) moves to the cluster's end:
                            // lines never split a grapheme cluster.
                            if cluster < count { out[cluster] = true }
                        }
                    }
                }
            }
        }
        return Columns(ends: ends, widths: widths, kinds: kinds, breakAfter: breakAfter, kindsSeen: kindsSeen)
    }

    /// Writes, for each of the `count` clusters ending at `e`, the index into the sorted
    /// `runs` of the run holding its first unit, or -1, to `st`.
    private static func findStyles(_ e: UnsafePointer<Int>, count: Int, runs: [StyledRun], into st: UnsafeMutablePointer<Int32>) {
        // The runs' ranges read in place (a run's style is never copied).
        runs.withUnsafeBufferPointer { runs in
            // Run by run (they are in order and do not overlap): the clusters starting
            // before it have none, those starting inside it have it.
            var start = 0
            var c = 0
            for run in 0..<runs.count where runs[run].range.upperBound > start {
                let lower = runs[run].range.lowerBound
                let upper = runs[run].range.upperBound
                while c < count, start < lower {
                    st[c] = -1
                    start = e[c]
                    c &+= 1
                }
                let index = Int32(truncatingIfNeeded: run)
                while c < count, start < upper {
                    st[c] = index
                    start = e[c]
                    c &+= 1
                }
            }
            while c < count {
                st[c] = -1
                c &+= 1
            }
        }
    }

    private init(copying table: ClusterTable, tabWidth: Int) {
        text = table.text
        runs = table.runs
        hasTabs = table.hasTabs
        hasTabsOrUnsafe = table.hasTabsOrUnsafe
        self.tabWidth = tabWidth
        let count = table.count
        let storage = Storage(capacity: count)
        let from = table.storage
        storage.ends.initialize(from: from.ends, count: count)
        storage.kinds.initialize(from: from.kinds, count: count)
        storage.breakAfter.initialize(from: from.breakAfter, count: count)
        storage.styles.initialize(from: from.styles, count: count)
        for i in 0..<count {
            storage.widths[i] = from.kinds[i] == .tab ? tabWidth : from.widths[i]
        }
        Self.cumulate(storage.widths, count: count, into: storage.cumulativeWidths)
        self.storage = storage
        self.count = count
    }

    /// Writes the running sums of the `count` widths at `w`, from 0, to `out` (one more
    /// than there are widths).
    private static func cumulate(_ w: UnsafePointer<Int>, count: Int, into out: UnsafeMutablePointer<Int>) {
        var sum = 0
        out[0] = 0
        for i in 0..<count {
            sum &+= w[i]
            out[i &+ 1] = sum
        }
    }

    /// This table with tabs counted `tabWidth` wide (itself when they already are). O(n).
    func withTabWidth(_ tabWidth: Int) -> ClusterTable {
        tabWidth == self.tabWidth ? self : ClusterTable(copying: self, tabWidth: tabWidth)
    }

    /// Start offset (UTF-16) of cluster `i`; `count` maps to the end of the text.
    @inline(__always)
    func start(_ i: Int) -> Int { i == 0 ? 0 : ends[i - 1] }

    /// The first cluster of `range` that starts at or after UTF-16 offset `unit`
    /// (`range.upperBound` when none does). O(log n).
    func firstCluster(in range: Range<Int>, startingAtOrAfter unit: Int) -> Int {
        var (low, high) = (range.lowerBound, range.upperBound)
        while low < high {
            let mid = (low &+ high) >> 1
            if start(mid) < unit { low = mid &+ 1 } else { high = mid }
        }
        return low
    }

    /// The style of cluster `i`.
    @inline(__always)
    func style(_ i: Int) -> Style {
        let r = Int(styles[i])
        return r >= 0 ? runs[r].style : .plain
    }

    /// Total width of clusters `range`. O(1).
    @inline(__always)
    func width(_ range: Range<Int>) -> Int {
        cumulativeWidths[range.upperBound] &- cumulativeWidths[range.lowerBound]
    }

    /// True for a cluster that hangs at a line end.
    @inline(__always)
    func isWhitespace(_ i: Int) -> Bool { kinds[i] == .space || kinds[i] == .tab }

    /// Grapheme ends when every block is segmented on its own: a block is drawn from the
    /// start of a line, so a cluster straddling a block start is cut there and the text
    /// after the cut is segmented afresh (what follows may now pair up differently, as
    /// regional indicators do).
    static func splitting(_ bounds: [Int], at cuts: [Int], text: UTF16Text) -> [Int] {
        let count = text.units.count
        // Usually every block starts on a cluster boundary already: nothing to redo.
        if startsOnBoundaries(cuts, of: bounds, count: count) { return bounds }
        var pieces = cuts.filter { $0 > 0 && $0 < count }
        pieces.sort()
        pieces.append(count)
        var merged: [Int] = []
        merged.reserveCapacity(bounds.count + pieces.count)
        var start = 0
        for end in pieces where end > start {
            let piece = UTF16Text(units: Array(text.units[start..<end]))
            merged.append(contentsOf: GraphemeSegmenter.boundaries(in: piece).map { $0 + start })
            start = end
        }
        return merged
    }

    /// True when every block start in `cuts` that lies inside a text of `count` units is
    /// one of the sorted cluster `bounds`. O(k log n).
    private static func startsOnBoundaries(_ cuts: [Int], of bounds: [Int], count: Int) -> Bool {
        bounds.withUnsafeBufferPointer { startsOnBoundaries(cuts, of: $0, count: count) }
    }

    /// `startsOnBoundaries` of bounds in place.
    private static func startsOnBoundaries(_ cuts: [Int], of bounds: UnsafeBufferPointer<Int>, count: Int) -> Bool {
        cuts.allSatisfy { $0 <= 0 || $0 >= count || isBoundary($0, in: bounds) }
    }

    /// True when `offset` is one of the sorted `bounds`. O(log n).
    private static func isBoundary(_ offset: Int, in bounds: UnsafeBufferPointer<Int>) -> Bool {
        var low = 0
        var high = bounds.count
        while low < high {
            let mid = (low + high) / 2
            if bounds[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return low < bounds.count && bounds[low] == offset
    }

    /// Kind and cell width of a one-unit cluster that is printable ASCII or a letter of a
    /// common script (as `CellWidth.ofCluster` answers without ICU), or nil.
    @inline(__always)
    static func commonUnit(_ u: UInt16) -> (kind: Kind, width: Int)? {
        switch u {
        case 0x20: return (.space, 1)
        case 0x21..<0x7F: return (.text, 1)
        case 0xA0...0x2FF, 0x370...0x482, 0x48A...0x52F, 0x5D0...0x5EA, 0x620...0x64A:
            return (.text, u == 0xAD ? 0 : 1)
        case 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3: return (.text, 2)
        default: return nil
        }
    }
}
