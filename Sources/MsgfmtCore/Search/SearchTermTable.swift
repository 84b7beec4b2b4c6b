internal import CByteScan

/// The terms of one search block and the block's messages that have each, held compactly:
/// the terms' units one after another in one array, an open-addressed table of term
/// numbers by hash (`SearchTermHash`), and one (term, message) pair per occurrence. A block has
/// hundreds of thousands of distinct terms (pairs of words rarely repeat); as a
/// dictionary of arrays of arrays each cost over a hundred bytes. They are also far more
/// than the processor's caches hold, so a slot keeps, beside the term's number, the top
/// bits of its hash: a lookup passes over other terms without reading their units.
struct SearchTermTable {
    /// The units of every term, term after term; term `t` is `units[starts[t]..<starts[t + 1]]`.
    private var units: [UInt16] = []
    private var starts: [Int32] = [0]
    /// At a term's hash and the slots after it: 0 for a free slot, else the term's number
    /// + 1 in the bits of `numberMask` and the top bits of its hash above them (the tag).
    private var slots = [UInt32](repeating: 0, count: 1024)
    /// The bits of a slot that hold a term's number + 1: the low 24 bits, under an 8-bit
    /// tag, until a table has 2^24 - 1 terms; then all 32, without a tag.
    private var numberMask: UInt32
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
    private let taggedTerms: Int

    /// An empty table keeping occurrences in arrays of `chunkSize`, its slots tagged until
    /// it has `taggedTerms` - 1 terms (a power of two up to 2^24; tests make both small).
    init(chunkSize: Int = 1 << 16, taggedTerms: Int = 1 << 24) {
        precondition(taggedTerms > 1 && taggedTerms <= 1 << 24 && taggedTerms & (taggedTerms - 1) == 0)
        self.chunkSize = chunkSize
        self.taggedTerms = taggedTerms
        numberMask = UInt32(taggedTerms - 1)
    }

    /// The number of distinct terms.
    var count: Int { starts.count - 1 }

    /// Records that message `message` (0…65 535, a block's number of it) has `term`;
    /// messages come in increasing order and each term once per message.
    mutating func add(_ term: [UInt16], message: Int) {
        let hash = Self.tableIndex(term[...])
        term.withUnsafeBufferPointer { add($0, hash: hash, message: message) }
    }

    /// `add(_:message:)` for a term whose `tableIndex` is known.
    mutating func add(_ term: UnsafeBufferPointer<UInt16>, hash: Int, message: Int) {
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

    /// Records that message `message` has every term of `list` (`add(_:hash:message:)`
    /// for each, with the message's start noted once and the term numbers appended to the
    /// occurrences together).
    mutating func add(_ list: SearchTermList, message: Int) {
        let n = list.count
        guard n > 0 else { return }
        if messageStarts.last?.message != Int32(message) {
            messageStarts.append((Int32(message), Int32(occurrenceCount)))
        }
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: n) { ids in
            var k = 0
            list.forEachTerm { term, hash in
                ids[k] = Int32(number(of: term, hash: hash))
                k += 1
            }
            var from = 0
            while from < n {
                if currentChunk.count == chunkSize {
                    occurrenceChunks.append(currentChunk)
                    currentChunk = []
                }
                if currentChunk.isEmpty { currentChunk.reserveCapacity(chunkSize) }
                let take = min(n - from, chunkSize - currentChunk.count)
                currentChunk.append(contentsOf: UnsafeBufferPointer(rebasing: ids[from..<(from + take)]))
                from += take
            }
        }
        occurrenceCount += n
    }

