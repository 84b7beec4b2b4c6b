internal import CICU

/// Checks what every layout must satisfy, for tests: line ranges tile the text (up to a
/// truncation) at grapheme boundaries, lines break only at UAX #14 opportunities (or
/// inside a word wider than the line, when folding), no line is wider than the width
/// unless it holds one grapheme wider than the width and nothing else (or `--overflow
/// visible` let a word stick out): decorations give way first, fragments are contiguous
/// in cells and don't overlap in the source, each fragment's display is as wide as its
/// `width` and free of unsafe characters, the whole line draws as wide as its fragments
/// (no clusters fuse where they meet), an ellipsis is drawn next to the text it cuts
/// in that text's direction, and the text survives (what is not shown is whitespace
/// hanging at a line end).
///
/// Build one checker per message and reuse it across constraints: it segments the text
/// once. Assumes the default cell measurer unless given another (a `FontMeasurer`): then
/// a text fragment's width must be the sum of its clusters' measured widths instead of
/// its display's cells. Reached from outside the module only through
/// `TextLayout.checkInvariants(_:_:measurer:)`.
struct LayoutInvariantChecker {
    private let styled: StyledText
    private let graphemeStarts: Set<Int>
    private let graphemeEnds: [Int]
    private let breaks: Set<Int>
    private let blockBounds: Set<Int>
    /// Widths and drawings already computed (fragments repeat across layouts of one text).
    private final class WidthCache {
        // Keyed by code units: String keys compare canonically equivalent text as equal,
        // but `é` and `e\u{301}` must each be checked as written.
        var widths: [WidthModel: [[UInt16]: Int]] = [:]
        var drawn: [Bool: [[UInt16]: [Unicode.Scalar]]] = [:]
    }
    private let cache = WidthCache()
    /// The measurer layout used, when not the cell measurer.
    private let measurer: (any TextMeasurer)?

    /// Prepares the checks for `styled`, laid out with `measurer` (nil: cells).
    init(_ styled: StyledText, measurer: (any TextMeasurer)? = nil) {
        self.styled = styled
        self.measurer = measurer
        let blocks = LayoutEngine.tiledBlocks(styled)
        let starts = blocks.map(\.range.lowerBound)
        graphemeEnds = ClusterTable.splitting(GraphemeSegmenter.boundaries(in: styled.text), at: starts, text: styled.text)
        graphemeStarts = Set([0] + graphemeEnds)
        // A UAX #14 opportunity inside a grapheme cluster counts at the cluster's end.
        let ends = graphemeEnds
        breaks = Set(
            LineBreaker.breaks(in: styled.text).map { opportunity in
                let index = Self.firstEnd(in: ends, after: opportunity.offset - 1)
                return index < ends.count ? ends[index] : opportunity.offset
            })
        blockBounds = Set(starts + [styled.text.count])
    }

    /// The broken invariants of `layout`, laid out from this text under `constraints`,
    /// one sentence each; empty when all hold.
    func violations(_ layout: TextLayout, _ constraints: LayoutConstraints) -> [String] {
        let c = constraints.clamped
        let text = styled.text
        let n = text.count
        var found: [String] = []
        if layout.text != text.string { found.append("the layout's text differs from the message text") }
        if c.maxLines > 0, layout.lines.count > c.maxLines { found.append("\(layout.lines.count) lines exceed the limit of \(c.maxLines)") }
        if n > 0, layout.lines.isEmpty { found.append("non-empty text has no lines") }
        if !layout.truncated, let last = layout.lines.last, last.end != n {
            found.append("the last line ends at \(last.end), not at the end \(n)")
        }
        var previousEnd = 0
        for (i, line) in layout.lines.enumerated() {
            let tag = "line \(i)"
            if line.y != i { found.append("\(tag) has y \(line.y)") }
            if line.start > line.end || line.end > n { found.append("\(tag) has range \(line.start)..<\(line.end)") }
            if layout.truncated ? line.start < previousEnd : line.start != previousEnd {
                found.append("\(tag) starts at \(line.start) but the previous line ended at \(previousEnd)")
            }
            previousEnd = line.end
            if !graphemeStarts.contains(line.start) || !graphemeStarts.contains(line.end) {
                found.append("\(tag) range \(line.start)..<\(line.end) splits a grapheme cluster")
            }
            found += fragmentViolations(line, tag: tag, constraints: c)
            if i + 1 < layout.lines.count, layout.lines[i + 1].start == line.end, line.start < line.end,
                let problem = breakViolation(at: line.end, line: line, constraints: c)
            {
                found.append("\(tag) \(problem)")
            }
        }
        return found
    }

