/// Reads what `CacheByteWriter` wrote, refusing anything out of range: every read returns
/// nil once the bytes end early or a value is not what the encoding allows, so a damaged
/// cache entry reads as missing, never as a wrong value or a crash.
struct CacheByteReader {
    private let bytes: [UInt8]
    private var position: Int

    /// A reader of `bytes` from `start`.
    init(_ bytes: [UInt8], from start: Int = 0) {
        self.bytes = bytes
        position = start
    }

    /// True when every byte was read.
    var atEnd: Bool { position == bytes.count }

    /// A varint, nil when it runs past the end or beyond 64 bits.
    mutating func unsigned() -> UInt64? {
        // Most numbers (term units of Latin text, small counts) take one byte.
        if position < bytes.count, bytes[position] < 0x80 {
            position += 1
            return UInt64(bytes[position - 1])
        }
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while position < bytes.count, shift < 64 {
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    /// A zigzagged signed number.
    mutating func signed() -> Int64? {
        guard let u = unsigned() else { return nil }
        return Int64(bitPattern: u >> 1) ^ -Int64(bitPattern: u & 1)
    }

    /// A count no larger than what is left to read (every counted item takes a byte at
    /// least), so a damaged count cannot ask for a huge array.
    mutating func count() -> Int? {
        guard let u = unsigned(), u <= UInt64(bytes.count - position) else { return nil }
        return Int(u)
    }

    /// A string; nil when its bytes are not UTF-8.
    mutating func string() -> String? {
        guard let n = count() else { return nil }
        let slice = bytes[position..<position + n]
        position += n
        return String(validating: slice, as: UTF8.self)
    }

    /// An optional string.
    mutating func optionalString() -> String?? {
        guard let present = byte(), present <= 1 else { return nil }
        if present == 0 { return .some(nil) }
        guard let s = string() else { return nil }
        return .some(s)
    }

    /// Raw bytes written with a length.
    mutating func data() -> [UInt8]? {
        guard let n = count() else { return nil }
        defer { position += n }
        return Array(bytes[position..<position + n])
    }

    /// Calls `body` with the next `count` bytes in place and moves past them; nil when
    /// fewer are left.
    mutating func withBytes<R>(_ count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        guard count >= 0, count <= bytes.count - position else { return nil }
        defer { position += count }
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[position..<position + count])) }
    }

    /// A hash's 16 bytes.
    mutating func hash() -> ContentHash? {
        guard let high = fixed(), let low = fixed() else { return nil }
        return ContentHash(high: high, low: low)
    }

    /// 8 little-endian bytes.
    mutating func fixed() -> UInt64? {
        guard bytes.count - position >= 8 else { return nil }
        var value: UInt64 = 0
        for i in 0..<8 { value |= UInt64(bytes[position + i]) << (8 * UInt64(i)) }
        position += 8
        return value
    }

    /// One byte.
    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }
}
