extension UTF16Text {
    /// The scalar value that starts at `units[k]` and its length in units (1 or 2); a
    /// lone surrogate reads as U+FFFD of length 1. The one UTF-16 decoder the walks over
    /// units share (layout, search terms, the Markdown writer, the entity finders).
    @inline(__always)
    static func scalarValue(in units: UnsafeBufferPointer<UInt16>, at k: Int) -> (value: UInt32, length: Int) {
        let unit = units[k]
        if unit & 0xF800 != 0xD800 { return (UInt32(unit), 1) }
        if unit < 0xDC00, k &+ 1 < units.count, units[k &+ 1] & 0xFC00 == 0xDC00 {
            return (0x10000 &+ ((UInt32(unit) &- 0xD800) << 10) &+ (UInt32(units[k &+ 1]) &- 0xDC00), 2)
        }
        return (0xFFFD, 1)
    }

    /// The scalar value that ends just before `units[k]` (`k` above 0) and its length in
    /// units; a lone surrogate reads as U+FFFD of length 1.
    @inline(__always)
    static func scalarValue(in units: UnsafeBufferPointer<UInt16>, before k: Int) -> (value: UInt32, length: Int) {
        if k >= 2, units[k &- 1] & 0xFC00 == 0xDC00, units[k &- 2] & 0xFC00 == 0xD800 {
            return scalarValue(in: units, at: k &- 2)
        }
        return scalarValue(in: units, at: k &- 1)
    }

    /// `scalarValue(in:at:)` as a scalar.
    @inline(__always)
    static func scalar(in units: UnsafeBufferPointer<UInt16>, at k: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let (value, length) = scalarValue(in: units, at: k)
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// `scalarValue(in:before:)` as a scalar.
    @inline(__always)
    static func scalar(in units: UnsafeBufferPointer<UInt16>, before k: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let (value, length) = scalarValue(in: units, before: k)
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// `scalar(in:at:)` of an array's units.
    @inline(__always)
    static func scalar(in units: [UInt16], at k: Int) -> (scalar: Unicode.Scalar, length: Int) {
        units.withUnsafeBufferPointer { scalar(in: $0, at: k) }
    }

    /// `scalar(in:before:)` of an array's units.
    @inline(__always)
    static func scalar(in units: [UInt16], before k: Int) -> (scalar: Unicode.Scalar, length: Int) {
        units.withUnsafeBufferPointer { scalar(in: $0, before: k) }
    }
}
