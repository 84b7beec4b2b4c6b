/// A small, fast, seedable random generator (SplitMix64) for reproducible property tests.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// Creates a generator from `seed`.
    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A seed from `MSGFMT_SEED` when set, else a fresh random one.
    static func seed(environment: [String: String]) -> UInt64 {
        if let text = environment["MSGFMT_SEED"], let value = UInt64(text) { return value }
        return UInt64.random(in: 0...UInt64.max)
    }
}
