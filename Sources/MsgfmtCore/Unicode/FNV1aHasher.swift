/// FNV-1a over 64 bits: a fast hash that is the same in every run (Swift's `Hasher` is
/// seeded per process), for in-memory tables of UTF-16 terms and words and for stable
/// identities. Not collision-proof: the tables confirm a match by comparing.
struct FNV1aHasher: Sendable {
    /// The hash of everything added so far.
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// A hasher in its initial state.
    init() {}

    /// Adds one byte.
    @inline(__always)
    mutating func add(byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// Adds one UTF-16 unit, as one step (not as two bytes).
    @inline(__always)
    mutating func add(unit: UInt16) {
        value = (value ^ UInt64(unit)) &* 0x0000_0100_0000_01B3
    }

    /// Adds bytes, one step each.
    mutating func add(bytes: some Sequence<UInt8>) {
        for byte in bytes { add(byte: byte) }
    }

    /// Adds UTF-16 units, one step each.
    mutating func add(units: some Sequence<UInt16>) {
        for unit in units { add(unit: unit) }
    }

    /// The hash folded for the index of an open-addressed table (mask the low bits): the
    /// high bits mixed in, since FNV's low bits vary least.
    var tableIndex: Int { Int(truncatingIfNeeded: value ^ (value >> 29)) }
}
