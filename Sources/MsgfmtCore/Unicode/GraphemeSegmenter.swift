internal import CICU

/// Splits text into extended grapheme clusters (UAX #29), through ICU or fast paths.
///
/// ICU's iterator is only asked about the stretches that need it: between two code units
/// that are both `ScalarFlags.graphemeAlone` a boundary is certain and no rule looks
/// across it, so the text is cut there and every stretch of such units is answered
/// unit by unit (Latin, Cyrillic, CJK, most Arabic and Hebrew letters).
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
        return chunkedBoundaries(units)
    }

    /// True when a cluster boundary is certain between two units that both answer true
    /// and no rule looks back across it.
    @inline(__always)
    static func standsAlone(_ unit: UInt16) -> Bool {
        switch unit {
        case 0..<0x80: return unit != 0x0D
        case 0x80...0x2FF: return unit != 0xA9 && unit != 0xAE  // Latin; © and ® are pictographs
        case 0x370...0x482, 0x48A...0x52F: return true  // Greek and Cyrillic letters
        case 0x5D0...0x5EA, 0x620...0x64A: return true  // Hebrew and Arabic letters
        case 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF: return true  // kana, CJK ideographs
        // Precomposed Hangul syllables join only conjoining jamo, which never stand alone.
        case 0xAC00...0xD7A3: return true
        case 0xD800...0xDFFF: return false
        default: return ScalarFlags.of(Unicode.Scalar(UInt32(unit))!).contains(.graphemeAlone)
        }
    }

    /// Boundaries found unit by unit where certain, through ICU for the stretches between.
    static func chunkedBoundaries(_ units: [UInt16]) -> [Int] {
        let n = units.count
        var scratch: [Int32] = []
        var failed = false
        // At most one boundary per unit, written in place.
        let result = [Int](unsafeUninitializedCapacity: n) { out, written in
            written = 0
            units.withUnsafeBufferPointer { text in
                var start = 0  // start of the stretch that is not yet answered
                var previousAlone = standsAlone(text[0])
                var p = 1
                while p <= n {
                    let alone = p < n ? standsAlone(text[p]) : true
                    if p == n || (previousAlone && alone) {
                        // A certain boundary at p: answer [start, p).
                        if p &- start == 1 {
                            out[written] = p
                            written &+= 1
                        } else if !icuStretch(text, start, p, into: out, at: &written, scratch: &scratch) {
                            failed = true
                            return
                        }
                        start = p
                    }
                    previousAlone = alone
                    p &+= 1
                }
            }
        }
        return failed ? icuBoundaries(units) : result
    }

    /// Writes ICU's boundaries of `text[start..<end]` (offset to the whole text) at
    /// `out[written...]`.
    private static func icuStretch(
        _ text: UnsafeBufferPointer<UInt16>, _ start: Int, _ end: Int,
        into out: UnsafeMutableBufferPointer<Int>, at written: inout Int,
        scratch: inout [Int32]
    ) -> Bool {
        let length = end - start
        if scratch.count < length + 1 { scratch = [Int32](repeating: 0, count: max(length + 1, 64)) }
        let count = scratch.withUnsafeMutableBufferPointer { offsets in
            msgfmt_icu_grapheme_breaks(text.baseAddress! + start, Int32(length), offsets.baseAddress, Int32(offsets.count))
        }
        // ICU reports at most one boundary per unit of the stretch, ending at its end.
        guard count > 0, Int(count) <= length else { return false }
        for k in 0..<Int(count) {
            out[written] = start &+ Int(scratch[k])
            written &+= 1
        }
        return true
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
        var result: [Int] = []
        result.reserveCapacity(Int(count))
        for k in 0..<Int(count) { result.append(Int(offsets[k])) }
        return result
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
