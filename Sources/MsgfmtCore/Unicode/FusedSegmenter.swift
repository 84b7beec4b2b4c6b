/// One walk over a text that finds its grapheme clusters (UAX #29), their cell widths and
/// where lines may break (UAX #14), reading one `CodePointTable` word per code point.
///
/// This is the path layout takes by default; ICU stays the oracle and the fallback. The
/// walk answers nil for text it does not decide, which then goes to ICU as before:
/// unpaired surrogates, viramas (ICU 72 keeps Indic conjuncts in one cluster, ahead of
/// Unicode 15.1's rule GB9c), and the line-break classes SA (Thai, Lao, Khmer, Myanmar: ICU
/// breaks them with dictionaries) and CB, and the rare look-ahead past a combining mark
/// (see `LineBreakState`). Differential tests check that clusters, widths and break
/// opportunities equal the ICU path's.
///
/// Most code points are letters of a word: between two plain letters or ideographs
/// (`CodePointTable.plainLetterBit`, `plainIdeographBit`) and between such a character and
/// a space no rule needs asking, nor before such a character after spaces that follow
/// anything but opening punctuation, so runs of them take a short loop that writes their
/// clusters (one cell a letter, two an ideograph) and moves the line-break state as
/// `decide` would (`LineBreakState.takePlain`, `takeSpace`). A space after anything else
/// but a hard break or a prepended mark ends its cluster without the rules too
/// (`takeSpaceAfterAny`), and the rest read cluster boundaries from a table by property
/// pair (`graphemeJoins`), asking `graphemeBoundary` only after ZWJ and regional
/// indicators, whose rules need the walk's state, and line breaks from a table by class
/// pair when no space or mark comes between (`LineBreakState.decideAdjacent`), asking
/// `decide` for the rest.
enum FusedSegmenter {
    /// The clusters of a text, their widths and the break opportunities after them.
    struct Result {
        /// End offset (UTF-16) of each cluster.
        var ends: [Int]
        /// Cell width of each cluster, as `CellMeasurer` measures it.
        var widths: [Int]
        /// True when UAX #14 allows a break inside or at the end of the cluster (where
        /// `ClusterTable` places an opportunity inside a cluster).
        var breakAfter: [Bool]
        /// Every opportunity as `LineBreaker.breaks` lists them, when asked for.
        var breaks: [LineBreak]
    }

    // Grapheme_Cluster_Break values (ICU's numbering, as in the table).
    private static let gcbControl: UInt32 = 1, gcbCR: UInt32 = 2, gcbExtend: UInt32 = 3, gcbL: UInt32 = 4
    private static let gcbLF: UInt32 = 5, gcbLV: UInt32 = 6, gcbLVT: UInt32 = 7, gcbT: UInt32 = 8, gcbV: UInt32 = 9
    private static let gcbSpacingMark: UInt32 = 10, gcbPrepend: UInt32 = 11, gcbRI: UInt32 = 12, gcbZWJ: UInt32 = 17
    /// ScalarFlags bits as they sit in a word.
    private static let wideBit: UInt32 = 1 << 12, presentationBit: UInt32 = 1 << 13, pictographicBit: UInt32 = 1 << 14
    private static let zeroWidthBit: UInt32 = 1 << 15, regionalBit: UInt32 = 1 << 16, emojiBit: UInt32 = 1 << 17
    /// A virama: ICU 72 joins Indic conjuncts across it, which this pass leaves to ICU.
    private static let viramaBit: UInt32 = 1 << 23
    private static let plainLetterBit = CodePointTable.plainLetterBit
    private static let plainBits = CodePointTable.plainLetterBit | CodePointTable.plainIdeographBit

    /// Segments `units` in one walk, widths under `model`; nil when the text needs ICU.
    /// O(n).
    static func segment(_ units: [UInt16], model: WidthModel, recordBreaks: Bool = false) -> Result? {
        let n = units.count
        if n == 0 { return Result(ends: [], widths: [], breakAfter: [], breaks: []) }
        // At most one cluster per unit, written through pointers into the result's arrays
        // (appending to arrays the closure captures costs a uniqueness check per element).
        var count = -1
        var breaks: [LineBreak] = []
        var widths: [Int] = []
        var breakAfter: [Bool] = []
        let ends = [Int].filled(capacity: n) { endsOut in
            widths = [Int].filled(capacity: n) { widthsOut in
                breakAfter = [Bool].filled(capacity: n) { breakOut in
                    count = walk(
                        units, model: model, recordBreaks: recordBreaks, endsOut: endsOut.baseAddress!,
                        widthsOut: widthsOut.baseAddress!, breakOut: breakOut.baseAddress!, breaks: &breaks)
                    return count
                }
                return count
            }
            return count
        }
        guard count >= 0 else { return nil }
        return Result(ends: ends, widths: widths, breakAfter: breakAfter, breaks: breaks)
    }

