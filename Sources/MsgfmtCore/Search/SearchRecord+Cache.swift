extension SearchRecord {
    /// Appends what the layout cache keeps of the record: its terms and scalars (the rest
    /// is read from the message again).
    func encode(into out: inout CacheByteWriter) {
        out.count(terms.count)
        out.count(terms.unitCount)
        // Each term: its length and width (1 when every unit is below 256, else 2) as
        // `length << 1 | wide`, then each unit in that many little-endian bytes.
        terms.forEachTerm { units, _ in
            let wide = units.contains { $0 > 0xFF }
            out.count(units.count << 1 | (wide ? 1 : 0))
            for unit in units {
                out.bytes.append(UInt8(truncatingIfNeeded: unit))
                if wide { out.bytes.append(UInt8(truncatingIfNeeded: unit >> 8)) }
            }
        }
        out.count(scalars.count)
        for scalar in scalars { out.unsigned(UInt64(scalar.value)) }
    }

    /// The record of `message` with the terms and scalars `encode` wrote; nil when the
    /// bytes are not such.
    init?(decoding input: inout CacheByteReader, message: ExportMessage, clock: ExportClock, hidingSpoilers: Bool) {
        guard let terms = Self.terms(decoding: &input) else { return nil }
        guard let scalarCount = input.count() else { return nil }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(scalarCount)
        for _ in 0..<scalarCount {
            guard let value = input.unsigned(), let v32 = UInt32(exactly: value), let scalar = Unicode.Scalar(v32) else { return nil }
            scalars.append(scalar)
        }
        self.init(message, clock: clock, terms: terms, scalars: scalars, hidingSpoilers: hidingSpoilers)
    }

    /// The terms `encode` wrote, read into the list's arrays directly a term at a time,
    /// each hashed as its units are read; nil when the bytes are not such.
    private static func terms(decoding input: inout CacheByteReader) -> SearchTermList? {
        guard let count = input.count(), let total = input.count() else { return nil }
        guard count > 0 else { return total == 0 ? SearchTermList() : nil }
        var ends: [Int32] = []
        var hashes: [Int] = []
        // Each term and unit takes a byte at least, so `count` and `total` are bounded.
        ends.reserveCapacity(count)
        hashes.reserveCapacity(count)
        var filled = 0
        // Room for one unit at least, so the terms are read even when all are empty.
        let units = [UInt16].filled(capacity: max(total, 1)) { out in
            readTerms: for _ in 0..<count {
                // The header is twice the length, so it is read as a number, not a count.
                guard let header = input.unsigned(), header >> 1 <= UInt64(total - filled) else { break readTerms }
                let length = Int(header >> 1)
                let wide = header & 1 == 1
                let hash = input.withBytes(wide ? 2 * length : length) { bytes -> Int in
                    var hasher = SearchTermHash()
                    guard let from = bytes.baseAddress, let to = out.baseAddress.map({ $0 + filled }) else { return hasher.tableIndex }
                    if wide {
                        for i in 0..<length {
                            let unit = UInt16(from[2 &* i]) | UInt16(from[2 &* i &+ 1]) << 8
                            to[i] = unit
                            hasher.add(unit: unit)
                        }
                    } else {
                        for i in 0..<length {
                            let unit = UInt16(from[i])
                            to[i] = unit
                            hasher.add(unit: unit)
                        }
                    }
                    return hasher.tableIndex
                }
                guard let hash else { break readTerms }
                filled += length
                ends.append(Int32(truncatingIfNeeded: filled))
                hashes.append(hash)
            }
            return filled
        }
        guard ends.count == count, filled == total else { return nil }
        return SearchTermList(units: units, ends: ends, hashes: hashes)
    }
}
