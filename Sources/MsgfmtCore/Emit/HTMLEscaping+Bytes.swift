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
            let base = units.baseAddress!
            var i = lower
            while i < upper {
                let u = units[i]
                // Printable ASCII that needs no escaping is copied: where eight units are
                // left, the run of them here, up to eight at a time (the first is plain, so
                // each step moves on); near the end, one test and a store.
                if isPlainASCII(u) {
                    if i &+ 8 <= upper {
                        let eight = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD8<UInt16>.self)
                        // Eight bytes fit: each of the eight units left could take six.
                        UnsafeMutableRawPointer(o + w).storeBytes(
                            of: SIMD8<UInt8>(truncatingIfNeeded: eight), as: SIMD8<UInt8>.self)
                        let n = plainASCIIPrefix(eight)
                        i &+= n
                        w &+= n
                    } else {
                        put(UInt8(truncatingIfNeeded: u))
                        i &+= 1
                    }
                    continue
                }
                i &+= 1
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
    static func isPlainASCII(_ u: UInt16) -> Bool {
        let low: UInt64 = 0xFFFF_FFFF_0000_0000 & ~markupBits
        let high: UInt64 = 0x7FFF_FFFF_FFFF_FFFF  // all but DEL
        guard u < 0x80 else { return false }
        return (u < 0x40 ? low : high) >> (u & 0x3F) & 1 != 0
    }

    /// How many of the eight units, from the first, are plain ASCII (`isPlainASCII`):
    /// 0 to 8. Each unit is tested by lane arithmetic, which compiles to a few vector
    /// instructions, and its verdict kept in its top bit.
    @inline(__always)
    static func plainASCIIPrefix(_ u: SIMD8<UInt16>) -> Int {
        // Below 0x20 wraps to 0xFFE0 and up; 0x7F and above gives 0x5F and up. Either way
        // the top bit is set in `x` itself or once 0x7FA1 is added (which cannot wrap for
        // `x` below 0x8000).
        let x = u &- 0x20
        var bad = (x &+ 0x7FA1) | x
        // A lane is zero after the XOR exactly when it is `"`, `&` or `'`, `<` or `>`;
        // `(e - 1) & ~e` sets the top bit of zero lanes only.
        let quote = u ^ 0x22
        let ampersandOrApostrophe = (u | 1) ^ 0x27
        let angle = (u | 2) ^ 0x3E
        bad |= (quote &- 1) & ~quote
        bad |= (ampersandOrApostrophe &- 1) & ~ampersandOrApostrophe
        bad |= (angle &- 1) & ~angle
        let words = unsafeBitCast(bad & 0x8000, to: SIMD2<UInt64>.self)
        if words[0] != 0 { return words[0].trailingZeroBitCount >> 4 }
        return 4 &+ words[1].trailingZeroBitCount >> 4
    }

    /// Appends `string` escaped to `out` as UTF-8.
    static func append(_ string: String, newlines: Newlines, into out: inout [UInt8]) {
        var whole = string
        let copied = whole.withUTF8 { bytes in
            guard isClean(bytes) else { return false }
            out.append(bytes: bytes)
            return true
        }
        if copied { return }
        append(needingWork: string, newlines: newlines, into: &out)
    }

    /// Appends `string`, which `isClean` refused, escaped to `out` as UTF-8, through its
    /// UTF-16 units (the string path calls this too, having made that check itself).
    static func append(needingWork string: String, newlines: Newlines, into out: inout [UInt8]) {
        let units = UTF16Text.units(of: string)
        units.withUnsafeBufferPointer { append(units: $0, range: 0..<$0.count, newlines: newlines, into: &out) }
    }
}
