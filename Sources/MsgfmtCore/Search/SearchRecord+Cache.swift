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
        guard let termCount = input.count() else { return nil }
        var terms = SearchTermList()
        var term: [UInt16] = []
        for _ in 0..<termCount {
            guard let length = input.count() else { return nil }
            term.removeAll(keepingCapacity: true)
            for _ in 0..<length {
                guard let unit = input.unsigned(), let u16 = UInt16(exactly: unit) else { return nil }
                term.append(u16)
            }
            terms.append(term[...])
        }
        guard let scalarCount = input.count() else { return nil }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(scalarCount)
        for _ in 0..<scalarCount {
            guard let value = input.unsigned(), let v32 = UInt32(exactly: value), let scalar = Unicode.Scalar(v32) else { return nil }
            scalars.append(scalar)
        }
        self.init(message, clock: clock, terms: terms, scalars: scalars)
    }
}
