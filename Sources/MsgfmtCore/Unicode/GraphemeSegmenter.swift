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

    /// True when a cluster boundary is certain between scalar `last` and scalar `first`
    /// drawn right after it, whatever comes before `last`: `first` extends nothing (not
    /// Extend, ZWJ or SpacingMark), `last` reaches into nothing after it (not CR, Prepend,
    /// ZWJ or a virama; an Extend only when it is a variation selector, an emoji modifier
    /// or the cancel tag, which end no Indic conjunct), and the two are not both regional
    /// indicators or both conjoining jamo. The cheap test before segmenting text to see.
    static func breaks(between last: UInt32, and first: UInt32) -> Bool {
        let stages = CodePointTable.stages
        let lastWord = CodePointTable.word(last, stages)
        let firstWord = CodePointTable.word(first, stages)
        let l = (lastWord >> 6) & 0x1F
        let f = (firstWord >> 6) & 0x1F
        typealias S = FusedSegmenter
        if f == S.gcbExtend || f == S.gcbSpacingMark || f == S.gcbZWJ { return false }
        if l == S.gcbCR || l == S.gcbPrepend || l == S.gcbZWJ || lastWord & S.viramaBit != 0 { return false }
        if l == S.gcbExtend, !(last == 0xFE0E || last == 0xFE0F || last &- 0x1F3FB <= 4 || last == 0xE007F) { return false }
        if l == S.gcbRI && f == S.gcbRI { return false }
        let jamo = { (gcb: UInt32) in gcb == S.gcbL || gcb == S.gcbLV || gcb == S.gcbLVT || gcb == S.gcbT || gcb == S.gcbV }
        return !(jamo(l) && jamo(f))
    }

    /// True when a cluster boundary is certain between two units that both answer true
    /// and no rule looks back across it.
    @inline(__always)
    static func standsAlone(_ unit: UInt16) -> Bool {
        // ASCII but CR, and Latin but © and ® (pictographs).
        if unit < 0x300 { return unit != 0x0D && unit != 0xA9 && unit != 0xAE }
        if unit < 0x3041 {
            // Greek and Cyrillic letters, Hebrew and Arabic letters.
            if unit &- 0x370 <= 0x482 - 0x370 || unit &- 0x48A <= 0x52F - 0x48A || unit &- 0x5D0 <= 0x5EA - 0x5D0
                || unit &- 0x620 <= 0x64A - 0x620
            {
                return true
            }
        } else {
            // CJK ideographs; precomposed Hangul syllables, which join only conjoining jamo
            // (never alone); Arabic letters' presentation forms (`ArabicShaping`); kana.
            if unit &- 0x4E00 <= 0x9FFF - 0x4E00 || unit &- 0xAC00 <= 0xD7A3 - 0xAC00 || unit &- 0xFE80 <= 0xFEFC - 0xFE80
                || unit &- 0xFB50 <= 0xFBB1 - 0xFB50 || unit &- 0x3041 <= 0x3096 - 0x3041 || unit &- 0x30A1 <= 0x30FA - 0x30A1
            {
                return true
            }
            if unit & 0xF800 == 0xD800 { return false }
        }
        // ScalarFlags.graphemeAlone, from the code point table: Grapheme_Cluster_Break
        // Other, Control or LF, and not Extended_Pictographic.
        let word = CodePointTable.word(UInt32(unit))
        let gcb = (word >> 6) & 0x1F
        return (gcb == 0 || gcb == 1 || gcb == 5) && word & FusedSegmenter.pictographicBit == 0
    }

    /// Boundaries found unit by unit where certain, through ICU for the stretches between.
    static func chunkedBoundaries(_ units: [UInt16]) -> [Int] {
        let n = units.count
        var scratch: [Int32] = []
        var failed = false
        // At most one boundary per unit, written in place.
        let result = [Int].filled(capacity: n) { out in
            var written = 0
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
            return written
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
