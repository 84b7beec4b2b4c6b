extension LineBuilder {
    /// What clusters `range` draw as: placeholders for unsafe controls, extra spaces for
    /// justification, clusters reversed for right-to-left text, its Arabic letters in their
    /// joined shapes (`ArabicShaping`) and its mirrored characters (brackets and the like)
    /// drawn as their mirrors (`BidiMirroring`).
    func display(_ range: Range<Int>, rtl: Bool, extras: [Int: Int]) -> String {
        let units = displayUnits(range, rtl: rtl, extras: extras)
        var ascii = true
        return units.withUnsafeBufferPointer { UTF16Text.makeString($0, ascii: &ascii) }
    }

    /// Appends the UTF-8 of `display(range, rtl: rtl, extras: [:])`, without making the
    /// string (a line sink writing a right-to-left run).
    func appendDisplay(_ range: Range<Int>, rtl: Bool, to out: inout [UInt8]) {
        displayUnits(range, rtl: rtl, extras: [:]).withUnsafeBufferPointer { UTF16Text.appendUTF8($0, to: &out) }
    }

    /// The UTF-16 units `display(_:rtl:extras:)` makes its string of.
    func displayUnits(_ range: Range<Int>, rtl: Bool, extras: [Int: Int]) -> [UInt16] {
        let first = table.start(range.lowerBound)
        let last = table.ends[range.upperBound - 1]
        let shapes = rtl ? ArabicShaping.shaped(table.text, range: first..<last) : nil
        let spaceWidth = constraints.displaySpaceWidth
        var spaces = 0
        if !extras.isEmpty {
            for i in range { spaces += (extras[i] ?? 0) / spaceWidth }
        }
        // Where each cluster after the first starts, kept when two clusters that may read
        // as one meet at one of them (`keepingClustersApart`).
        var joins: [Int] = []
        // Each cluster's units (a placeholder, of at most two units, takes one cluster's
        // place) and the spaces.
        var buffer = [UInt16].filled(capacity: 2 * (last - first) + spaces) { out in
            var n = 0
            withUnsafeTemporaryAllocation(of: Int.self, capacity: range.count) { starts in
                table.text.units.withUnsafeBufferPointer { units in
                    table.ends.withUnsafeBufferPointer { ends in
                        table.kinds.withUnsafeBufferPointer { kinds in
                            (shapes ?? []).withUnsafeBufferPointer { shaped in
                                var mayFuse = false
                                for k in range {
                                    let i = rtl ? range.upperBound &- 1 &- (k &- range.lowerBound) : k
                                    let s = i == 0 ? 0 : ends[i &- 1]
                                    let join = n
                                    if kinds[i] == .unsafe, let p = DisplaySafety.placeholder(for: table.text.scalar(at: s).scalar) {
                                        for unit in p.utf16 {
                                            out[n] = unit
                                            n &+= 1
                                        }
                                    } else if shapes != nil {
                                        for u in s..<ends[i] {
                                            out[n] = BidiMirroring.glyph(shaped[u &- first])
                                            n &+= 1
                                        }
                                    } else if rtl {
                                        for u in s..<ends[i] {
                                            out[n] = BidiMirroring.glyph(units[u])
                                            n &+= 1
                                        }
                                    } else {
                                        for u in s..<ends[i] {
                                            out[n] = units[u]
                                            n &+= 1
                                        }
                                    }
                                    if k > range.lowerBound {
                                        starts[k &- range.lowerBound &- 1] = join
                                        if !mayFuse {
                                            mayFuse =
                                                !GraphemeSegmenter.standsAlone(out[join &- 1])
                                                || !GraphemeSegmenter.standsAlone(out[join])
                                        }
                                    }
                                    if spaces > 0, let extra = extras[i] {
                                        for _ in 0..<extra / spaceWidth {
                                            out[n] = 0x20
                                            n &+= 1
                                        }
                                    }
                                }
                                if mayFuse { joins = Array(starts[..<(range.count - 1)]) }
                            }
                        }
                    }
                }
            }
            return n
        }
        if !joins.isEmpty { buffer = Self.keepingClustersApart(buffer, joins: joins) }
        return buffer
    }

    /// Puts `clusterSeparator` in front of each fragment whose first cluster would fuse
    /// with what is drawn just before it: the fragment to its left, or the blanks that
    /// align the line (`afterBlanks`). Fragments are split at style and level changes, tabs,
    /// placeholders and ellipses, so reordered right-to-left runs, a placeholder or a tab's
    /// spaces can meet a cluster that joins them (a lone mark or emoji modifier, a
    /// pictograph after ZWJ, a regional indicator, a conjoining jamo); drawn fused it
    /// would be narrower than laid out. Each join is judged by what meets there (`fuses`),
    /// as `keepingClustersApart` judges the clusters of one fragment, and plain lines
    /// apply the same rule run by run (`forEachRun`), so a line's bytes do not depend on
    /// how it is split. With `onlyLineStart`, the fragments after the first that draws
    /// text are left as they are.
    func keepApart(_ fragments: inout [LayoutFragment], afterBlanks: Bool, onlyLineStart: Bool = false) {
        // Fragments are read in place, by their numbers where they show text: a fragment
        // copied is a retain of each string it holds. A fragment whose ends might fuse
        // (`mayFuse` of the scalars at its message range's ends, or its display's for
        // decorations) is compared by what it draws.
        let placeholders = table.hasTabsOrUnsafe
        fragments.withUnsafeMutableBufferPointer { line in
            @inline(__always) func ends(_ k: Int) -> (first: UInt32, last: UInt32)? {
                line[k].role == .text ? textEnds(line[k].start, line[k].end, rtl: line[k].rtl) : line[k].displayEnds
            }
            // The last fragment that draws something, and its last scalar when known.
            var previous: Int? = nil
            var previousLast: UInt32? = nil
            for k in line.indices {
                if onlyLineStart, let p = previous, line[p].role == .text || line[p].role == .tab { break }
                if let p = previous, !placeholders, line[k].role == .text, line[p].role == .text, !line[p].rtl, !line[k].rtl,
                    line[p].end == line[k].start
                {
                    // Text drawn as it is, right after the text before it: the clusters meet
                    // as in the message, where a boundary is.
                    previous = k
                    previousLast = nil
                    continue
                }
                guard let here = ends(k) else { continue }
                defer {
                    previous = k
                    previousLast = here.last
                }
                let first = here.first
                let before: UInt32
                if let p = previous {
                    guard let last = previousLast ?? ends(p)?.last else { continue }
                    before = last
                } else if afterBlanks {
                    before = 0x20
                } else {
                    continue
                }
                guard Self.mayFuse(before, first) else { continue }
                let drawn = previous.map { line[$0].displayUnits } ?? [0x20]
                if Self.fuses(drawn, line[k].displayUnits) { line[k].drawApart() }
            }
        }
    }

    /// Scalars that stand for the first and last scalars text `start..<end` draws, for
    /// `mayFuse`: left to right, read at its ends; right to left, those of the clusters it
    /// covers (`drawnEnds`). A placeholder stands alone as the control it shows does.
    private func textEnds(_ start: Int, _ end: Int, rtl: Bool) -> (first: UInt32, last: UInt32)? {
        guard start < end, end <= table.text.units.count else { return nil }
        guard rtl else {
            return table.text.units.withUnsafeBufferPointer { units in
                (UTF16Text.scalarValue(in: units, at: start).value, UTF16Text.scalarValue(in: units, before: end).value)
            }
        }
        let first = table.firstCluster(in: 0..<table.count, startingAtOrAfter: start)
        let last = table.firstCluster(in: first..<table.count, startingAtOrAfter: end) &- 1
        guard first <= last else { return nil }
        return drawnEnds(first..<last &+ 1, rtl: true)
    }

    /// `value` drawn in right-to-left text: its mirror glyph (`BidiMirroring`).
    @inline(__always)
    static func mirrored(_ value: UInt32) -> UInt32 {
        value < 0x10000 ? UInt32(BidiMirroring.glyph(UInt16(value))) : value
    }

    /// True unless a cluster boundary is certain between scalar `last` and scalar `first`
    /// drawn right after it (`GraphemeSegmenter.breaks(between:and:)`): the cheap test
    /// before `fuses`.
    @inline(__always)
    static func mayFuse(_ last: UInt32, _ first: UInt32) -> Bool {
        // Below U+0300 every scalar is a cluster of its own, but CR before LF; two units
        // that stand alone (letters of most scripts) meet at a boundary.
        if last < 0x300, first < 0x300 { return last == 0x0D }
        if last | first < 0x10000, GraphemeSegmenter.standsAlone(UInt16(last)), GraphemeSegmenter.standsAlone(UInt16(first)) {
            return false
        }
        return !GraphemeSegmenter.breaks(between: last, and: first)
    }

    /// True when `next`, drawn right after `previous`, would not start a cluster of its
    /// own. Only what the rules look at is segmented: `previous` from the last certain
    /// boundary (no rule looks back across one) and the start of `next`.
    static func fuses(_ previous: [UInt16], _ next: [UInt16]) -> Bool {
        guard !previous.isEmpty, !next.isEmpty else { return false }
        var from = previous.count - 1
        while from > 0, !(GraphemeSegmenter.standsAlone(previous[from - 1]) && GraphemeSegmenter.standsAlone(previous[from])) {
            from -= 1
        }
        var joined = Array(previous[from...])
        let join = joined.count
        joined.append(contentsOf: next.prefix(32))
        return !GraphemeSegmenter.boundaries(in: UTF16Text(units: joined)).contains(join)
    }

    /// A zero-width character that always ends a grapheme cluster (Grapheme_Cluster_Break
    /// Control): put between reversed clusters that would otherwise fuse into one.
    static let clusterSeparator: UInt16 = 0x200B

    /// Appends the UTF-8 of `clusterSeparator` (out of line: it is rarely needed).
    @inline(never)
    static func appendClusterSeparator(to out: inout [UInt8]) {
        out.append(contentsOf: [0xE2, 0x80, 0x8B])
    }

    /// `buffer` with `clusterSeparator` inserted at each join where the clusters on either
    /// side would read as one (`fuses`): reversing right-to-left clusters can make a
    /// pictograph followed by a cluster ending in ZWJ, a lone combining mark, a pair of
    /// regional indicators or conjoining jamo fuse, and so can a placeholder put in for a
    /// control that used to keep a combining mark or modifier apart. A fused cluster is
    /// drawn narrower than the clusters laid out. Each join is judged by the two clusters
    /// that meet there, as `keepApart` judges the join of two fragments, so a line gets
    /// the same separators however it is split into fragments.
    static func keepingClustersApart(_ buffer: [UInt16], joins: [Int]) -> [UInt16] {
        var out: [UInt16] = []
        out.reserveCapacity(buffer.count + 4)
        var from = 0
        for (k, join) in joins.enumerated() {
            out.append(contentsOf: buffer[from..<join])
            let next = k + 1 < joins.count ? joins[k + 1] : buffer.count
            if from < join, join < next,
                buffer.withUnsafeBufferPointer({
                    mayFuse(UTF16Text.scalarValue(in: $0, before: join).value, UTF16Text.scalarValue(in: $0, at: join).value)
                }), fuses(Array(buffer[from..<join]), Array(buffer[join..<next]))
            {
                out.append(clusterSeparator)
            }
            from = join
        }
        out.append(contentsOf: buffer[from...])
        return out
    }
}
