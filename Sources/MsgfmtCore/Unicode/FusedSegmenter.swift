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
/// `decide` would (`LineBreakState.takePlain`, `takeSpace`); within such a run, ASCII
/// letters after a letter take a tighter loop still, which goes on across spaces to the
/// ASCII letters after them (`closeASCIIWords`), and the run goes on across spaces to a
/// letter of any script or an ideograph after them (`crossSpaces`). A space after anything
/// else but a hard
/// break or a prepended mark ends its cluster without the rules too
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
        /// Cell width of each cluster, as `CellMeasurer` measures it; with a tab width, as
        /// layout counts it: 0 for a line end, the tab width for a tab.
        var widths: [Int]
        /// How layout treats each cluster.
        var kinds: [ClusterKind]
        /// The kinds that occur, one bit each (`1 << rawValue`).
        var kindsSeen: UInt8
        /// True when UAX #14 allows a break inside or at the end of the cluster (where
        /// `ClusterTable` places an opportunity inside a cluster).
        var breakAfter: [Bool]
        /// Every opportunity as `LineBreaker.breaks` lists them, when asked for.
        var breaks: [LineBreak]
    }

    // Grapheme_Cluster_Break values (ICU's numbering, as in the table).
    static let gcbControl: UInt32 = 1, gcbCR: UInt32 = 2, gcbExtend: UInt32 = 3, gcbL: UInt32 = 4
    static let gcbLF: UInt32 = 5, gcbLV: UInt32 = 6, gcbLVT: UInt32 = 7, gcbT: UInt32 = 8, gcbV: UInt32 = 9
    static let gcbSpacingMark: UInt32 = 10, gcbPrepend: UInt32 = 11, gcbRI: UInt32 = 12, gcbZWJ: UInt32 = 17
    /// ScalarFlags bits as they sit in a word.
    static let wideBit: UInt32 = 1 << 12, presentationBit: UInt32 = 1 << 13, pictographicBit: UInt32 = 1 << 14
    static let zeroWidthBit: UInt32 = 1 << 15, regionalBit: UInt32 = 1 << 16, emojiBit: UInt32 = 1 << 17
    /// A virama: ICU 72 joins Indic conjuncts across it, which this pass leaves to ICU.
    static let viramaBit: UInt32 = 1 << 23
    private static let plainLetterBit = CodePointTable.plainLetterBit
    private static let plainBits = CodePointTable.plainLetterBit | CodePointTable.plainIdeographBit

    /// Segments `units` in one walk, widths under `model`; nil when the text needs ICU.
    /// With `tabWidth`, line ends are 0 cells wide and tabs `tabWidth`, as layout counts
    /// them. O(n).
    static func segment(_ units: [UInt16], model: WidthModel, tabWidth: Int? = nil, recordBreaks: Bool = false) -> Result? {
        let n = units.count
        if n == 0 { return Result(ends: [], widths: [], kinds: [], kindsSeen: 0, breakAfter: [], breaks: []) }
        // At most one cluster per unit, written through pointers into the result's arrays
        // (appending to arrays the closure captures costs a uniqueness check per element).
        var count = -1
        var kindsSeen: UInt8 = 0
        var breaks: [LineBreak] = []
        var widths: [Int] = []
        var breakAfter: [Bool] = []
        var kinds: [ClusterKind] = []
        let ends = [Int].filled(capacity: n) { endsOut in
            widths = [Int].filled(capacity: n) { widthsOut in
                breakAfter = [Bool].filled(capacity: n) { breakOut in
                    kinds = [ClusterKind].filled(capacity: n) { kindsOut in
                        // Most clusters are text: the walk writes only the other kinds.
                        kindsOut.initialize(repeating: .text)
                        var out = Output(
                            ends: endsOut.baseAddress!, widths: widthsOut.baseAddress!, breakAfter: breakOut.baseAddress!,
                            kinds: kindsOut.baseAddress!, model: model, tabWidth: tabWidth ?? -1)
                        count = segment(units, into: &out, recordBreaks: recordBreaks, breaks: &breaks) ? out.count : -1
                        kindsSeen = out.kindsSeen
                        return count
                    }
                    return count
                }
                return count
            }
            return count
        }
        guard count >= 0 else { return nil }
        return Result(ends: ends, widths: widths, kinds: kinds, kindsSeen: kindsSeen, breakAfter: breakAfter, breaks: breaks)
    }

    /// Segments `units` (not empty) into `out`, whose columns have room for one cluster per
    /// unit and whose kinds are all `.text`: the walk for a caller that owns the columns
    /// (`ClusterTable` keeps them in one allocation). Adds the opportunities to `breaks`
    /// when `recordBreaks`; false when the text needs ICU. O(n).
    static func segment(_ units: [UInt16], into out: inout Output, recordBreaks: Bool = false, breaks: inout [LineBreak]) -> Bool {
        walk(units, recordBreaks: recordBreaks, out: &out, breaks: &breaks)
    }

    /// The walk of `segment`: writes each cluster to `out`, and the opportunities to
    /// `breaks` when `recordBreaks`; false when the text needs ICU.
    @inline(__always)
    private static func walk(_ units: [UInt16], recordBreaks: Bool, out: inout Output, breaks: inout [LineBreak]) -> Bool {
        let n = units.count
        let stages = CodePointTable.stages
        return units.withUnsafeBufferPointer { u in
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
                                out.close(cluster, end: i, breakAfter: breakInside || allowed)
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
                                    if lastIsLetter, isASCIILetter(u[j]) {
                                        // ASCII letters after a letter, and the words of them
                                        // after spaces, most of most texts: each its own
                                        // cluster of one cell, no break before a letter after a
                                        // letter (LB28) nor before a space (LB7), one after the
                                        // spaces (LB18).
                                        let (k, afterSpace) = closeASCIIWords(
                                            u, from: j, out: &out, recordBreaks: recordBreaks, breaks: &breaks)
                                        allowed = afterSpace
                                        lastValue = UInt32(u[k &- 1])
                                        lastWord = CodePointTable.word(lastValue, stages)
                                        moved = true
                                        j = k
                                        continue
                                    }
                                    if lastIsLetter, u[j] >= 0x80, u[j] & 0xF800 != 0xD800 {
                                        // Letters of other scripts after a letter: each its own
                                        // cluster of one cell, no break between them (LB28).
                                        let run = closeLetters(u, from: j, stages: stages, out: &out)
                                        if run.end > j {
                                            allowed = false
                                            lastWord = run.word
                                            lastValue = run.value
                                            moved = true
                                            j = run.end
                                            continue
                                        }
                                    }
                                    if u[j] == 0x20 || isClauseMark(u[j]),
                                        let next = crossSpaces(
                                            u, at: j, after: lastIsLetter, stages: stages, out: &out, recordBreaks: recordBreaks,
                                            breaks: &breaks)
                                    {
                                        // Spaces, or a clause mark and spaces, then a letter of
                                        // any script or an ideograph: the walk goes on after it.
                                        allowed = true
                                        lastIsLetter = next.word & plainLetterBit != 0
                                        lastWord = next.word
                                        lastValue = next.value
                                        moved = true
                                        j = next.end
                                        continue
                                    }
                                    if !decode(u, j, &value, &length) { return false }
                                    word = CodePointTable.word(value, stages)
                                    if word & plainBits == 0 { break }
                                    let isLetter = word & plainLetterBit != 0
                                    allowed = !(lastIsLetter && isLetter)
                                    if allowed, recordBreaks { breaks.append(LineBreak(offset: j, mandatory: false)) }
                                    out.closePlain(end: j, wide: !lastIsLetter, breakAfter: allowed)
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
                                out.close(cluster, end: i, breakAfter: breakInside)
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
                                out.close(cluster, end: i, breakAfter: breakInside)
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
                                out.close(cluster, end: i, breakAfter: breakInside || decision != .prohibited)
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
                        out.close(cluster, end: n, breakAfter: true)
                        if recordBreaks { breaks.append(LineBreak(offset: n, mandatory: lines.endsWithHardBreak)) }
                        return true
                    }
                }
            }
        }
    }

    /// In a run of letters, at the ASCII letter `u[start]`: closes the cluster that ends
    /// there and that of each ASCII letter after it but the last (one cell each, no break
    /// after any, LB28), going on across spaces followed by an ASCII letter, and across a
    /// full stop, comma, colon, semicolon, exclamation or question mark before such spaces
    /// (each a cluster of one cell; no break before the mark, LB13, nor before a space,
    /// LB7; one after the last space, LB18: what comes before the spaces is no opening
    /// punctuation); returns where the ASCII letters end and whether the last one follows
    /// a space. The last letter's cluster stays open for the caller. Not inlined: inlined,
    /// it cost the walk's loop its registers (the walk took 1 M instructions more on 5 000
    /// messages instead of 16 M fewer).
    @inline(never)
    private static func closeASCIIWords(
        _ u: UnsafeBufferPointer<UInt16>, from start: Int, out: inout Output, recordBreaks: Bool, breaks: inout [LineBreak]
    ) -> (end: Int, afterSpace: Bool) {
        let n = u.count
        var k = start
        var afterSpace = false
        while true {
            // The letter before `u[k]` is open; ASCII letters close it in turn (eight
            // units at a time, CByteScan).
            let letters = k
            k = out.closeASCIILetters(u, from: k)
            if k > letters { afterSpace = false }
            // A mark that ends a clause and spaces go too when an ASCII letter follows
            // them; anything else is the walk's to decide.
            guard k < n else { return (k, afterSpace) }
            var s = k
            if u[s] != 0x20 {
                guard isClauseMark(u[s]) else { return (k, afterSpace) }
                s &+= 1
            }
            var t = s
            while t < n && u[t] == 0x20 { t &+= 1 }
            guard t > s, t < n, isASCIILetter(u[t]) else { return (k, afterSpace) }
            // The letter, the mark and the spaces end their clusters; the letter after them
            // is open.
            closeAcrossSpaces(end: k, wide: false, spaces: s, next: t, out: &out, recordBreaks: recordBreaks, breaks: &breaks)
            afterSpace = true
            k = t &+ 1
        }
    }

    /// In a run of letters, at `start`: closes the cluster that ends there and that of each
    /// plain letter of the BMP outside ASCII from there on but the last (one cell each, no
    /// break between letters, LB28); answers where those letters end (`start` when
    /// `u[start]` is none) and the last one's word and value, its cluster open for the
    /// caller. Not inlined, for the walk's registers (see `closeASCIIWords`).
    @inline(never)
    private static func closeLetters(
        _ u: UnsafeBufferPointer<UInt16>, from start: Int, stages: CodePointTable.Stages, out: inout Output
    ) -> (end: Int, word: UInt32, value: UInt32) {
        let n = u.count
        var k = start
        var word: UInt32 = 0
        var value: UInt32 = 0
        while k < n {
            let unit = u[k]
            // ASCII letters are `closeASCIIWords`'s, surrogates the walk's.
            if unit < 0x80 || unit & 0xF800 == 0xD800 { break }
            let w = CodePointTable.word(UInt32(unit), stages)
            if w & plainLetterBit == 0 { break }
            out.closePlain(end: k, wide: false, breakAfter: false)
            word = w
            value = UInt32(unit)
            k &+= 1
        }
        return (k, word, value)
    }

    /// In a run of letters and ideographs, after the one that ends at `start` (a `letter`,
    /// else an ideograph): when spaces, or a full stop, comma, colon, semicolon,
    /// exclamation or question mark and spaces, come next and a plain letter of any script
    /// or an ideograph (`CodePointTable.plainLetterBit`, `plainIdeographBit`) follows
    /// them, closes the clusters of the one before, the mark and the spaces as
    /// `closeASCIIWords` does (no break before the mark, LB13, nor before a space, LB7; one
    /// after the last space, LB18) and answers where the character after them ends, its
    /// word and its value (its cluster stays open for the caller); else nil, having written
    /// nothing. Not inlined, for the walk's registers (see `closeASCIIWords`).
    @inline(never)
    private static func crossSpaces(
        _ u: UnsafeBufferPointer<UInt16>, at start: Int, after letter: Bool, stages: CodePointTable.Stages, out: inout Output,
        recordBreaks: Bool, breaks: inout [LineBreak]
    ) -> (end: Int, word: UInt32, value: UInt32)? {
        let n = u.count
        let s = u[start] == 0x20 ? start : start &+ 1
        var t = s
        while t < n && u[t] == 0x20 { t &+= 1 }
        guard t > s, t < n else { return nil }
        var value: UInt32 = 0
        var length = 1
        guard decode(u, t, &value, &length) else { return nil }
        let word = CodePointTable.word(value, stages)
        guard word & plainBits != 0 else { return nil }
        closeAcrossSpaces(end: start, wide: !letter, spaces: s, next: t, out: &out, recordBreaks: recordBreaks, breaks: &breaks)
        return (t &+ length, word, value)
    }

    /// The closing `closeASCIIWords` and `crossSpaces` share, where spaces, after a clause
    /// mark or not, lie between two characters of a run. Closes the cluster of the
    /// character that ends at `end` (`wide` for an ideograph); then the mark's, which ends
    /// at `spaces`, when there is one (`spaces > end`); then each space's but the last, with
    /// no break after it (LB7, LB13); then the last space's, which ends at `next`, with the
    /// break opportunity after it (LB18).
    @inline(__always)
    private static func closeAcrossSpaces(
        end: Int, wide: Bool, spaces: Int, next: Int, out: inout Output, recordBreaks: Bool, breaks: inout [LineBreak]
    ) {
        out.closePlain(end: end, wide: wide, breakAfter: false)
        if spaces > end { out.closePlain(end: spaces, wide: false, breakAfter: false) }
        var k = spaces &+ 1
        while k < next {
            out.closeSpace(end: k, breakAfter: false)
            k &+= 1
        }
        out.closeSpace(end: next, breakAfter: true)
        if recordBreaks { breaks.append(LineBreak(offset: next, mandatory: false)) }
    }

    /// True for `!`, `,`, `.`, `:`, `;` and `?` (line-break classes EX and IS): no break
    /// before one (LB13), and spaces after one break before a letter (LB18).
    @inline(__always)
    private static func isClauseMark(_ unit: UInt16) -> Bool {
        // One bit per mark, from U+0021 on.
        let marks: UInt64 =
            1 << (0x21 - 0x21) | 1 << (0x2C - 0x21) | 1 << (0x2E - 0x21) | 1 << (0x3A - 0x21) | 1 << (0x3B - 0x21)
            | 1 << (0x3F - 0x21)
        let offset = unit &- 0x21
        return offset < 64 && marks >> UInt64(offset) & 1 != 0
    }

    /// True for an ASCII letter (a plain letter: `CodePointTable.plainLetterBit`).
    @inline(__always)
    private static func isASCIILetter(_ unit: UInt16) -> Bool {
        (unit | 0x20) &- 0x61 < 26
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
}
