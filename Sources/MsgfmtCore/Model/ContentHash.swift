/// A 128-bit fingerprint of a message's content (FNV-1a, 128 bits), computed from the
/// decoded message rather than its bytes, so the same message written with different
/// indentation or key order has the same hash.
///
/// The value is stable across runs, machines and msgfmt versions as long as `version` is
/// unchanged, so it may be stored (an archive manifest) and compared later. Two messages
/// with equal hashes are taken to be equal; a collision needs 2^64 tries on average.
public struct ContentHash: Sendable, Hashable, CustomStringConvertible {
    /// The high and low 64 bits.
    public var high: UInt64
    public var low: UInt64

    /// Bumped whenever what is hashed, or how, changes; stored hashes of another version
    /// must not be compared with new ones.
    public static let version = 2

    /// Creates a hash from its two halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// 32 lower-case hexadecimal digits.
    public var description: String {
        Self.hex(high) + Self.hex(low)
    }

    /// The hash written as `description` writes it, or nil for anything else.
    public init?(_ text: String) {
        guard text.utf8.count == 32, let high = UInt64(text.prefix(16), radix: 16),
            let low = UInt64(text.suffix(16), radix: 16)
        else { return nil }
        self.init(high: high, low: low)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.utf8.count) + digits
    }
}
