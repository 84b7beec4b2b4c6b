internal import CICU

/// Rule L4 of UAX #9: in right-to-left text a mirrored character (a bracket, a less-than
/// sign, a guillemet…) is drawn as its mirror, so that `(` opening a right-to-left
/// parenthesis still points into it once the text is reversed for display. The pairs are
/// BidiMirroring.txt's, generated into CICU (`msgfmt_bidi_mirroring`); all are in the BMP.
enum BidiMirroring {
    /// The mirror glyph of the UTF-16 `unit`, or `unit` itself when it has none (every
    /// surrogate has none).
    @inline(__always)
    static func glyph(_ unit: UInt16) -> UInt16 {
        // The lowest mirrored character is `(`.
        guard unit >= 0x28 else { return unit }
        return lookUp(unit)
    }

    /// Binary search of the sorted pairs.
    private static func lookUp(_ unit: UInt16) -> UInt16 {
        let pairs = msgfmt_bidi_mirroring()!
        var low = 0
        var high = CodePointTable.mirroringPairs
        while low < high {
            let mid = (low &+ high) >> 1
            let code = pairs[mid &* 2]
            if code == unit { return pairs[mid &* 2 &+ 1] }
            if code < unit { low = mid &+ 1 } else { high = mid }
        }
        return unit
    }
}
