/// Writes integers in decimal through a pointer: the one digit writer behind
/// `Array.appendDecimal` and `JSONWriter.Cursor.integer`.
enum DecimalDigits {
    /// The most bytes `write` writes for `width`: a sign and 19 digits, or the sign and
    /// `width` digits.
    @inline(__always)
    static func room(width: Int = 1) -> Int { 1 &+ Swift.max(19, width) }

    /// Writes `n` at `out`, after a minus sign when negative; returns the bytes written
    /// (at most `room()`).
    @inline(__always)
    static func write(_ n: Int64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var o = 0
        if n < 0 {
            out[0] = UInt8(ascii: "-")
            o = 1
        }
        let end = o &+ count(n.magnitude)
        writeDigits(n.magnitude, endingAt: out + end)
        return end
    }

    /// Writes `n` at `out` with at least `width` digits (zeros in front), after a minus
    /// sign when negative; returns the bytes written (at most `room(width:)`).
    @inline(__always)
    static func write(_ n: Int64, width: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var o = 0
        if n < 0 {
            out[0] = UInt8(ascii: "-")
            o = 1
        }
        let digits = count(n.magnitude)
        var zeros = width &- digits
        while zeros > 0 {
            out[o] = UInt8(ascii: "0")
            o &+= 1
            zeros &-= 1
        }
        writeDigits(n.magnitude, endingAt: out + (o &+ digits))
        return o &+ digits
    }

    /// Writes `n`, which is in 0...99, as exactly two digits at `out` (the fields of dates
    /// and times of day).
    @inline(__always)
    static func writeTwo(_ n: Int, to out: UnsafeMutablePointer<UInt8>) {
        out[0] = UInt8(truncatingIfNeeded: 0x30 &+ n / 10)
        out[1] = UInt8(truncatingIfNeeded: 0x30 &+ n % 10)
    }

    /// How many digits `magnitude` has.
    @inline(__always)
    private static func count(_ magnitude: UInt64) -> Int {
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits &+= 1
            rest /= 10
        }
        return digits
    }

    /// Writes the digits of `magnitude` so that the last one is just before `end`, from
    /// that one back.
    @inline(__always)
    private static func writeDigits(_ magnitude: UInt64, endingAt end: UnsafeMutablePointer<UInt8>) {
        var rest = magnitude
        var p = end
        repeat {
            p -= 1
            p.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
    }
}
