internal import CByteScan

/// A line whose fragments are its runs of one style and one bidi level, drawn as the
/// message's units are (right-to-left runs as `LineBuilder.display` draws them): what an
/// emitter writing lines as they come (`LineSink`) can write from the cluster table
/// without building the line (`LineBuilder.plainLine`).
struct PlainLine {
    /// Column of the line's first cell (`LayoutLine.x`).
    var x: Int
    /// The quote bar in front of the text, when the line has one: its cells (the
    /// alignment's blanks included, as in a built line; 0: none), the spaces its display
    /// has after the bar character (`LineBuilder.barDisplay`) and the UTF-16 offset it
    /// stands at. Numbers only, so a plain line is made and dropped without a retain.
    var barCells = 0
    var barSpaces = 0
    var barStart = 0

    /// Appends the bar's display (`LineBuilder.barDisplay`), when there is a bar.
    func appendBar(to out: inout [UInt8]) {
        guard barCells > 0 else { return }
        LineBuilder.appendBarDisplay(spaces: barSpaces, to: &out)
    }
}

extension LineBuilder {
    /// Where line `plan` starts and its quote bar, when `build` would make it of nothing
    /// but runs of text, one per stretch of clusters of one style and level
    /// (`forEachRun`): no tab, unsafe control, ellipsis, justification or joined last
    /// paragraph. Nil otherwise: that line is built.
    func plainLine(_ plan: LinePlan) -> PlainLine? {
        guard !table.hasTabsOrUnsafe, tailBase == .max, !(constraints.align == .justify && justifiable && plan.continues) else {
            return nil
        }
        var width = 0
        for span in plan.spans {
            guard case .clusters(let range) = span else { return nil }
            let clusters = range.clamped(to: 0..<table.count)
            width &+= table.width(clusters)
        }
        let (pad, barWidth) = placement(contentWidth: width)
        guard barWidth > 0 else { return PlainLine(x: pad) }
        return PlainLine(x: 0, barCells: barWidth + pad, barSpaces: barSpaces(barWidth, pad: pad), barStart: table.start(plan.start))
    }

    /// True when every cluster of `plan` is at bidi level 0 in a left-to-right paragraph
    /// (a line of a paragraph with right-to-left text elsewhere may be): its runs are in
    /// logical order.
    private func isAtLevelZero(_ plan: LinePlan) -> Bool {
        guard paragraphLevel == 0, tailBase == .max else { return false }
        guard let levels else { return true }
        return levels.withUnsafeBufferPointer { levels in
            var any: UInt8 = 0
            for span in plan.spans {
                guard case .clusters(let range) = span else { continue }
                // Clusters outside the segment's levels are at the paragraph's (`level`).
                let lower = max(0, range.lowerBound &- levelBase)
                let upper = min(levels.count, range.upperBound &- levelBase)
                guard lower < upper else { continue }
                for k in lower..<upper { any |= levels[k] }
            }
            return any == 0
        }
    }

