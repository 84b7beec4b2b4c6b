extension Array where Element == UInt8 {
    /// Lets `fill` write at most `maximum` bytes at the end of the array through a pointer
    /// and keeps the number it returns: one capacity check for a whole stretch of output
    /// (or a whole `read(2)`) instead of one per byte. The bytes go straight into the
    /// array's spare capacity, which grows as appending grows it.
    @inline(__always)
    mutating func appendBytes(upTo maximum: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Int) {
        if maximum <= 0 { return }
        #if compiler(>=6.2)
            append(addingCapacity: maximum) { span in
                span.withUnsafeMutableBufferPointer { spare, initialized in
                    initialized = Swift.min(Swift.max(fill(spare.baseAddress!), 0), maximum)
                }
            }
        #else
            // Swift 6.1 has no output spans: the room is zero-filled first and what `fill`
            // leaves unwritten is dropped again.
            let start = count
            append(contentsOf: repeatElement(0, count: maximum))
            let written = withUnsafeMutableBufferPointer { all in fill(all.baseAddress! + start) }
            removeLast(maximum - Swift.min(Swift.max(written, 0), maximum))
        #endif
    }

    /// Appends `n` in decimal with at least `width` digits (zeros in front), after a minus
    /// sign when negative.
    mutating func appendDecimal(_ n: Int64, width: Int = 1) {
        appendBytes(upTo: DecimalDigits.room(width: width)) { DecimalDigits.write(n, width: width, to: $0) }
    }

    /// Appends `bytes` with one capacity check and a copy, cheaper than the generic
    /// `append(contentsOf:)` for short pieces.
    @inline(__always)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        appendBytes(upTo: bytes.count) { out in
            out.update(from: base, count: bytes.count)
            return bytes.count
        }
    }

    /// Appends the UTF-8 of `string`.
    @inline(__always)
    mutating func append(utf8 string: String) {
        var s = string
        s.withUTF8 { append(bytes: $0) }
    }

    /// Appends the UTF-8 of the scalar `value`: U+FFFD when it is none (a surrogate, or past
    /// U+10FFFF).
    @inline(__always)
    mutating func append(scalar value: UInt32) {
        appendBytes(upTo: 4) { Self.write(scalar: value, to: $0) }
    }

    /// Writes the UTF-8 of the scalar `value` (U+FFFD when it is none) at `p`, which has
    /// room for four bytes; returns how many it wrote.
    @inline(__always)
    static func write(scalar value: UInt32, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let v = Unicode.Scalar(value)?.value ?? 0xFFFD
        switch v {
        case 0..<0x80:
            p[0] = UInt8(truncatingIfNeeded: v)
            return 1
        case 0x80..<0x800:
            p[0] = UInt8(truncatingIfNeeded: 0xC0 | v >> 6)
            p[1] = UInt8(truncatingIfNeeded: 0x80 | v & 0x3F)
            return 2
        case 0x800..<0x10000:
            p[0] = UInt8(truncatingIfNeeded: 0xE0 | v >> 12)
            p[1] = UInt8(truncatingIfNeeded: 0x80 | (v >> 6) & 0x3F)
            p[2] = UInt8(truncatingIfNeeded: 0x80 | v & 0x3F)
            return 3
        default:
            p[0] = UInt8(truncatingIfNeeded: 0xF0 | v >> 18)
            p[1] = UInt8(truncatingIfNeeded: 0x80 | (v >> 12) & 0x3F)
            p[2] = UInt8(truncatingIfNeeded: 0x80 | (v >> 6) & 0x3F)
            p[3] = UInt8(truncatingIfNeeded: 0x80 | v & 0x3F)
            return 4
        }
    }

    /// Appends the bytes of a literal.
    @inline(__always)
    mutating func append(literal: StaticString) {
        let count = literal.utf8CodeUnitCount
        appendBytes(upTo: count) { out in
            out.update(from: literal.utf8Start, count: count)
            return count
        }
    }
}
