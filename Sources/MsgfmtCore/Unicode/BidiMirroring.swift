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
        // Only the units this lets through have mirrors (the tests compare every unit with
        // ICU): letters of right-to-left text and their presentation forms are answered
        // without a search.
        if unit < 0x2039 {
            if unit < 0xC0 {
                // ( ) < > [ ] { } « », one bit each in rows of 64 units.
                let row: UInt64
                switch unit >> 6 {
                case 0: row = 1 << 0x28 | 1 << 0x29 | 1 << 0x3C | 1 << 0x3E
                case 1: row = 1 << (0x5B - 0x40) | 1 << (0x5D - 0x40) | 1 << (0x7B - 0x40) | 1 << (0x7D - 0x40)
                default: row = 1 << (0xAB - 0x80) | 1 << (0xBB - 0x80)
                }
                return row >> UInt64(unit & 0x3F) & 1 != 0 ? lookUp(unit) : unit
            }
            // Four Tibetan and two Ogham brackets.
            return unit &- 0x0F3A < 4 || unit &- 0x169B < 2 ? lookUp(unit) : unit
        }
        if unit >= 0x301C ? unit < 0xFE59 || unit &- 0xFE66 < 0xFF08 - 0xFE66 : unit &- 0x2E5D < 0x3008 - 0x2E5D {
            return unit
        }
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