    /// Starts loading what adding `list`'s terms will read, so that their cache misses
    /// overlap instead of coming one after another: each term's first slot, then for a
    /// slot whose tag matches the term's, where the slot's term starts, then its units. A
    /// block's table is far larger than the caches, and each lookup otherwise waits for
    /// three loads in turn. Only hints: nothing is changed, and a slot taken by a term
    /// added before the hint is read just costs the miss it would have anyway.
    func prefetch(_ list: SearchTermList) {
        guard !slots.isEmpty else { return }
        let mask = slots.count - 1
        let numberMask = self.numberMask
        list.withHashes { hashes in
            slots.withUnsafeBufferPointer { slots in
                starts.withUnsafeBufferPointer { starts in
                    units.withUnsafeBufferPointer { units in
                        guard let slotBase = slots.baseAddress, let startBase = starts.baseAddress else { return }
                        /// The term in the first slot of `hash` when its tag is the hash's.
                        @inline(__always) func candidate(_ hash: Int) -> Int? {
                            let entry = slotBase[hash & mask]
                            guard entry != 0, entry & ~numberMask == Self.tag(hash) & ~numberMask else { return nil }
                            return Int(entry & numberMask) - 1
                        }
                        for hash in hashes { msgfmt_byte_scan_prefetch(slotBase + (hash & mask)) }
                        for hash in hashes {
                            if let t = candidate(hash) { msgfmt_byte_scan_prefetch(startBase + t) }
                        }
                        guard let unitBase = units.baseAddress else { return }
                        for hash in hashes {
                            if let t = candidate(hash) { msgfmt_byte_scan_prefetch(unitBase + Int(startBase[t])) }
                        }
                    }
                }
            }
        }
    }

    /// Calls `body` with each term, in lexicographic order of its units, and the messages
    /// that have it, in increasing order.
    func forEachSorted(_ body: ([UInt16], [Int]) -> Void) {
        var table = self
        let one: (UnsafeBufferPointer<UInt16>) -> Int = { _ in 0 }
        table.drainSorted(groupedBy: one) { _, term, messages in body(Array(term), messages.map { Int($0) }) }
    }

    /// `forEachSorted` group by group, letting go of the hash slots before sorting and
    /// grouping the occurrences by term a part at a time, so a block's flush adds little
    /// to what the table holds; the table is empty afterwards.
    /// The terms come ordered by `group` of their units (a number 0…65 535), then
    /// lexicographically, so a caller that writes one file per group holds one group's
    /// output at a time. `body` gets the group, the term's units and its messages' numbers
    /// in place.
    mutating func drainSorted(
        groupedBy group: (UnsafeBufferPointer<UInt16>) -> Int,
        _ body: (Int, UnsafeBufferPointer<UInt16>, UnsafeBufferPointer<UInt16>) -> Void
    ) {
        precondition(SearchIndexWriter.blockSize <= 1 << 16, "a block's message numbers are kept in 16 bits")
        slots = []
        if !currentChunk.isEmpty {
            occurrenceChunks.append(currentChunk)
            currentChunk = []
        }
        // 32-bit numbers throughout (16 for the groups): a block's terms and occurrences
        // fit, and these arrays are what the block's flush adds to the memory it holds.
        var order = (0..<Int32(count)).map { $0 }
        var groups = [UInt16](repeating: 0, count: count)
        units.withUnsafeBufferPointer { all in
            for t in 0..<count {
                let g = group(UnsafeBufferPointer(rebasing: all[Int(starts[t])..<Int(starts[t + 1])]))
                precondition((0...0xFFFF).contains(g), "a term's group is a number 0…65 535")
                groups[t] = UInt16(g)
            }
            order.sort { a, b in
                let (p, q) = (groups[Int(a)], groups[Int(b)])
                if p != q { return p < q }
                let x = UnsafeBufferPointer(rebasing: all[Int(starts[Int(a)])..<Int(starts[Int(a) + 1])])
                let y = UnsafeBufferPointer(rebasing: all[Int(starts[Int(b)])..<Int(starts[Int(b) + 1])])
                return x.lexicographicallyPrecedes(y)
            }
        }
        // Each term's messages, by a counting sort that keeps them in order, laid out in
        // the order the terms are handed out: `place[t]` starts as where term t's go and
        // is moved on as they are placed. They are placed a part at a time (the terms
        // whose messages come to about a quarter of the occurrences, at least one term),
        // each part one pass over the occurrences, so the flush holds a part beside the
        // occurrences rather than a second copy of all of them. A term handed out is
        // marked -1.
        var place = [Int32](repeating: 0, count: count)
        for chunk in occurrenceChunks {
            for t in chunk { place[Int(t)] += 1 }
        }
        var next: Int32 = 0
        for t in order {
            let size = place[Int(t)]
            place[Int(t)] = next
            next += size
        }
        let part = Int32(max(1, occurrenceCount / 4))
        var first = 0
        units.withUnsafeBufferPointer { all in
            while first < count {
                let lo = place[Int(order[first])]
                var last = first + 1
                while last < count, place[Int(order[last])] < lo + part { last += 1 }
                let hi = last < count ? place[Int(order[last])] : Int32(occurrenceCount)
                var messages = [UInt16](repeating: 0, count: Int(hi - lo))
                place.withUnsafeMutableBufferPointer { place in
                    messages.withUnsafeMutableBufferPointer { placeMessages(place, from: lo, into: $0) }
                }
                messages.withUnsafeBufferPointer { numbers in
                    var from = 0
                    for t in order[first..<last] {
                        let t = Int(t)
                        let to = Int(place[t] - lo)
                        place[t] = -1
                        body(
                            Int(groups[t]), UnsafeBufferPointer(rebasing: all[Int(starts[t])..<Int(starts[t + 1])]),
                            UnsafeBufferPointer(rebasing: numbers[from..<to]))
                        from = to
                    }
                }
                first = last
            }
        }
        self = SearchTermTable(chunkSize: chunkSize, taggedTerms: taggedTerms)
    }

