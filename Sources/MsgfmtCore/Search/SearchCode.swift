/// The compact number encoding of the search index's data files: each number is written
/// in base 32, most significant digit first, with its last digit from one alphabet
/// (`0-9a-v`) and the others from a second (`A-Z!#$%&*`), so numbers need no separator.
/// Every character is printable ASCII that a JSON string keeps as is.
enum SearchCode {
    static let last = Array("0123456789abcdefghijklmnopqrstuv".utf8)
    static let more = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ!#$%&*".utf8)

    /// Appends `value` (not negative).
    static func append(_ value: UInt64, to out: inout [UInt8]) {
        // The shift of the most significant digit, then each digit from there down.
        var shift: UInt64 = 0
        while shift < 60, value >> (shift + 5) > 0 { shift += 5 }
        more.withUnsafeBufferPointer { more in
            while shift > 0 {
                out.append(more[Int((value >> shift) & 31)])
                shift -= 5
            }
        }
        out.append(last[Int(value & 31)])
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