    private func fragmentViolations(_ line: LayoutLine, tag: String, constraints c: LayoutConstraints) -> [String] {
        let text = styled.text
        var found: [String] = []
        var x = line.x
        var sources: [(Int, Int)] = []
        var clusters = 0
        var hasEllipsis = false
        for fragment in line.fragments {
            if fragment.x != x { found.append("\(tag) has a fragment at x \(fragment.x), expected \(x)") }
            x += fragment.width
            if let measurer, fragment.role == .text, c.align != .justify {
                let measured = measuredWidth(fragment.start..<fragment.end, measurer, tabWidth: c.tabWidth)
                if measured != fragment.width {
                    found.append(
                        "\(tag) fragment \(fragment.text.debugDescription) is \(fragment.width) wide, but its clusters measure \(measured)")
                }
            }
            let measured = measurer == nil ? width(of: fragment.display, model: c.widthModel) : fragment.width
            if measured != fragment.width {
                found.append("\(tag) fragment \(fragment.display.debugDescription) is \(measured) cells, not \(fragment.width)")
            }
            if fragment.display.unicodeScalars.contains(where: {
                DisplaySafety.isUnsafe($0) || $0 == "\u{85}" || $0 == "\u{2028}" || $0 == "\u{2029}"
            }) {
                found.append("\(tag) fragment display \(fragment.display.debugDescription) holds an unsafe character")
            }
            switch fragment.role {
            case .text, .tab:
                if fragment.start >= fragment.end || fragment.start < line.start || fragment.end > line.end {
                    found.append("\(tag) fragment range \(fragment.start)..<\(fragment.end) is outside \(line.start)..<\(line.end)")
                    continue
                }
                if !fragment.text.utf16.elementsEqual(text.units[fragment.start..<fragment.end]) {
                    found.append("\(tag) fragment text differs from its source")
                }
                if fragment.role == .text,
                    fragment.display != fragment.text || fragment.rtl
                        || fragment.text.unicodeScalars.contains(where: DisplaySafety.isUnsafe),
                    drawn(fragment.text, rtl: fragment.rtl) != Self.shown(fragment.display)
                {
                    found.append(
                        "\(tag) fragment display \(fragment.display.debugDescription) does not show \(fragment.text.debugDescription)")
                }
                sources.append((fragment.start, fragment.end))
                clusters += clustersEnding(in: fragment.start..<fragment.end)
            case .ellipsis, .quoteBar, .title:
                if fragment.role == .ellipsis { hasEllipsis = true }
                if fragment.start != fragment.end { found.append("\(tag) decoration has a source range") }
            }
        }
        if x - line.x != line.width { found.append("\(tag) width \(line.width) differs from its fragments' \(x - line.x)") }
        if measurer == nil {
            // Drawn whole, after a blank when it is aligned: no cluster fuses with another
            // where two fragments meet (`LineBuilder.keepApart`).
            let blank = line.x > 0 ? " " : ""
            let drawn = width(of: blank + line.fragments.map(\.display).joined(), model: c.widthModel) - blank.count
            if drawn != x - line.x {
                found.append("\(tag) draws as \(drawn) cells, not \(x - line.x): clusters fuse where its fragments meet")
            }
        }
        if line.x + line.width > c.width, c.overflow != .visible, clusters > 1 {
            found.append("\(tag) is \(line.x + line.width) cells wide, more than \(c.width)")
        }
        if line.x + line.width > c.width, c.overflow != .visible, clusters <= 1 {
            let decorated = line.fragments.contains { $0.role != .text && $0.role != .tab }
            let text = line.fragments.reduce(0) { $0 + ($1.role == .text || $1.role == .tab ? $1.width : 0) }
            if decorated || line.x > 0 || text <= c.width {
                found.append(
                    "\(tag) is \(line.x + line.width) cells wide, more than \(c.width), but its text alone is \(text) cells\(decorated ? " and it has decorations" : "")"
                )
            }
        }
        found += ellipsisViolations(line, tag: tag)
        sources.sort { $0.0 < $1.0 }
        for k in sources.indices.dropFirst() where sources[k].0 < sources[k - 1].1 {
            found.append("\(tag) fragments overlap at \(sources[k].0)")
        }
        if !hasEllipsis, c.overflow == .fold || c.overflow == .visible {
            var covered = line.start
            for (s, e) in sources + [(line.end, line.end)] {
                for u in covered..<max(covered, s) where !Self.isHanging(text.units[u]) {
                    found.append("\(tag) does not show \(text.substring(u..<u + 1).debugDescription) at \(u)")
                    break
                }
                covered = max(covered, e)
            }
        }
        return found
    }

