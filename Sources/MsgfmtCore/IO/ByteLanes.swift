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

    /// The first offset at or after `i` whose byte `byte` says yes to, the count when there
    /// is none: eight bytes at a time while eight are left, by `word` (the high bit of each
    /// byte it would say yes to, the lowest exact, as the tests above give), then one by
    /// one.
    @inline(__always)
    static func first(
        in bytes: UnsafeBufferPointer<UInt8>, from i: Int, word: (UInt64) -> UInt64, byte: (UInt8) -> Bool
    ) -> Int {
        var i = i
        let n = bytes.count
        while i &+ 8 <= n {
            let flags = word(UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)))
            if flags != 0 { return i &+ flags.trailingZeroBitCount >> 3 }
            i &+= 8
        }
        while i < n, !byte(bytes[i]) { i &+= 1 }
        return i
    }
}
