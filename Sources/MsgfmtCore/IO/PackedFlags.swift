/// A fixed number of flags, one bit each, all false at first: a flag per record of a large
/// index in an eighth of the memory an array of `Bool` takes.
struct PackedFlags: Sendable, Equatable {
    /// How many flags there are.
    let count: Int
    private var words: [UInt64]

    /// `count` flags, all false.
    init(count: Int) {
        self.count = max(0, count)
        words = [UInt64](repeating: 0, count: (self.count + 63) / 64)
    }

    /// The flags of `values`, in order.
    init(_ values: [Bool]) {
        self.init(count: values.count)
        for (i, value) in values.enumerated() where value { self[i] = true }
    }

    /// Flag `i` (`0 <= i < count`).
    subscript(i: Int) -> Bool {
        get {
            precondition(i >= 0 && i < count, "a flag inside the count")
            return words[i >> 6] >> UInt64(i & 63) & 1 != 0
        }
        set {
            precondition(i >= 0 && i < count, "a flag inside the count")
            let bit: UInt64 = 1 << UInt64(i & 63)
            if newValue { words[i >> 6] |= bit } else { words[i >> 6] &= ~bit }
        }
    }
}
