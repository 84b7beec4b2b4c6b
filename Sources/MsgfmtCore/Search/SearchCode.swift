/// The compact number encoding of the search index's data files: each number is written
/// in base 32, most significant digit first, with its last digit from one alphabet
/// (`0-9a-v`) and the others from a second (`A-Z!#$%&*`), so numbers need no separator.
/// Every character is printable ASCII that a JSON string keeps as is.
enum SearchCode {
    static let last = Array("0123456789abcdefghijklmnopqrstuv".utf8)
    static let more = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ!#$%&*".utf8)

    /// The most digits a number takes (64 bits, 5 a digit).
    static let maximumDigits = 13

    /// Appends `value` (not negative).
    static func append(_ value: UInt64, to out: inout [UInt8]) {
        out.appendBytes(upTo: maximumDigits) { write(value, to: $0) }
    }

    /// Writes the digits of `value` (not negative) at `p`, which has room for
    /// `digits(value)` of them, and returns how many it wrote.
    @inline(__always)
    static func write(_ value: UInt64, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let count = digits(value)
        var v = value
        var k = count - 1
        p[k] = lastDigit(Int(v & 31))
        while k > 0 {
            v >>= 5
            k -= 1
            p[k] = moreDigit(Int(v & 31))
        }
        return count
    }

    /// How many digits `value` takes: 1 for 0 to 31, one more for every 5 bits above.
    @inline(__always)
    static func digits(_ value: UInt64) -> Int {
        (68 - (value | 1).leadingZeroBitCount) / 5
    }

    /// `last[d]` without a table lookup: `0-9`, then `a-v`.
    @inline(__always)
    static func lastDigit(_ d: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: d < 10 ? 0x30 + d : 0x61 - 10 + d)
    }

    /// `more[d]` without a table lookup: `A-Z`, then `!#$%&*`.
    @inline(__always)
    static func moreDigit(_ d: Int) -> UInt8 {
        if d < 26 { return UInt8(truncatingIfNeeded: 0x41 + d) }
        let symbols: UInt64 = 0x2A26_2524_2321  // "!#$%&*", the first in the lowest byte
        return UInt8(truncatingIfNeeded: symbols >> (8 * UInt64(d - 26)))
    }

    /// Appends a signed value, zigzag-mapped (0, -1, 1, -2, … → 0, 1, 2, 3, …).
    static func append(signed value: Int64, to out: inout [UInt8]) {
        append(UInt64(bitPattern: (value << 1) ^ (value >> 63)), to: &out)
    }

    /// Reads the numbers of `text` back (the script's decoder, for tests).
    static func decode(_ text: [UInt8]) -> [UInt64] {
        var out: [UInt64] = []
        var value: UInt64 = 0
        for c in text {
            if let d = more.firstIndex(of: c) {
                value = value << 5 | UInt64(d)
            } else if let d = last.firstIndex(of: c) {
                out.append(value << 5 | UInt64(d))
                value = 0
            }
        }
        return out
    }
}