    /// Where the ellipsis of `line` (when it has one) is drawn: next to the last character
    /// shown before its offset, on that character's logical-end side (right if left to
    /// right, left if right to left), or next to the first one shown after it, on its
    /// logical-start side. With text on both sides one of the two suffices (they may go
    /// different ways); with text on one side only, that side must hold.
    private func ellipsisViolations(_ line: LayoutLine, tag: String) -> [String] {
        let fragments = line.fragments
        let ellipses = fragments.indices.filter { fragments[$0].role == .ellipsis }
        guard ellipses.count == 1, let e = ellipses.first else { return [] }
        let at = fragments[e].start
        var before: Int? = nil
        var after: Int? = nil
        for (k, f) in fragments.enumerated() where f.role == .text || f.role == .tab {
            if f.end <= at, before.map({ f.end > fragments[$0].end }) ?? true { before = k }
            if f.start >= at, after.map({ f.start < fragments[$0].start }) ?? true { after = k }
        }
        // The ellipsis lies right of fragment k when k's end (or start) side is its right.
        func touches(_ k: Int, endSide: Bool) -> Bool {
            fragments[k].rtl != endSide ? e == k + 1 : e == k - 1
        }
        let nextToBefore = before.map { touches($0, endSide: true) }
        let nextToAfter = after.map { touches($0, endSide: false) }
        if nextToBefore ?? false || nextToAfter ?? false || (before == nil && after == nil) { return [] }
        let side =
            before.map { "after \(fragments[$0].text.debugDescription)" } ?? after.map { "before \(fragments[$0].text.debugDescription)" }
            ?? ""
        return ["\(tag) draws the ellipsis at \(at) (fragment \(e)) away from the text it follows or precedes (\(side))"]
    }

    /// Why a line may not end at `offset`, or nil when it may.
    private func breakViolation(at offset: Int, line: LayoutLine, constraints c: LayoutConstraints) -> String? {
        let units = styled.text.units
        if blockBounds.contains(offset) || breaks.contains(offset) { return nil }
        if offset > 0, Self.isNewline(units[offset - 1]) { return nil }
        let block = styled.blocks.first { $0.range.contains(offset) }
        let bar = block?.quote == nil ? 0 : (c.width > c.quoteBarWidth ? c.quoteBarWidth : max(0, c.width - 1))
        let available = c.width - bar
        var isPre = false
        if case .pre? = block?.kind { isPre = true }
        let lower = block?.range.lowerBound ?? 0
        let upper = block?.range.upperBound ?? units.count
        var p = offset - 1
        while p > lower, !(isPre ? Self.isNewline(units[p - 1]) : (breaks.contains(p) || Self.isNewline(units[p - 1]))) { p -= 1 }
        var q = offset
        while q < upper, !Self.isNewline(units[q]), isPre || !breaks.contains(q) { q += 1 }
        var content = q
        while content > p, Self.isHanging(units[content - 1]), !isPre { content -= 1 }
        // White space that ends a cluster begun before it (a space after a prepended mark
        // such as U+0604) is part of that cluster: it takes cells and does not hang.
        if content > p, content < q {
            let clusterEnds = GraphemeSegmenter.boundaries(in: UTF16Text(units: Array(units[p..<q])))
            if !clusterEnds.contains(content - p) { content = p + (clusterEnds.first { $0 > content - p } ?? q - p) }
        }
        let word = UTF16Text(units: Array(units[p..<content]))
        if let measurer {
            let width = measuredWidth(p..<content, measurer, tabWidth: c.tabWidth)
            return width > available
                ? nil
                : "ends at \(offset), not a break opportunity, inside \(word.string.debugDescription) (\(width) wide) which fits in \(available)"
        }
        var width = 0
        var start = 0
        for end in GraphemeSegmenter.boundaries(in: word) {
            let r = start..<end
            width +=
                word.units[r.lowerBound] == 0x09 && r.count == 1 ? c.tabWidth : CellMeasurer(model: c.widthModel).width(of: r, in: word)
            start = end
        }
        if width > available { return nil }
        return
            "ends at \(offset), not a break opportunity, inside \(word.string.debugDescription) (\(width) cells) which fits in \(available)"
    }

