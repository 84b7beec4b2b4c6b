internal import CICU

/// Splits text into extended grapheme clusters (UAX #29), through ICU or an ASCII fast path.
public enum GraphemeSegmenter {
    /// The end offsets (UTF-16) of every grapheme cluster of `text`, in order; the last is
    /// `text.count`. Empty for empty text. In ASCII every unit is a cluster except CR LF.
    public static func boundaries(in text: UTF16Text) -> [Int] {
        let units = text.units
        if units.isEmpty { return [] }
        if text.isASCII {
            var result: [Int] = []
            result.reserveCapacity(units.count)
            var i = 0
            while i < units.count {
                if units[i] == 0x0D, i + 1 < units.count, units[i + 1] == 0x0A {
                    i += 2
                } else {
                    i += 1
                }
                result.append(i)
            }
            return result
        }
        return icuBoundaries(units)
    }

    /// ICU's grapheme boundaries for arbitrary UTF-16 code units.
    public static func icuBoundaries(_ units: [UInt16]) -> [Int] {
        if units.isEmpty { return [] }
        let capacity = units.count + 1
        var offsets = [Int32](repeating: 0, count: capacity)
        let count = units.withUnsafeBufferPointer { text in
            offsets.withUnsafeMutableBufferPointer { offs in
                msgfmt_icu_grapheme_breaks(text.baseAddress, Int32(units.count), offs.baseAddress, Int32(capacity))
            }
        }
        guard count >= 0 else {
            // Without ICU's rules, fall back to code points so nothing is lost.
            var result: [Int] = []
            var i = 0
            while i < units.count {
                i += (UTF16.isLeadSurrogate(units[i]) && i + 1 < units.count && UTF16.isTrailSurrogate(units[i + 1])) ? 2 : 1
                result.append(i)
            }
            return result
        }
        return offsets[0..<Int(count)].map { Int($0) }
    }

    /// The grapheme clusters of `text` as UTF-16 ranges.
    public static func clusters(in text: UTF16Text) -> [Range<Int>] {
        var start = 0
        return boundaries(in: text).map { end in
            defer { start = end }
            return start..<end
        }
    }
}
