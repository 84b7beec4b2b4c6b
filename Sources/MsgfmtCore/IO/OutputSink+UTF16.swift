extension OutputSink {
    /// Appends UTF-16 `units` as UTF-8, straight into the buffer; a lone surrogate becomes
    /// U+FFFD, as `String(decoding:as: UTF16.self)` would make it.
    public func write(utf16 units: UnsafeBufferPointer<UInt16>) {
        let n = units.count
        if n == 0 { return }
        // At most 3 bytes per unit: a surrogate pair is 2 units for 4 bytes.
        withAppendingCapacity(n * 3) { out in
            var i = 0
            var o = 0
            while i < n {
                let u = units[i]
                i &+= 1
                if u < 0x80 {
                    out[o] = UInt8(truncatingIfNeeded: u)
                    o &+= 1
                } else if u < 0x800 {
                    out[o] = UInt8(truncatingIfNeeded: 0xC0 | (u >> 6))
                    out[o &+ 1] = UInt8(truncatingIfNeeded: 0x80 | (u & 0x3F))
                    o &+= 2
                } else if u < 0xD800 || u > 0xDFFF {
                    out[o] = UInt8(truncatingIfNeeded: 0xE0 | (u >> 12))
                    out[o &+ 1] = UInt8(truncatingIfNeeded: 0x80 | ((u >> 6) & 0x3F))
                    out[o &+ 2] = UInt8(truncatingIfNeeded: 0x80 | (u & 0x3F))
                    o &+= 3
                } else if u < 0xDC00, i < n, units[i] >= 0xDC00, units[i] <= 0xDFFF {
                    let value = 0x10000 &+ (UInt32(u &- 0xD800) << 10) &+ UInt32(units[i] &- 0xDC00)
                    i &+= 1
                    out[o] = UInt8(truncatingIfNeeded: 0xF0 | (value >> 18))
                    out[o &+ 1] = UInt8(truncatingIfNeeded: 0x80 | ((value >> 12) & 0x3F))
                    out[o &+ 2] = UInt8(truncatingIfNeeded: 0x80 | ((value >> 6) & 0x3F))
                    out[o &+ 3] = UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F))
                    o &+= 4
                } else {
                    out[o] = 0xEF
                    out[o &+ 1] = 0xBF
                    out[o &+ 2] = 0xBD
                    o &+= 3
                }
            }
            return o
        }
    }

    /// Appends UTF-16 `units` as UTF-8 (see `write(utf16:)` for a buffer).
    public func write(utf16 units: [UInt16]) {
        units.withUnsafeBufferPointer { write(utf16: $0) }
    }
}
