#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terms of one search block and the block's messages that have each, held compactly:
/// the terms' units one after another in one array, an open-addressed table of term
/// numbers by FNV-1a hash, and one (term, message) pair per occurrence. A block has
/// hundreds of thousands of distinct terms (pairs of words rarely repeat); as a
/// dictionary of arrays of arrays each cost over a hundred bytes.
struct SearchTermTable {
    /// The units of every term, term after term; term `t` is `units[starts[t]..<starts[t + 1]]`.
    private var units: [UInt16] = []
    private var starts: [Int32] = [0]
    /// Term numbers + 1 (0: empty), at a term's hash and the slots after it.
    private var slots = [Int32](repeating: 0, count: 1024)
    /// The term of each occurrence, in the order added (messages in increasing order), in
    /// arrays of `chunkSize` numbers: one growing array would hold up to twice what it
    /// needs after it doubles. And where each message's occurrences start: a message
    /// number per occurrence would double the block's largest array.
    private var occurrenceChunks: [[Int32]] = []
    /// The chunk being filled, moved into `occurrenceChunks` when full or drained.
    private var currentChunk: [Int32] = []
    private var occurrenceCount = 0
    private var messageStarts: [(message: Int32, start: Int32)] = []
    private let chunkSize: Int

    /// An empty table keeping occurrences in arrays of `chunkSize` (tests make it small).
    init(chunkSize: Int = 1 << 16) {
        self.chunkSize = chunkSize
    }

    /// The number of distinct terms.
    var count: Int { starts.count - 1 }

    /// Records that message `message` (0…65 535, a block's number of it) has `term`;
    /// messages come in increasing order and each term once per message.
    mutating func add(_ term: [UInt16], message: Int) {
        add(term[...], hash: Self.tableIndex(term[...]), message: message)
    }

    /// `add(_:message:)` for a term whose `tableIndex` is known.
    mutating func add(_ term: ArraySlice<UInt16>, hash: Int, message: Int) {
        let id = number(of: term, hash: hash)
        if messageStarts.last?.message != Int32(message) {
            messageStarts.append((Int32(message), Int32(occurrenceCount)))
        }
        if currentChunk.count == chunkSize {
            occurrenceChunks.append(currentChunk)
            currentChunk = []
        }
        if currentChunk.isEmpty { currentChunk.reserveCapacity(chunkSize) }
        currentChunk.append(Int32(id))
        occurrenceCount += 1
    }

    /// Calls `body` with each term, in lexicographic order of its units, and the messages
    /// that have it, in increasing order.
    func forEachSorted(_ body: ([UInt16], [Int]) -> Void) {
        var table = self
        table.drainSorted { term, messages in body(Array(term), messages.map { Int($0) }) }
    }

    /// `forEachSorted`, letting go of the table on the way (the hash slots before sorting,
    /// the occurrences once grouped by term), so a block's flush does not hold them beside
    /// what replaces them; the table is empty afterwards.
    /// `body` gets the term's units and its messages' numbers in place.
    mutating func drainSorted(_ body: (UnsafeBufferPointer<UInt16>, UnsafeBufferPointer<UInt16>) -> Void) {
        precondition(SearchIndexWriter.blockSize <= 1 << 16, "a block's message numbers are kept in 16 bits")
        slots = []
        if !currentChunk.isEmpty {
            occurrenceChunks.append(currentChunk)
            currentChunk = []
        }
        // 32-bit numbers throughout: a block's terms and occurrences fit, and these arrays
        // are what the block's flush adds to the memory it holds.
        var order = (0..<Int32(count)).map { $0 }
        units.withUnsafeBufferPointer { all in
            order.sort { a, b in
                let x = UnsafeBufferPointer(rebasing: all[Int(starts[Int(a)])..<Int(starts[Int(a) + 1])])
                let y = UnsafeBufferPointer(rebasing: all[Int(starts[Int(b)])..<Int(starts[Int(b) + 1])])
                return x.lexicographicallyPrecedes(y)
            }
        }
        // The occurrences grouped by term, by a counting sort that keeps each term's
        // messages in order: `bounds[t]` starts as where term t's messages go and is moved
        // on as they are placed, so afterwards term t's are `bounds[t - 1]..<bounds[t]`.
        var bounds = [Int32](repeating: 0, count: count + 1)
        for chunk in occurrenceChunks {
            for t in chunk { bounds[Int(t) + 1] += 1 }
        }
        for t in 0..<count { bounds[t + 1] += bounds[t] }
        var messages = [UInt16](repeating: 0, count: occurrenceCount)
        var k: Int32 = 0
        var run = 0
        for chunk in occurrenceChunks {
            for t in chunk {
                while run + 1 < messageStarts.count, messageStarts[run + 1].start <= k { run += 1 }
                messages[Int(bounds[Int(t)])] = UInt16(truncatingIfNeeded: messageStarts[run].message)
                bounds[Int(t)] += 1
                k += 1
            }
        }
        occurrenceChunks = []
        messageStarts = []
        units.withUnsafeBufferPointer { all in
            messages.withUnsafeBufferPointer { numbers in
                for t in order {
                    let t = Int(t)
                    let first = t == 0 ? 0 : Int(bounds[t - 1])
                    body(
                        UnsafeBufferPointer(rebasing: all[Int(starts[t])..<Int(starts[t + 1])]),
                        UnsafeBufferPointer(rebasing: numbers[first..<Int(bounds[t])]))
                }
            }
        }
        self = SearchTermTable(chunkSize: chunkSize)
    }

    /// The number of `term`, added when new.
    private mutating func number(of term: ArraySlice<UInt16>, hash: Int) -> Int {
        if 2 * (count + 1) > slots.count { grow() }
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let t = Int(slots[slot]) - 1
            if isTerm(t, term) { return t }
            slot = (slot + 1) & mask
        }
        units += term
        starts.append(Int32(units.count))
        slots[slot] = Int32(count)
        return count - 1
    }

    private func isTerm(_ t: Int, _ term: ArraySlice<UInt16>) -> Bool {
        let start = Int(starts[t])
        guard Int(starts[t + 1]) - start == term.count else { return false }
        return units.withUnsafeBufferPointer { all in
            term.withUnsafeBufferPointer { wanted in
                wanted.isEmpty || memcmp(all.baseAddress! + start, wanted.baseAddress!, wanted.count * 2) == 0
            }
        }
    }

    /// Doubles the table and places every term again.
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for t in 0..<count {
            var slot = Self.tableIndex(units[Int(starts[t])..<Int(starts[t + 1])]) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(t + 1)
        }
    }

    /// The hash a term is filed by: the FNV-1a hash of its units, as `SearchTerms` computes
    /// it while finding the term.
    static func tableIndex(_ term: ArraySlice<UInt16>) -> Int {
        var hash = FNV1aHasher()
        hash.add(units: term)
        return hash.tableIndex
    }
}
