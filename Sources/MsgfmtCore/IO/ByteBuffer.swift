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
        // At most 19 digits, the zeros `width` asks for and a sign, written in one append
        // from the last digit back (no division to count the digits first).
        var magnitude = n.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits &+= 1
            rest /= 10
        }
        let padded = Swift.max(digits, width)
        let total = padded &+ (n < 0 ? 1 : 0)
        appendBytes(upTo: total) { out in
            var i = total
            repeat {
                i &-= 1
                out[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            while i > total &- padded {
                i &-= 1
                out[i] = UInt8(ascii: "0")
            }
            if n < 0 { out[0] = UInt8(ascii: "-") }
            return total
        }
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