    /// The walk of `segment`: writes each cluster's end, width and break flag, and the
    /// opportunities to `breaks` when `recordBreaks`; the number of clusters, or -1 when
    /// the text needs ICU.
    @inline(__always)
    private static func walk(
        _ units: [UInt16], model: WidthModel, recordBreaks: Bool, endsOut: UnsafeMutablePointer<Int>,
        widthsOut: UnsafeMutablePointer<Int>, breakOut: UnsafeMutablePointer<Bool>, breaks: inout [LineBreak]
    ) -> Int {
        let n = units.count
        let stages = CodePointTable.stages
        var count = 0
        let decided: Bool = units.withUnsafeBufferPointer { u in
            LineBreakPairs.table.withUnsafeBufferPointer { pairs in
                LineBreakState.adjacentRows.withUnsafeBufferPointer { adjacent in
                    graphemeJoins.withUnsafeBufferPointer { joins in
                        var lines = LineBreakState(
                            units: u, stages: stages, pairs: pairs.baseAddress!, adjacent: adjacent.baseAddress!)
                        // The code point at i.
                        var value = UInt32(u[0])
                        var length = 1
                        if !decode(u, 0, &value, &length) { return false }
                        var word = CodePointTable.word(value, stages)
                        if word & viramaBit != 0 { return false }
                        if !lines.start(word: word, value: value) { return false }
                        var gcb = (word >> 6) & 0x1F
                        var regionalRun: UInt32 = gcb == gcbRI ? 1 : 0
                        var pictographic: UInt8 = word & pictographicBit != 0 ? 1 : 0  // 1: ExtPict Extend*, 2: ... ZWJ
                        var cluster = ClusterWidth(word: word, value: value)
                        var breakInside = false
                        // What came last, for the fast paths: 1 a plain letter or ideograph
                        // (`CodePointTable.plainLetterBit`, `plainIdeographBit`), 2 spaces after
                        // one or after which such a character may begin a line
                        // (`LineBreakState.spacesBreakBeforePlain`), 0 anything else.
                        var fast: UInt8 = word & plainBits != 0 ? 1 : 0
                        // The last plain character was a letter (else an ideograph).
                        var letterBefore = word & plainLetterBit != 0
                        var i = length
                        walk: while i < n {
                            if !decode(u, i, &value, &length) { return false }
                            word = CodePointTable.word(value, stages)
                            if fast != 0, word & plainBits != 0 {
                                // A run of plain letters and ideographs: between two of them a cluster
                                // boundary, no line break between letters (LB28), an opportunity next
                                // to an ideograph (LB31) and after spaces (LB18); one cell a letter,
                                // two an ideograph, and the grapheme state stays clear. The cluster
                                // before the run ends here.
                                var allowed = fast == 2 || !letterBefore || word & plainLetterBit == 0
                                if allowed, recordBreaks { breaks.append(LineBreak(offset: i, mandatory: false)) }
                                endsOut[count] = i
                                widthsOut[count] = cluster.width(model)
                                breakOut[count] = breakInside || allowed
                                count &+= 1
                                breakInside = false
                                var lastIsLetter = word & plainLetterBit != 0
                                lines.takePlain(LineBreakClass(word: word).resolved, allowed: allowed, wide: !lastIsLetter)
                                var lastWord = word
                                var lastValue = value
                                // The line-break state moves once, after the run, to its last
                                // character (what it keeps of the one before, `beforeBase`, is read
                                // only when the base is a hyphen or break-after character).
                                var moved = false
                                var j = i &+ length
                                while j < n {
                                    if !decode(u, j, &value, &length) { return false }
                                    word = CodePointTable.word(value, stages)
                                    if word & plainBits == 0 { break }
                                    let isLetter = word & plainLetterBit != 0
                                    allowed = !(lastIsLetter && isLetter)
                                    if allowed, recordBreaks { breaks.append(LineBreak(offset: j, mandatory: false)) }
                                    endsOut[count] = j
                                    widthsOut[count] = lastIsLetter ? 1 : 2
                                    breakOut[count] = allowed
                                    count &+= 1
                                    lastIsLetter = isLetter
                                    lastWord = word
                                    lastValue = value
                                    moved = true
                                    j &+= length
                                }
                                if moved {
                                    lines.takePlain(LineBreakClass(word: lastWord).resolved, allowed: allowed, wide: !lastIsLetter)
                                }
                                cluster = ClusterWidth(word: lastWord, value: lastValue)
                                fast = 1
                                letterBefore = lastIsLetter
                                i = j
                                // The code point at j (if any) is decoded and neither.
                                if j == n { break walk }
                            }
                            if fast != 0, value == 0x20 {
                                // A space after a plain letter, ideograph or spaces: a boundary, no
                                // break (LB7).
                                endsOut[count] = i
                                widthsOut[count] = cluster.width(model)
                                breakOut[count] = breakInside
                                count &+= 1
                                breakInside = false
                                cluster = ClusterWidth(word: word, value: value)
                                lines.takeSpace()
                                fast = 2
                                i &+= 1
                                continue
                            }
                            if value == 0x20, gcb != gcbPrepend, !lines.endsWithHardBreak {
                                // A space after anything else but a hard break or a prepended mark:
                                // a cluster boundary (GB999) and no break before it (LB7), which
                                // `graphemeBoundary` and `decide` would find; the grapheme state
                                // clears.
                                endsOut[count] = i
                                widthsOut[count] = cluster.width(model)
                                breakOut[count] = breakInside
                                count &+= 1
                                breakInside = false
                                cluster = ClusterWidth(word: word, value: value)
                                lines.takeSpaceAfterAny()
                                gcb = (word >> 6) & 0x1F
                                regionalRun = 0
                                pictographic = 0
                                letterBefore = false
                                fast = lines.spacesBreakBeforePlain ? 2 : 0
                                i &+= 1
                                continue
                            }
                            fast = word & plainBits != 0 ? 1 : 0
                            letterBefore = word & plainLetterBit != 0
                            if word & viramaBit != 0 { return false }
                            let next = (word >> 6) & 0x1F
                            // Most code points here follow another without a space: their
                            // pair of classes decides alone (`decideAdjacent`).
                            var decided = lines.decideAdjacent(word: word, value: value)
                            if decided == nil { decided = lines.decide(at: i, length: length, word: word, value: value) }
                            guard let decision = decided else { return false }
                            if recordBreaks, decision != .prohibited {
                                breaks.append(LineBreak(offset: i, mandatory: decision == .mandatory))
                            }
                            let boundary =
                                gcb == gcbZWJ || gcb == gcbRI
                                ? graphemeBoundary(gcb, next, regionalRun: regionalRun, pictographic: pictographic, word: word)
                                : joins[Int(gcb)] & (1 << next) == 0
                            if boundary {
                                endsOut[count] = i
                                widthsOut[count] = cluster.width(model)
                                breakOut[count] = breakInside || decision != .prohibited
                                count &+= 1
                                breakInside = false
                                cluster = ClusterWidth(word: word, value: value)
                            } else {
                                breakInside = breakInside || decision != .prohibited
                                cluster.add(word: word, value: value)
                            }
                            regionalRun = next == gcbRI ? (gcb == gcbRI ? regionalRun &+ 1 : 1) : 0
                            if word & pictographicBit != 0 {
                                pictographic = 1
                            } else if pictographic == 1, next == gcbExtend {
                                pictographic = 1
                            } else if pictographic == 1, next == gcbZWJ {
                                pictographic = 2
                            } else {
                                pictographic = 0
                            }
                            gcb = next
                            i &+= length
                            // A space the rules above took (after punctuation, a symbol, a
                            // digit...) leaves the state the fast paths start from when a
                            // letter may begin a line after it: no cluster is open across it
                            // unless a prepended mark holds it, which the run's entry ends alike.
                            if value == 0x20, lines.spacesBreakBeforePlain { fast = 2 }
                        }
                        endsOut[count] = n
                        widthsOut[count] = cluster.width(model)
                        breakOut[count] = true
                        count &+= 1
                        if recordBreaks { breaks.append(LineBreak(offset: n, mandatory: lines.endsWithHardBreak)) }
                        return true
                    }
                }
            }
        }
        return decided ? count : -1
    }