    /// Writes the message of each occurrence whose term's place (`place[t]`) lies in
    /// `lo..<lo + out.count` at `out[place[t] - lo]`, moving the term's place on; the terms
    /// of other parts are passed over (those handed out are -1).
    private func placeMessages(_ place: UnsafeMutableBufferPointer<Int32>, from lo: Int32, into out: UnsafeMutableBufferPointer<UInt16>) {
        // Occurrence k belongs to message `message`, up to `nextStart`.
        var k: Int32 = 0
        var run = -1
        var message: UInt16 = 0
        var nextStart: Int32 = 0
        let width = UInt32(out.count)
        for chunk in occurrenceChunks {
            chunk.withUnsafeBufferPointer { terms in
                for t in terms {
                    while k >= nextStart {
                        run += 1
                        message = UInt16(truncatingIfNeeded: messageStarts[run].message)
                        nextStart = run + 1 < messageStarts.count ? messageStarts[run + 1].start : .max
                    }
                    k += 1
                    let at = place[Int(t)]
                    guard UInt32(bitPattern: at &- lo) < width else { continue }
                    out[Int(at &- lo)] = message
                    place[Int(t)] = at &+ 1
                }
            }
        }
    }

    /// The number of `term`, added when new.
    private mutating func number(of term: UnsafeBufferPointer<UInt16>, hash: Int) -> Int {
        if 2 * (count + 1) > slots.count {
            grow(to: slots.count * 2)
        } else if numberMask != .max, UInt32(count + 1) == numberMask {
            numberMask = .max
            grow(to: slots.count)
        }
        let mask = slots.count - 1
        let tag = Self.tag(hash) & ~numberMask
        var slot = hash & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if entry & ~numberMask == tag {
                let t = Int(entry & numberMask) - 1
                if isTerm(t, term) { return t }
            }
            slot = (slot + 1) & mask
        }
        units.append(contentsOf: term)
        starts.append(Int32(units.count))
        slots[slot] = tag | UInt32(count)
        return count - 1
    }

    /// True when term `t` is `term`.
    @inline(__always)
    private func isTerm(_ t: Int, _ term: UnsafeBufferPointer<UInt16>) -> Bool {
        let start = Int(starts[t])
        guard Int(starts[t + 1]) - start == term.count else { return false }
        return units.withUnsafeBufferPointer { all in
            term.isEmpty || ShortUnits.equal(all.baseAddress! + start, term.baseAddress!, count: term.count)
        }
    }

    /// The top eight bits of `hash`, placed above a slot's 24 number bits (slots that keep
    /// no tag mask them off).
    @inline(__always)
    private static func tag(_ hash: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: UInt64(UInt(bitPattern: hash)) >> 56) << 24
    }

    /// Places every term again in a table of `size` slots (a power of two).
    private mutating func grow(to size: Int) {
        slots = [UInt32](repeating: 0, count: size)
        let mask = size - 1
        for t in 0..<count {
            let hash = Self.tableIndex(units[Int(starts[t])..<Int(starts[t + 1])])
            var slot = hash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Self.tag(hash) & ~numberMask | UInt32(t + 1)
        }
    }

    /// The hash a term is filed by: `SearchTermHash` of its units, as `SearchTerms`
    /// computes it while finding the term.
    static func tableIndex(_ term: ArraySlice<UInt16>) -> Int {
        SearchTermHash(units: term).tableIndex
    }
}
