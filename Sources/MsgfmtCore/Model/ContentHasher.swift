/// Feeds values into a `ContentHash`: FNV-1a over 128 bits, with every value written
/// with a type tag and, for strings and lists, its length, so different sequences of
/// values never feed the same bytes.
public struct ContentHasher: Sendable {
    // FNV-1a 128: offset basis 0x6c62272e07bb014262b821756295c58d,
    // prime 2^88 + 2^8 + 0x3b.
    private var high: UInt64 = 0x6C62_272E_07BB_0142
    private var low: UInt64 = 0x62B8_2175_6295_C58D

    /// A hasher in its initial state.
    public init() {}

    /// The hash of everything fed so far.
    public var hash: ContentHash { ContentHash(high: high, low: low) }

    /// Feeds one byte: xor it in, multiply by the prime modulo 2^128.
    @inline(__always)
    public mutating func add(byte: UInt8) {
        low ^= UInt64(byte)
        // (high·2^64 + low) · (2^88 + 0x13B): low·2^88 reaches the high half shifted by 24
        // bits; high·2^88 falls outside 128 bits.
        let product = low.multipliedFullWidth(by: 0x13B)
        high = high &* 0x13B &+ product.high &+ (low << 24)
        low = product.low
    }

    /// Feeds raw bytes (no tag, no length).
    public mutating func add<C: Collection>(bytes: C) where C.Element == UInt8 {
        for b in bytes { add(byte: b) }
    }

    /// Feeds a 64-bit integer, tagged.
    public mutating func combine(_ value: Int64) {
        add(byte: 0x01)
        addRaw(UInt64(bitPattern: value))
    }

    /// Feeds a Boolean, tagged.
    public mutating func combine(_ value: Bool) {
        add(byte: value ? 0x03 : 0x02)
    }

    /// Feeds a string, tagged, as its length and its UTF-8 bytes.
    public mutating func combine(_ value: String) {
        add(byte: 0x04)
        var text = value
        text.withUTF8 { bytes in
            addRaw(UInt64(bytes.count))
            for b in bytes { add(byte: b) }
        }
    }

    /// Feeds an optional string: a tag for nil, else the string.
    public mutating func combine(_ value: String?) {
        if let value { combine(value) } else { add(byte: 0x00) }
    }

    /// Feeds an optional integer: a tag for nil, else the integer.
    public mutating func combine(_ value: Int64?) {
        if let value { combine(value) } else { add(byte: 0x00) }
    }

    /// Feeds the start of a list of `count` items (the items follow).
    public mutating func beginList(_ count: Int) {
        add(byte: 0x05)
        addRaw(UInt64(count))
    }

    /// Feeds a field name before its value, so a value cannot pass for another field's.
    public mutating func field(_ tag: UInt8) {
        add(byte: 0x06)
        add(byte: tag)
    }

    private mutating func addRaw(_ value: UInt64) {
        var v = value
        for _ in 0..<8 {
            add(byte: UInt8(truncatingIfNeeded: v))
            v >>= 8
        }
    }
}
