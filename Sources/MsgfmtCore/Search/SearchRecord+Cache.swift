extension SearchRecord {
    /// Appends what the layout cache keeps of the record: its terms and scalars (the rest
    /// is read from the message again).
    func encode(into out: inout CacheByteWriter) {
        out.count(terms.count)
        for k in 0..<terms.count {
            let term = terms[k]
            out.count(term.count)
            for unit in term { out.unsigned(UInt64(unit)) }
        }
        out.count(scalars.count)
        for scalar in scalars { out.unsigned(UInt64(scalar.value)) }
    }

    /// The record of `message` with the terms and scalars `encode` wrote; nil when the
    /// bytes are not such.
    init?(decoding input: inout CacheByteReader, message: ExportMessage, clock: ExportClock) {
        guard let terms = Self.terms(decoding: &input) else { return nil }
        guard let scalarCount = input.count() else { return nil }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(scalarCount)
        for _ in 0..<scalarCount {
            guard let value = input.unsigned(), let v32 = UInt32(exactly: value), let scalar = Unicode.Scalar(v32) else { return nil }
            scalars.append(scalar)
        }
        self.init(message, clock: clock, terms: terms, scalars: scalars)
    }

    /// The terms `encode` wrote, read into the list's arrays directly, each hashed as its
    /// units are read; nil when the bytes are not such.
    private static func terms(decoding input: inout CacheByteReader) -> SearchTermList? {
        guard let count = input.count() else { return nil }
        var units: [UInt16] = []
        var ends: [Int32] = []
        var hashes: [Int] = []
        // Each term takes a byte for its length at least, so `count` is bounded.
        ends.reserveCapacity(count)
        hashes.reserveCapacity(count)
        for _ in 0..<count {
            guard let length = input.count() else { return nil }
            var hasher = FNV1aHasher()
            for _ in 0..<length {
                guard let unit = input.unsigned(), let u16 = UInt16(exactly: unit) else { return nil }
                units.append(u16)
                hasher.add(unit: u16)
            }
            ends.append(Int32(truncatingIfNeeded: units.count))
            hashes.append(hasher.tableIndex)
        }
        return SearchTermList(units: units, ends: ends, hashes: hashes)
    }
}