    /// Reads the code point at `i`; false for an unpaired surrogate.
    @inline(__always)
    private static func decode(_ u: UnsafeBufferPointer<UInt16>, _ i: Int, _ value: inout UInt32, _ length: inout Int) -> Bool {
        let unit = u[i]
        if unit & 0xF800 != 0xD800 {
            value = UInt32(unit)
            length = 1
            return true
        }
        guard unit < 0xDC00, i &+ 1 < u.count, u[i &+ 1] & 0xFC00 == 0xDC00 else { return false }
        value = 0x10000 &+ ((UInt32(unit) &- 0xD800) << 10) &+ (UInt32(u[i &+ 1]) &- 0xDC00)
        length = 2
        return true
    }

    /// For each Grapheme_Cluster_Break value `a`, bit `b` set when no cluster boundary
    /// falls between `a` and `b` (`graphemeBoundary`). Exact for every `a` but ZWJ and
    /// regional indicators, whose rules (GB11, GB12, GB13) need the walk's state: the walk
    /// asks `graphemeBoundary` for those.
    static let graphemeJoins: [UInt32] = (0..<32).map { a in
        (0..<32).reduce(UInt32(0)) { joins, b in
            graphemeBoundary(a, b, regionalRun: 0, pictographic: 0, word: 0) ? joins : joins | 1 << b
        }
    }

