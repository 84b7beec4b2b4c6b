/// A small deterministic random generator (SplitMix64) whose seed tests print on failure.
public struct SeededGenerator: RandomNumberGenerator {
    /// The seed the generator started from.
    public let seed: UInt64
    private var state: UInt64

    public init(seed: UInt64) {
        self.seed = seed
        self.state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next output reduced to `0..<n` (`n` > 0) by remainder: a slight bias toward
    /// small values, no rejection, so a seed always replays the same sequence.
    public mutating func below(_ n: Int) -> Int {
        Int(next() % UInt64(n))
    }
}
