/// Tests on the eight bytes of a 64-bit word at once (loaded little-endian, so the lowest
/// byte comes first in memory), for the scans that look for the first of a few bytes:
/// each test sets the high bit of the bytes it matches. The lowest flagged byte is always
/// a true match; a byte above one may be flagged falsely, as a borrow only runs upwards
/// from a true match, so only the lowest flag (`trailingZeroBitCount >> 3`) is to be used.
enum ByteLanes {
    /// Every byte 0x01.
    static let ones: UInt64 = 0x0101_0101_0101_0101
    /// Every byte's high bit.
    static let high: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` equal to `byte`.
    @inline(__always)
    static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & high
    }

    /// The high bit of each byte of `word` below `bound` (at most 0x80; bytes at or above
    /// 0x80 are never flagged).
    @inline(__always)
    static func below(_ word: UInt64, _ bound: UInt8) -> UInt64 {
        (word &- ones &* UInt64(bound)) & ~word & high
    }
}
