extension SearchTermList {
    /// Fills a term list in place: `fill` gets a builder over room for `unitCapacity` units
    /// in `termCapacity` terms, and each term it adds is hashed once, looked up in an
    /// open-addressed table of the terms so far (by hash first, then by units) and copied
    /// in only when new. `fill` must stay within the room it asked for (the builder traps
    /// otherwise); `SearchTerms` proves its bounds.
    init(unitCapacity: Int, termCapacity: Int, _ fill: (inout Builder) -> Void) {
        var capacity = 16
        while capacity < 2 * termCapacity { capacity <<= 1 }
        var termCount = 0
        var ends: [Int32] = []
        var hashes: [Int] = []
        let units = [UInt16].filled(capacity: unitCapacity) { units in
            var unitCount = 0
            ends = [Int32].filled(capacity: termCapacity) { ends in
                hashes = [Int].filled(capacity: termCapacity) { hashes in
                    withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { slots in
                        // Set up as the table grows (`Builder.grow`): most messages have
                        // far fewer terms than the bound, and clearing the whole table
                        // cost more than finding them.
                        var builder = Builder(units: units, ends: ends, hashes: hashes, slots: slots)
                        fill(&builder)
                        unitCount = builder.unitCount
                        termCount = builder.termCount
                    }
                    return termCount
                }
                return termCount
            }
            return unitCount
        }
        self.init(units: units, ends: ends, hashes: hashes)
    }

    /// Where `SearchTerms` writes the terms of one message (see `init(unitCapacity:termCapacity:_:)`).
    struct Builder: ~Copyable {
        fileprivate let units: UnsafeMutableBufferPointer<UInt16>
        fileprivate let ends: UnsafeMutableBufferPointer<Int32>
        fileprivate let hashes: UnsafeMutableBufferPointer<Int>
        /// Term numbers (-1: free) at each term's hash and the slots after it, in the
        /// first `slotMask + 1` of `slots` (a power of two, doubled, and the terms placed
        /// again, when half full; the rest is not initialized).
        fileprivate let slots: UnsafeMutableBufferPointer<Int32>
        private var slotMask: Int
        fileprivate var unitCount = 0
        fileprivate var termCount = 0

        fileprivate init(
            units: UnsafeMutableBufferPointer<UInt16>, ends: UnsafeMutableBufferPointer<Int32>,
            hashes: UnsafeMutableBufferPointer<Int>, slots: UnsafeMutableBufferPointer<Int32>
        ) {
            self.units = units
            self.ends = ends
            self.hashes = hashes
            self.slots = slots
            slotMask = min(slots.count, 128) - 1
            slots.baseAddress!.initialize(repeating: -1, count: slotMask + 1)
        }

        /// Doubles the part of `slots` in use and places every term again.
        private mutating func grow() {
            slotMask = slotMask &* 2 &+ 1
            let base = slots.baseAddress!
            base.initialize(repeating: -1, count: slotMask + 1)
            for k in 0..<termCount {
                var slot = hashes[k] & slotMask
                while base[slot] >= 0 { slot = (slot &+ 1) & slotMask }
                base[slot] = Int32(truncatingIfNeeded: k)
            }
        }

        /// Adds the term `source[range]`, whose hash is `hash`, unless the list has it
        /// already.
        @inline(__always)
        mutating func add(_ source: UnsafePointer<UInt16>, _ range: Range<Int>, hash: SearchTermHash) {
            insert(source, range, nil, hash: hash.tableIndex, length: range.count)
        }

        /// Adds the term `source[first]`, a space and `source[second]`, whose hash is
        /// `hash`, unless the list has it already.
        @inline(__always)
        mutating func add(_ source: UnsafePointer<UInt16>, _ first: Range<Int>, then second: Range<Int>, hash: SearchTermHash) {
            insert(source, first, second, hash: hash.tableIndex, length: first.count &+ 1 &+ second.count)
        }

        /// Copies in the term of `length` units (`source[first]`, and a space and
        /// `source[second]` when given), whose hash is `hash`, unless the list has it.
        @inline(__always)
        private mutating func insert(_ source: UnsafePointer<UInt16>, _ first: Range<Int>, _ second: Range<Int>?, hash: Int, length: Int) {
            if 2 &* (termCount &+ 1) > slotMask &+ 1, slotMask &+ 1 < slots.count { grow() }
            let mask = slotMask
            var slot = hash & mask
            while true {
                let k = Int(slots[slot])
                if k < 0 { break }
                if hashes[k] == hash, Int(ends[k]) &- start(of: k) == length,
                    matches(k, source, first, second)
                {
                    return
                }
                slot = (slot &+ 1) & mask
            }
            precondition(termCount < ends.count && unitCount + length <= units.count, "search terms beyond their room")
            slots[slot] = Int32(truncatingIfNeeded: termCount)
            let base = units.baseAddress!
            var n = unitCount
            ShortUnits.copy(to: base + n, from: source + first.lowerBound, count: first.count)
            n &+= first.count
            if let second {
                base[n] = 0x20
                ShortUnits.copy(to: base + (n &+ 1), from: source + second.lowerBound, count: second.count)
                n &+= 1 &+ second.count
            }
            unitCount = n
            ends[termCount] = Int32(truncatingIfNeeded: n)
            hashes[termCount] = hash
            termCount &+= 1
        }

        /// Where term `k` starts in `units`.
        @inline(__always)
        private func start(of k: Int) -> Int {
            k == 0 ? 0 : Int(ends[k &- 1])
        }

        /// True when term `k` (of the right length) has the units of `first`, and a space
        /// and `second` after them when `second` is given.
        private func matches(_ k: Int, _ source: UnsafePointer<UInt16>, _ first: Range<Int>, _ second: Range<Int>?) -> Bool {
            let term = UnsafePointer(units.baseAddress! + start(of: k))
            let head = first.count
            guard ShortUnits.equal(term, source + first.lowerBound, count: head) else { return false }
            guard let second else { return true }
            return term[head] == 0x20 && ShortUnits.equal(term + (head &+ 1), source + second.lowerBound, count: second.count)
        }
    }
}
