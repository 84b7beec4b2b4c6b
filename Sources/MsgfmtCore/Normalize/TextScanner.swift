/// UTF-16 code units as the entity finders read them: scalars forwards and backwards, and
/// character classes (`TextScanner+CharacterClasses`).
struct TextScanner {
    /// The code units scanned.
    let units: [UInt16]

    /// The number of code units.
    var count: Int { units.count }

    /// The scalar starting at `offset` and its length in units (U+FFFD for a lone surrogate).
    @inline(__always)
    func scalar(at offset: Int) -> (Unicode.Scalar, Int) {
        UTF16Text.scalar(in: units, at: offset)
    }

    /// The scalar ending just before `offset` (which must be above 0) and its length in units.
    func scalar(endingAt offset: Int) -> (Unicode.Scalar, Int) {
        UTF16Text.scalar(in: units, before: offset)
    }

    /// The number of UTF-8 bytes of the units in `range` (3 for a lone surrogate, which
    /// stands for U+FFFD).
    func utf8Count(_ range: Range<Int>) -> Int {
        var count = 0
        var i = range.lowerBound
        while i < range.upperBound {
            let (c, n) = scalar(at: i)
            count += UTF8.width(c)
            i += n
        }
        return count
    }

    /// True when the units from `offset` on spell `lowercase` (lower-case ASCII), ignoring
    /// the case of ASCII letters.
    func matches(_ lowercase: String, at offset: Int) -> Bool {
        guard offset >= 0, offset + lowercase.utf8.count <= units.count else { return false }
        var i = offset
        for byte in lowercase.utf8 {
            let u = units[i]
            let lowered = u >= 0x41 && u <= 0x5A ? u + 0x20 : u
            guard lowered == UInt16(byte) else { return false }
            i += 1
        }
        return true
    }

    /// The unit at `offset` when in range, else 0.
    @inline(__always)
    func unit(_ offset: Int) -> UInt16 { offset >= 0 && offset < units.count ? units[offset] : 0 }

    /// ASCII letter, digit or `_`.
    @inline(__always)
    static func isASCIIWord(_ u: UInt16) -> Bool {
        (u >= 0x30 && u <= 0x39) || (u >= 0x41 && u <= 0x5A) || (u >= 0x61 && u <= 0x7A) || u == 0x5F
    }

    /// A letter in any script (Unicode's Alphabetic property; the link checker's class).
    static func isLetter(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { let v = s.value; return (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) }
        return s.properties.isAlphabetic
    }

    /// A decimal digit in any script.
    static func isDigit(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { return s.value >= 0x30 && s.value <= 0x39 }
        return s.properties.numericType == .decimal
    }
}