    /// Calls `body` with each run of plain line `line` (`plainLine`) from left to right:
    /// its clusters, all of one style and level, their cells, whether they are right to
    /// left (drawn as `display(_:rtl:extras:)` draws them, else as they are), and whether
    /// `clusterSeparator` goes before them (`keepApart`'s rule) — the fragments `build`
    /// would make, in the order it puts them.
    @inline(__always)
    func forEachRun(
        _ plan: LinePlan, of line: PlainLine, _ body: (_ clusters: Range<Int>, _ width: Int, _ rtl: Bool, _ apart: Bool) -> Void
    ) {
        let styles = table.styles
        guard let base = styles.baseAddress else { return }
        // The last scalar drawn before the text: the bar's, an aligning blank, or none.
        var before: UInt32? = line.barCells > 0 ? (line.barSpaces > 0 ? 0x20 : 0x258E) : line.x > 0 ? 0x20 : nil
        guard hasLevels, !isAtLevelZero(plan) else {
            // Runs in logical order: only the first can meet a cluster it joins (the
            // others follow the clusters they follow in the text).
            for span in plan.spans {
                guard case .clusters(let range) = span else { continue }
                let clusters = range.clamped(to: 0..<table.count)
                var i = clusters.lowerBound
                while i < clusters.upperBound {
                    let j = msgfmt_byte_scan_int32_other(base, i, clusters.upperBound, styles[i])
                    var apart = false
                    if let last = before {
                        apart = keptApart(i..<j, rtl: false, after: last, of: line)
                        before = nil
                    }
                    body(i..<j, table.width(i..<j), false, apart)
                    i = j
                }
            }
            return
        }
        // Runs of one style and level in logical order, then drawn in visual order. A
        // plain line has no joined last paragraph (`tailBase`), so a cluster's level is
        // the segment's, read in place, or the paragraph's outside them (`level(_:)`).
        var runs: [Range<Int>] = []
        var levels: [UInt8] = []
        runs.reserveCapacity(plan.spans.count &+ 8)
        levels.reserveCapacity(plan.spans.count &+ 8)
        assert(tailBase == .max, "forEachRun runs over plain lines only")
        let levelBase = self.levelBase
        let outside = paragraphLevel
        (self.levels ?? []).withUnsafeBufferPointer { segment in
            @inline(__always) func levelOf(_ i: Int) -> UInt8 {
                let k = i &- levelBase
                return k >= 0 && k < segment.count ? segment[k] : outside
            }
            for span in plan.spans {
                guard case .clusters(let range) = span else { continue }
                let clusters = range.clamped(to: 0..<table.count)
                var i = clusters.lowerBound
                while i < clusters.upperBound {
                    let style = styles[i]
                    let lv = levelOf(i)
                    var j = i &+ 1
                    while j < clusters.upperBound, styles[j] == style, levelOf(j) == lv { j &+= 1 }
                    runs.append(i..<j)
                    levels.append(lv)
                    i = j
                }
            }
        }
        let order = BidiParagraph.visualOrder(levels: levels)
        var previous: (run: Range<Int>, rtl: Bool)? = nil
        for k in order {
            let rtl = levels[k] % 2 == 1
            var apart = false
            if let previous {
                apart = keptApart(runs[k], rtl: rtl, after: previous.run, rtl: previous.rtl)
            } else if let last = before {
                apart = keptApart(runs[k], rtl: rtl, after: last, of: line)
            }
            body(runs[k], table.width(runs[k]), rtl, apart)
            previous = (runs[k], rtl)
        }
    }

    /// True when run `clusters` would fuse with run `previous`, drawn just before it (out
    /// of line, as the other `keptApart`, to keep the callers' loops small).
    @inline(never)
    private func keptApart(_ clusters: Range<Int>, rtl: Bool, after previous: Range<Int>, rtl previousRTL: Bool) -> Bool {
        guard Self.mayFuse(drawnEnds(previous, rtl: previousRTL).last, drawnEnds(clusters, rtl: rtl).first) else { return false }
        return Self.fuses(drawnUnits(previous, rtl: previousRTL), drawnUnits(clusters, rtl: rtl))
    }

    /// True when run `clusters` would fuse with what `line` draws before its text (its bar
    /// or blanks), whose last scalar is `last`.
    @inline(never)
    private func keptApart(_ clusters: Range<Int>, rtl: Bool, after last: UInt32, of line: PlainLine) -> Bool {
        guard Self.mayFuse(last, drawnEnds(clusters, rtl: rtl).first) else { return false }
        let drawn = line.barCells > 0 ? Array(Self.barDisplay(spaces: line.barSpaces).utf16) : [0x20]
        return Self.fuses(drawn, drawnUnits(clusters, rtl: rtl))
    }

    /// The first and last scalars that `clusters` draw as, read from the message's units
    /// (right to left: the first scalar of the last cluster, mirrored, and the last of the
    /// first). Arabic shaping, left out, never changes what a scalar joins: enough for
    /// `mayFuse`.
    @inline(__always)
    func drawnEnds(_ clusters: Range<Int>, rtl: Bool) -> (first: UInt32, last: UInt32) {
        table.text.units.withUnsafeBufferPointer { units in
            if rtl {
                return (
                    Self.mirrored(UTF16Text.scalarValue(in: units, at: table.start(clusters.upperBound &- 1)).value),
                    Self.mirrored(UTF16Text.scalarValue(in: units, before: table.ends[clusters.lowerBound]).value)
                )
            }
            return (
                UTF16Text.scalarValue(in: units, at: table.start(clusters.lowerBound)).value,
                UTF16Text.scalarValue(in: units, before: table.ends[clusters.upperBound &- 1]).value
            )
        }
    }

    /// The units `clusters` draw as (`display(_:rtl:extras:)`).
    private func drawnUnits(_ clusters: Range<Int>, rtl: Bool) -> [UInt16] {
        if rtl { return displayUnits(clusters, rtl: true, extras: [:]) }
        return Array(table.text.units[table.start(clusters.lowerBound)..<table.ends[clusters.upperBound &- 1]])
    }
}
