/// Character-class helpers over UTF-16 code units, for the entity finders.
struct TextScanner {
    /// The code units scanned.
    let units: [UInt16]

    /// The number of code units.
    var count: Int { units.count }

    /// The scalar starting at `offset` and its length in units (U+FFFD for a lone surrogate).
    @inline(__always)
    func scalar(at offset: Int) -> (Unicode.Scalar, Int) {
        let unit = units[offset]
        if unit < 0xD800 || unit > 0xDFFF { return (Unicode.Scalar(UInt32(unit)) ?? "\u{FFFD}", 1) }
        if UTF16.isLeadSurrogate(unit), offset + 1 < units.count, UTF16.isTrailSurrogate(units[offset + 1]) {
            let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[offset + 1]) - 0xDC00)
            return (Unicode.Scalar(value) ?? "\u{FFFD}", 2)
        }
        return ("\u{FFFD}", 1)
    }

    /// The scalar ending just before `offset`, or nil at the start.
    func scalar(before offset: Int) -> Unicode.Scalar? {
        guard offset > 0 else { return nil }
        if offset >= 2, UTF16.isTrailSurrogate(units[offset - 1]), UTF16.isLeadSurrogate(units[offset - 2]) {
            return scalar(at: offset - 2).0
        }
        return scalar(at: offset - 1).0
    }

    /// The scalar at `offset`, or nil at or past the end.
    func scalar(after offset: Int) -> Unicode.Scalar? {
        offset < units.count ? scalar(at: offset).0 : nil
    }

    /// The unit at `offset` when in range, else 0.
    @inline(__always)
    func unit(_ offset: Int) -> UInt16 { offset >= 0 && offset < units.count ? units[offset] : 0 }

    /// ASCII letter, digit or `_`.
    @inline(__always)
    static func isASCIIWord(_ u: UInt16) -> Bool {
        (u >= 0x30 && u <= 0x39) || (u >= 0x41 && u <= 0x5A) || (u >= 0x61 && u <= 0x7A) || u == 0x5F
    }

    /// A letter in any script.
    static func isLetter(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { let v = s.value; return (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) }
        return s.properties.isAlphabetic
    }

    /// A decimal digit in any script.
    static func isDigit(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { return s.value >= 0x30 && s.value <= 0x39 }
        return s.properties.numericType == .decimal
    }

    /// A letter, digit or `_`: what may not touch the start of a mention or tag.
    static func isWord(_ s: Unicode.Scalar?) -> Bool {
        guard let s else { return false }
        return s == "_" || isLetter(s) || isDigit(s)
    }
}
