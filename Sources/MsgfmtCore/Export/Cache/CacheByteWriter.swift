/// Appends values to a byte array in the layout cache's encoding: unsigned numbers as
/// LEB128 varints, signed ones zigzagged first, strings as a length and their UTF-8 bytes.
/// `CacheByteReader` reads them back.
struct CacheByteWriter {
    /// What was written so far.
    var bytes: [UInt8] = []

    /// Appends `value` as a varint.
    mutating func unsigned(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// Appends `value` zigzagged (small magnitudes stay short whatever their sign).
    mutating func signed(_ value: Int64) {
        unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// Appends `value` as a varint (negative values are refused by the reader's range).
    mutating func count(_ value: Int) {
        unsigned(UInt64(max(0, value)))
    }

    /// Appends a string's UTF-8 length and bytes.
    mutating func string(_ value: String) {
        var copy = value
        copy.withUTF8 { utf8 in
            count(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// Appends an optional string: a presence byte, then the string.
    mutating func optionalString(_ value: String?) {
        bytes.append(value == nil ? 0 : 1)
        if let value { string(value) }
    }

    /// Appends a length and raw bytes.
    mutating func data(_ value: [UInt8]) {
        count(value.count)
        bytes.append(contentsOf: value)
    }

    /// Appends a hash's 16 bytes, high half first.
    mutating func hash(_ value: ContentHash) {
        fixed(value.high)
        fixed(value.low)
    }

    /// Appends `value` as 8 little-endian bytes.
    mutating func fixed(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