    /// The width of the message's clusters in `range` as `measurer` measures them in place
    /// (a tab counts `tabWidth`, as the cell checker counts it).
    private func measuredWidth(_ range: Range<Int>, _ measurer: any TextMeasurer, tabWidth: Int) -> Int {
        var sum = 0
        var start = range.lowerBound
        var k = firstEnd(after: range.lowerBound)
        while k < graphemeEnds.count, graphemeEnds[k] <= range.upperBound {
            let isTab = graphemeEnds[k] - start == 1 && styled.text.units[start] == 0x09
            sum += isTab ? tabWidth : measurer.width(of: start..<graphemeEnds[k], in: styled.text)
            start = graphemeEnds[k]
            k += 1
        }
        return sum
    }

    /// The cells of `display`, measured independently of layout (and cached).
    private func width(of display: String, model: WidthModel) -> Int {
        let key = Array(display.utf16)
        if let known = cache.widths[model]?[key] { return known }
        let measured = CellWidth.of(display, model: model)
        cache.widths[model, default: [:]][key] = measured
        return measured
    }

    /// How many grapheme clusters end in `start+1...end`. O(log n).
    private func clustersEnding(in range: Range<Int>) -> Int {
        firstEnd(after: range.upperBound) - firstEnd(after: range.lowerBound)
    }

    /// The index of the first grapheme end greater than `offset`.
    private func firstEnd(after offset: Int) -> Int {
        Self.firstEnd(in: graphemeEnds, after: offset)
    }

    /// The index of the first element of the ascending `ends` greater than `offset`. O(log n).
    private static func firstEnd(in ends: [Int], after offset: Int) -> Int {
        var low = 0
        var high = ends.count
        while low < high {
            let mid = (low + high) / 2
            if ends[mid] <= offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The scalars of `display` that carry text: spaces (justification, tabs) and the
    /// zero-width separator layout puts between reversed clusters are left out, and Arabic
    /// presentation forms stand for their letters (`ArabicShaping`). Compared scalar by
    /// scalar, as a space may carry a combining mark.
    private static func shown(_ display: String) -> [Unicode.Scalar] {
        display.unicodeScalars.compactMap { scalar in
            if scalar == " " || scalar.value == UInt32(LineBuilder.clusterSeparator) { return nil }
            guard scalar.value >= 0xFB50, scalar.value <= 0xFEFF, let letter = ArabicShaping.letterOfForm[UInt16(scalar.value)] else {
                return scalar
            }
            return Unicode.Scalar(letter)
        }
    }

    /// What a fragment's text must draw as, spaces aside: placeholders for unsafe
    /// controls, grapheme clusters reversed when right to left, and then mirrored
    /// characters as ICU's mirror glyphs (rule L4 of UAX #9).
    private func drawn(_ text: String, rtl: Bool) -> [Unicode.Scalar] {
        let key = Array(text.utf16)
        if let known = cache.drawn[rtl]?[key] { return known }
        let source = UTF16Text(text)
        var clusters = GraphemeSegmenter.clusters(in: source).map { DisplaySafety.sanitize(source.substring($0)) }
        if rtl {
            clusters.reverse()
            clusters = clusters.map { cluster in
                String(String.UnicodeScalarView(cluster.unicodeScalars.map { Unicode.Scalar(msgfmt_icu_char_mirror($0.value)) ?? $0 }))
            }
        }
        let result = Self.shown(clusters.joined())
        cache.drawn[rtl, default: [:]][key] = result
        return result
    }

    private static func isNewline(_ u: UInt16) -> Bool {
        (0x0A...0x0D).contains(u) || u == 0x85 || u == 0x2028 || u == 0x2029
    }

    private static func isHanging(_ u: UInt16) -> Bool {
        isNewline(u) || u == 0x20 || u == 0x09 || u == 0x1680 || (0x2000...0x200A).contains(u) || u == 0x205F || u == 0x3000
    }
}
