/// The distinct terms of one message (`SearchTerms.terms`), their units one after another
/// in one array, each with the hash the block's `SearchTermTable` files it by: a message
/// has dozens of terms, and an array for each was most of the cost of indexing it.
public struct SearchTermList: Sendable, Equatable {
    /// The units of every term, term after term.
    private var units: [UInt16] = []
    /// Where each term ends in `units`.
    private var ends: [Int32] = []
    /// Each term's hash (`SearchTermTable.tableIndex`).
    private var hashes: [Int] = []

    /// No terms.
    init() {}

    /// The terms `units` split at `ends`, with their `hashes` (what the builder or the
    /// layout cache made).
    init(units: [UInt16], ends: [Int32], hashes: [Int]) {
        self.units = units
        self.ends = ends
        self.hashes = hashes
    }

    /// The number of terms.
    var count: Int { ends.count }

    /// The units of term `k`.
    subscript(k: Int) -> ArraySlice<UInt16> {
        units[(k == 0 ? 0 : Int(ends[k - 1]))..<Int(ends[k])]
    }

    /// The hash of term `k` (`SearchTermTable.tableIndex` of its units).
    func hash(_ k: Int) -> Int { hashes[k] }

    /// Calls `body` with the units of each term, in place, and its hash.
    func forEachTerm(_ body: (UnsafeBufferPointer<UInt16>, Int) -> Void) {
        units.withUnsafeBufferPointer { all in
            var start = 0
            for k in ends.indices {
                let end = Int(ends[k])
                body(UnsafeBufferPointer(rebasing: all[start..<end]), hashes[k])
                start = end
            }
        }
    }

    /// The number of units of all terms together.
    var unitCount: Int { units.count }

    /// Calls `body` with every term's hash, in place, in order.
    func withHashes<R>(_ body: (UnsafeBufferPointer<Int>) -> R) -> R {
        hashes.withUnsafeBufferPointer(body)
    }

    /// Every term as an array of its own (tests and the reference compare these).
    var arrays: [[UInt16]] { (0..<count).map { Array(self[$0]) } }

    public static func == (a: SearchTermList, b: SearchTermList) -> Bool {
        a.units == b.units && a.ends == b.ends
    }
}
