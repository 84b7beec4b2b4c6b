extension HTMLEscaping {
    /// Appends the UTF-16 `units` in `range` escaped to `out` as UTF-8, exactly as
    /// `append(units:range:newlines:into:)` escapes them into a string, without building
    /// one. Lone surrogates become U+FFFD.
    static func append(units: UnsafeBufferPointer<UInt16>, range: Range<Int>, newlines: Newlines, into out: inout [UInt8]) {
        let lower = max(0, min(range.lowerBound, units.count))
        let upper = max(lower, min(range.upperBound, units.count))
        // The longest replacement, "&quot;", is 6 bytes for one unit.
        out.appendBytes(upTo: (upper - lower) * 6) { o in
            var w = 0
            @inline(__always) func put(_ b: UInt8) { o[w] = b; w &+= 1 }
            @inline(__always) func put3(_ v: UInt32) {
                o[w] = UInt8(truncatingIfNeeded: 0xE0 | (v >> 12))
                o[w &+ 1] = UInt8(truncatingIfNeeded: 0x80 | ((v >> 6) & 0x3F))
                o[w &+ 2] = UInt8(truncatingIfNeeded: 0x80 | (v & 0x3F))
                w &+= 3
            }
            @inline(__always) func putASCII(_ s: StaticString) {
                s.withUTF8Buffer { for b in $0 { o[w] = b; w &+= 1 } }
            }
            var i = lower
            while i < upper {
                let u = units[i]
                i &+= 1
                // Printable ASCII that needs no escaping: one test and a store.
                if isPlainASCII(u) {
                    put(UInt8(truncatingIfNeeded: u))
                    continue
                }
                if u < 0x80 {
                    switch u {
                    case 0x26: putASCII("&amp;")
                    case 0x3C: putASCII("&lt;")
                    case 0x3E: putASCII("&gt;")
                    case 0x22: putASCII("&quot;")
                    case 0x27: putASCII("&#39;")
                    case 0x0A:
                        switch newlines {
                        case .lineBreak: putASCII("<br>")
                        case .keep: put(0x0A)
                        case .space: put(0x20)
                        }
                    case 0x09: put(newlines == .space ? 0x20 : 0x09)
                    case 0x7F: put3(0x2421)
                    default:
                        if u < 0x20 { put3(0x2400 + UInt32(u)) } else { put(UInt8(truncatingIfNeeded: u)) }
                    }
                } else if u < 0xA0 {
                    put3(0xFFFD)
                } else if u < 0x800 {
                    put(UInt8(truncatingIfNeeded: 0xC0 | (u >> 6)))
                    put(UInt8(truncatingIfNeeded: 0x80 | (u & 0x3F)))
                } else if u < 0xD800 || u > 0xDFFF {
                    if (0x202A...0x202E).contains(u) || (0x2066...0x2069).contains(u) {
                        put3(0xFFFD)
                    } else {
                        put3(UInt32(u))
                    }
                } else if u < 0xDC00, i < upper, units[i] >= 0xDC00, units[i] <= 0xDFFF {
                    let value = 0x10000 &+ (UInt32(u &- 0xD800) << 10) &+ UInt32(units[i] &- 0xDC00)
                    i &+= 1
                    put(UInt8(truncatingIfNeeded: 0xF0 | (value >> 18)))
                    put(UInt8(truncatingIfNeeded: 0x80 | ((value >> 12) & 0x3F)))
                    put(UInt8(truncatingIfNeeded: 0x80 | ((value >> 6) & 0x3F)))
                    put(UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F)))
                } else {
                    put3(0xFFFD)
                }
            }
            return w
        }
    }

    /// True for a unit written as it is: printable ASCII other than `" & ' < >`. One bit
    /// per unit below 0x80 in two words.
    @inline(__always)
    private static func isPlainASCII(_ u: UInt16) -> Bool {
        let low: UInt64 = 0xFFFF_FFFF_0000_0000 & ~(1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E)
        let high: UInt64 = 0x7FFF_FFFF_FFFF_FFFF  // all but DEL
        guard u < 0x80 else { return false }
        return (u < 0x40 ? low : high) >> (u & 0x3F) & 1 != 0
    }

    /// Appends `string` escaped to `out` as UTF-8.
    static func append(_ string: String, newlines: Newlines, into out: inout [UInt8]) {
        var ascii = true
        let units = UTF16Text.units(of: string, ascii: &ascii)
        units.withUnsafeBufferPointer { append(units: $0, range: 0..<$0.count, newlines: newlines, into: &out) }
    }
}
