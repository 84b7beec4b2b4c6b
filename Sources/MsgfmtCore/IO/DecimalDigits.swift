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

    /// How many digits `magnitude` has: compared, for the small numbers most are, then
    /// counted.
    @inline(__always)
    private static func count(_ magnitude: UInt64) -> Int {
        if magnitude < 10 { return 1 }
        if magnitude < 100 { return 2 }
        if magnitude < 1000 { return 3 }
        if magnitude < 10000 { return 4 }
        var digits = 5
        var rest = magnitude / 100_000
        while rest > 0 {
            digits &+= 1
            rest /= 10
        }
        return digits
    }

    /// The digits of 0 to 99, two each: the pair for `n` starts at byte `2 * n`.
    private static let pairs: StaticString =
        """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """

    /// Writes the digits of `magnitude` so that the last one is just before `end`, from
    /// that one back, two at a time.
    @inline(__always)
    private static func writeDigits(_ magnitude: UInt64, endingAt end: UnsafeMutablePointer<UInt8>) {
        let pairs = Self.pairs.utf8Start
        var rest = magnitude
        var p = end
        while rest >= 100 {
            let q = rest / 100
            let r = Int(truncatingIfNeeded: rest &- q &* 100) &* 2
            p -= 2
            p[0] = pairs[r]
            p[1] = pairs[r &+ 1]
            rest = q
        }
        if rest >= 10 {
            let r = Int(truncatingIfNeeded: rest) &* 2
            p[-2] = pairs[r]
            p[-1] = pairs[r &+ 1]
        } else {
            p[-1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
        }
    }
}