    /// True when UAX #29 (Unicode 15.0, as ICU 72) puts a cluster boundary between a code
    /// point of property `a` and one of property `b` (with `word`).
    static func graphemeBoundary(_ a: UInt32, _ b: UInt32, regionalRun: UInt32, pictographic: UInt8, word: UInt32) -> Bool {
        if a == gcbCR { return b != gcbLF }  // GB3, GB4
        if a == gcbControl || a == gcbLF { return true }  // GB4
        if b == gcbControl || b == gcbCR || b == gcbLF { return true }  // GB5
        switch a {
        case gcbL: if b == gcbL || b == gcbV || b == gcbLV || b == gcbLVT { return false }  // GB6
        case gcbLV, gcbV: if b == gcbV || b == gcbT { return false }  // GB7
        case gcbLVT, gcbT: if b == gcbT { return false }  // GB8
        default: break
        }
        if b == gcbExtend || b == gcbZWJ || b == gcbSpacingMark { return false }  // GB9, GB9a
        if a == gcbPrepend { return false }  // GB9b
        if a == gcbZWJ, pictographic == 2, word & pictographicBit != 0 { return false }  // GB11
        if a == gcbRI, b == gcbRI { return regionalRun % 2 == 0 }  // GB12, GB13
        return true
    }

    /// What the width of a cluster needs, gathered code point by code point (the rules of
    /// `CellWidth.ofCluster` and `CellMeasurer`).
    private struct ClusterWidth {
        var firstWord: UInt32
        var firstValue: UInt32
        var sum: Int
        /// What the code points after the first were, as `joinedBit`, `vs16Bit`, ...: one
        /// byte, so that starting a cluster costs the walk few stores.
        var marks: UInt8 = 0

        /// `marks` bits: more than one code point; U+FE0F, U+FE0E, U+200D, U+20E3 among them.
        static let joinedBit: UInt8 = 1, vs16Bit: UInt8 = 2, vs15Bit: UInt8 = 4, zwjBit: UInt8 = 8, keycapBit: UInt8 = 16

        @inline(__always)
        init(word: UInt32, value: UInt32) {
            firstWord = word
            firstValue = value
            sum = Self.scalarWidth(word)
        }

        @inline(__always)
        static func scalarWidth(_ word: UInt32) -> Int {
            if word & FusedSegmenter.zeroWidthBit != 0 { return 0 }
            return word & (FusedSegmenter.wideBit | FusedSegmenter.presentationBit) != 0 ? 2 : 1
        }

        @inline(__always)
        mutating func add(word: UInt32, value: UInt32) {
            sum &+= Self.scalarWidth(word)
            var bit = Self.joinedBit
            switch value {
            case 0xFE0F: bit |= Self.vs16Bit
            case 0xFE0E: bit |= Self.vs15Bit
            case 0x200D: bit |= Self.zwjBit
            case 0x20E3: bit |= Self.keycapBit
            default: break
            }
            marks |= bit
        }

        @inline(__always)
        func width(_ model: WidthModel) -> Int {
            if marks == 0 {
                // An unsafe control is measured as its one-cell placeholder (DisplaySafety).
                let v = firstValue
                if v < 0x20 || (v >= 0x7F && v < 0xA0) || (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069) {
                    return 1
                }
                return sum
            }
            if model == .legacy { return sum }
            let emoji = firstWord & FusedSegmenter.emojiBit != 0
            if firstWord & FusedSegmenter.regionalBit != 0 || (marks & Self.keycapBit != 0 && emoji) { return 2 }
            if marks & Self.vs15Bit != 0, emoji { return 1 }
            if marks & Self.vs16Bit != 0, emoji { return 2 }
            if marks & Self.zwjBit != 0, firstWord & FusedSegmenter.pictographicBit != 0 { return 2 }
            if firstWord & FusedSegmenter.presentationBit != 0 { return 2 }
            return min(2, sum)
        }
    }
}
