internal import CByteScan

/// Stage 5 of layout: turns a planned line into positioned fragments — expands tabs,
/// splits style runs and bidi level runs into fragments, reorders them for display,
/// justifies or aligns, and puts the quote bar in front (narrowed, or left out, when the
/// line's text is wider than its room).
struct LineBuilder {
    /// The measured message.
    let table: ClusterTable
    /// Clamped constraints.
    let constraints: LayoutConstraints
    /// The ellipsis as shown in this block (cropped to the available width if need be).
    let ellipsis: (display: String, width: Int)
    /// The kind of the block the lines belong to.
    let block: BlockKind
    /// True when the block is inside a quote.
    let quoted: Bool
    /// Cells taken by the quote bar (0 outside quotes).
    let barWidth: Int
    /// Cells available to text.
    let available: Int
    /// True for running text (justify applies); false for pre blocks.
    let justifiable: Bool
    /// Bidi levels of the segment's clusters from `levelBase`, or nil when all are 0.
    var levels: [UInt8]? = nil
    var levelBase = 0
    /// The segment's paragraph level (1 for right to left).
    var paragraphLevel: UInt8 = 0
    /// For a last line joined with the end of the message: the first cluster of the
    /// message's last paragraph, from which clusters take `tailBidi`'s levels (`Int.max`
    /// for other lines).
    var tailBase = Int.max
    /// That paragraph's bidi levels and paragraph level, or nil when all are 0.
    var tailBidi: (levels: [UInt8], paragraphLevel: UInt8)? = nil

    /// The most clusters a message may have for its lines' fragment arrays to be made
    /// with room to spare (`logicalFragments`).
    static let roomyClusters = 1 << 16

    /// The cells a tab at `column` takes: up to the next multiple of `tabWidth`, but
    /// never past the available width (and at least one cell).
    @inline(__always)
    static func tabExpansion(column: Int, tabWidth: Int, available: Int) -> Int {
        min(tabWidth - column % tabWidth, max(1, available - column))
    }

    /// The bidi level of cluster `i` on this line.
    @inline(__always)
    func level(_ i: Int) -> UInt8 {
        if i >= tailBase { return tailLevel(i) }
        guard let levels else { return 0 }
        let k = i - levelBase
        return k >= 0 && k < levels.count ? levels[k] : paragraphLevel
    }

    /// The level of cluster `i` of the tail paragraph within this line. A left-to-right
    /// paragraph in a right-to-left line is lifted by 2 (levels keep their parity, so its
    /// own order holds, and sit above the line's, so it stays in one piece).
    private func tailLevel(_ i: Int) -> UInt8 {
        var lv: UInt8 = 0
        var own: UInt8 = 0
        if let bidi = tailBidi {
            let k = i - tailBase
            own = bidi.paragraphLevel
            lv = k < bidi.levels.count ? bidi.levels[k] : own
        }
        if paragraphLevel % 2 == 1, own % 2 == 0, lv < 125 { lv += 2 }
        return lv
    }

    /// True when some cluster of the line may be at a level other than 0.
    var hasLevels: Bool { levels != nil || paragraphLevel != 0 || tailBase != .max }

    /// Builds line `y` from `plan`.
    func build(_ plan: LinePlan, y: Int) -> LayoutLine {
        var (column, tabs) = expandTabs(plan)
        var extras: [Int: Int] = [:]
        if constraints.align == .justify, justifiable, plan.continues, column < available {
            extras = justification(plan, slack: available - column)
            column = available
        }
        var (fragments, levels) = logicalFragments(plan, tabs: tabs, extras: extras)
        let reordered = hasLevels && levels.contains(where: { $0 != 0 })
        if reordered {
            Self.reorder(&fragments, by: BidiParagraph.visualOrder(levels: levels))
        }
        let start = table.start(plan.start)
        let end = table.start(plan.end)
        // Fragments of text drawn as it is, in the message's order, meet where the
        // message's clusters do: only the line's start can meet something it joins.
        let joinsToCheck = reordered || table.hasTabsOrUnsafe || plan.spans.contains { if case .ellipsis = $0 { true } else { false } }
        return place(&fragments, contentWidth: column, y: y, start: start, end: end, allJoins: joinsToCheck)
    }

    /// Puts `items[order[v]]` at position `v` for every `v` (`order` a permutation of the
    /// indices), by moving them along the permutation's cycles: never copied (a fragment
    /// copy retains every string it holds).
    static func reorder<T>(_ items: inout [T], by order: [Int]) {
        precondition(order.count == items.count, "an order for every item")
        // Which places are done, in a scratch buffer (on the stack when small).
        withUnsafeTemporaryAllocation(of: Bool.self, capacity: order.count) { placed in
            placed.initialize(repeating: false)
            items.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                for start in order.indices where !placed[start] {
                    // The cycle through `start`: each place takes the item its order names,
                    // the first item moving along until its own place comes round.
                    let first = (base + start).move()
                    var j = start
                    while true {
                        placed[j] = true
                        let next = order[j]
                        if next == start { break }
                        (base + j).moveInitialize(from: base + next, count: 1)
                        j = next
                    }
                    (base + j).initialize(to: first)
                }
            }
        }
    }

    /// The width of the line's content and the width of each of its tabs, in order.
    private func expandTabs(_ plan: LinePlan) -> (width: Int, tabs: [Int]) {
        var column = 0
        var tabs: [Int] = []
        let hasTabs = table.hasTabs
        // The table's arrays read through pointers (no bounds check per cluster).
        table.kinds.withUnsafeBufferPointer { kinds in
            table.widths.withUnsafeBufferPointer { widths in
                table.cumulativeWidths.withUnsafeBufferPointer { cumulative in
                    for span in plan.spans {
                        guard case .clusters(let range) = span else {
                            column += ellipsis.width
                            continue
                        }
                        let clusters = range.clamped(to: 0..<kinds.count)
                        guard hasTabs else {
                            // No tab: the clusters' width from the running sums.
                            column &+= cumulative[clusters.upperBound] &- cumulative[clusters.lowerBound]
                            continue
                        }
                        for i in clusters {
                            if kinds[i] == .tab {
                                let w = Self.tabExpansion(column: column, tabWidth: constraints.tabWidth, available: available)
                                tabs.append(w)
                                column &+= w
                            } else {
                                column &+= widths[i]
                            }
                        }
                    }
                }
            }
        }
        return (column, tabs)
    }

    /// The line's fragments in logical order with their bidi levels (none for a line
    /// without levels, `hasLevels`): one per tab, per ellipsis, and per run of clusters
    /// sharing a style and a level.
    private func logicalFragments(_ plan: LinePlan, tabs: [Int], extras: [Int: Int]) -> ([LayoutFragment], [UInt8]) {
        var fragments: [LayoutFragment] = []
        var levels: [UInt8] = []
        // Room for a few style changes saves growing the arrays on most lines; a message
        // long enough to have many lines gets only what the spans need (each line keeps
        // its arrays, and eight spare fragments are 800 bytes a line).
        let room = plan.spans.count &+ (table.count > Self.roomyClusters ? 1 : 8)
        fragments.reserveCapacity(room)
        var tabIndex = 0
        // The table's arrays read through pointers: no class access or bounds check per
        // cluster. A line all at level 0 (`flat`) leaves `levels` empty: `build` reorders
        // only lines that have levels.
        let flat = !hasLevels
        if !flat { levels.reserveCapacity(room) }
        let segmentLevels = self.levels ?? []
        table.kinds.withUnsafeBufferPointer { kinds in
            table.styles.withUnsafeBufferPointer { styles in
                table.widths.withUnsafeBufferPointer { widths in
                    table.cumulativeWidths.withUnsafeBufferPointer { cumulative in
                        segmentLevels.withUnsafeBufferPointer { segmentLevels in
                            for (k, span) in plan.spans.enumerated() {
                                guard case .clusters(let range) = span else {
                                    if case .ellipsis(let at) = span {
                                        let lv = flat ? 0 : ellipsisLevel(plan.spans, k)
                                        fragments.append(
                                            LayoutFragment(
                                                x: 0, width: ellipsis.width, start: at, end: at, text: "", display: ellipsis.display,
                                                style: .plain, role: .ellipsis, rtl: lv % 2 == 1))
                                        if !flat { levels.append(lv) }
                                    }
                                    continue
                                }
                                let upper = min(range.upperBound, kinds.count)
                                var i = range.lowerBound
                                // The span's levels read in place when the segment's cover it (no
                                // tail paragraph), else cluster by cluster (`level`).
                                let direct =
                                    i >= levelBase && upper &- levelBase <= segmentLevels.count && upper <= tailBase && self.levels != nil
                                while i < upper {
                                    let lv = flat ? 0 : direct ? segmentLevels[i &- levelBase] : level(i)
                                    if kinds[i] == .tab {
                                        let w = tabs[tabIndex] + (extras[i] ?? 0)
                                        tabIndex += 1
                                        fragments.append(
                                            LayoutFragment(
                                                x: 0, width: w, start: table.start(i), end: table.ends[i], text: "\t",
                                                display: String(repeating: " ", count: w / constraints.displaySpaceWidth),
                                                style: table.style(i), role: .tab, rtl: lv % 2 == 1))
                                        if !flat { levels.append(lv) }
                                        i += 1
                                        continue
                                    }
                                    let style = styles[i]
                                    var j = i
                                    var w = 0
                                    var plain = lv % 2 == 0
                                    if extras.isEmpty, !table.hasTabsOrUnsafe, flat || direct {
                                        // Nothing stretched, no tab and no unsafe control: only
                                        // style and level end a run, whose width the running
                                        // sums give.
                                        if flat {
                                            j = msgfmt_byte_scan_int32_other(styles.baseAddress!, i, upper, style)
                                        } else {
                                            while j < upper, styles[j] == style, segmentLevels[j &- levelBase] == lv { j &+= 1 }
                                        }
                                        w = cumulative[j] &- cumulative[i]
                                    } else if flat, extras.isEmpty {
                                        // Everything at level 0 and nothing stretched: only kind and style end a run.
                                        while j < upper, kinds[j] != .tab, styles[j] == style {
                                            w &+= widths[j]
                                            if kinds[j] == .unsafe { plain = false }
                                            j &+= 1
                                        }
                                    } else {
                                        while j < upper, kinds[j] != .tab, styles[j] == style,
                                            (direct ? segmentLevels[j &- levelBase] : level(j)) == lv
                                        {
                                            w &+= widths[j]
                                            if kinds[j] == .unsafe { plain = false }
                                            if !extras.isEmpty, let extra = extras[j] {
                                                w &+= extra
                                                plain = false
                                            }
                                            j &+= 1
                                        }
                                    }
                                    // A plain run draws its units as they are: no string is made
                                    // of them unless someone asks (`LayoutFragment.text`).
                                    fragments.append(
                                        LayoutFragment(
                                            x: 0, width: w, start: table.start(i), end: table.ends[j - 1], units: table.text.units,
                                            display: plain ? nil : self.display(i..<j, rtl: lv % 2 == 1, extras: extras),
                                            style: table.style(i), role: .text, rtl: lv % 2 == 1))
                                    if !flat { levels.append(lv) }
                                    i = j
                                }
                            }
                        }
                    }
                }
            }
        }
        return (fragments, levels)
    }

    /// The bidi level of the ellipsis at `spans[k]`: the lower of the levels of the
    /// clusters shown next to it (either one alone at the start or end of a line), else
    /// the paragraph's. Like any neutral character between two runs, it joins them when
    /// they go the same way and takes the enclosing direction when they don't; at a line
    /// end it follows the direction of the text it cuts. So under `end` it is drawn after
    /// the last kept character, under `start` before the first kept one, in their own
    /// direction.
    private func ellipsisLevel(_ spans: LinePlan.Spans, _ k: Int) -> UInt8 {
        var lv: UInt8? = nil
        if k > 0, case .clusters(let before) = spans[k - 1], !before.isEmpty {
            lv = level(before.upperBound - 1)
        }
        if k + 1 < spans.count, case .clusters(let after) = spans[k + 1], !after.isEmpty {
            lv = min(lv ?? .max, level(after.lowerBound))
        }
        return lv ?? paragraphLevel
    }

    /// The title line of a pre block: the language, cut to fit, then the ellipsis when
    /// `withEllipsis` (text was cut after it) or the language was cut.
    func buildTitle(_ title: MeasuredString, at offset: Int, withEllipsis: Bool, y: Int) -> LayoutLine {
        // A title wider than the line is cut before the ellipsis too, so it does not read
        // as the whole language name.
        let ellipsized = withEllipsis || title.width > available
        let room = ellipsized ? max(0, available - ellipsis.width) : available
        let shown = title.prefix(fitting: room)
        var fragments = [
            LayoutFragment(
                x: 0, width: shown.width, start: offset, end: offset, text: "", display: shown.display, style: .plain, role: .title)
        ]
        if ellipsized {
            fragments.append(
                LayoutFragment(
                    x: 0, width: ellipsis.width, start: offset, end: offset, text: "", display: ellipsis.display, style: .plain,
                    role: .ellipsis))
        }
        let width = fragments.reduce(0) { $0 + $1.width }
        return place(&fragments, contentWidth: width, y: y, start: offset, end: offset)
    }

    /// Extra cells per stretchable whitespace cluster so the line fills the width.
    private func justification(_ plan: LinePlan, slack: Int) -> [Int: Int] {
        var gaps: [Int] = []
        for span in plan.spans {
            guard case .clusters(let range) = span else { continue }
            for i in range where table.isWhitespace(i) && table.breakAfter[i] && i + 1 < range.upperBound {
                gaps.append(i)
            }
        }
        guard !gaps.isEmpty else { return [:] }
        var extras: [Int: Int] = [:]
        let each = slack / gaps.count
        let remainder = slack % gaps.count
        for (n, gap) in gaps.enumerated() {
            let extra = each + (n < remainder ? 1 : 0)
            if extra > 0 { extras[gap] = extra }
        }
        return extras
    }

    /// Aligns the fragments, adds the quote bar and assigns columns.
    /// `allJoins`: whether any two fragments may meet where clusters fuse
    /// (`keepApart`); else only the line's start, after its bar or blanks, is checked.
    private func place(_ placed: inout [LayoutFragment], contentWidth: Int, y: Int, start: Int, end: Int, allJoins: Bool = true)
        -> LayoutLine
    {
        let (pad, barWidth) = placement(contentWidth: contentWidth)
        var x = pad
        var lineX = pad
        if barWidth > 0 {
            placed.insert(bar(barWidth, pad: pad, start: start), at: 0)
            lineX = 0
            x = 0
        }
        if allJoins || x > 0 || barWidth > 0 { keepApart(&placed, afterBlanks: x > 0, onlyLineStart: !allJoins) }
        // Columns are assigned in place: no fragment is copied.
        for k in placed.indices {
            placed[k].x = x
            x += placed[k].width
        }
        return LayoutLine(
            y: y, x: lineX, width: x - lineX, start: start, end: end, block: block, quoted: quoted, rtl: paragraphLevel % 2 == 1,
            fragments: placed)
    }

    /// Where a line whose text takes `contentWidth` cells goes: the blank cells before the
    /// text that align it (`pad`), and the cells of its quote bar (0 for none).
    func placement(contentWidth: Int) -> (pad: Int, barWidth: Int) {
        let slack = max(0, available - contentWidth)
        var align = justifiable ? constraints.align : .natural
        if align == .justify || align == .natural { align = paragraphLevel % 2 == 1 ? .right : .left }
        let pad = align == .right ? slack : (align == .center ? slack / 2 : 0)
        // Text wider than its room (one grapheme wider than that) narrows the bar, first
        // to `▎` without its space, then to nothing, before the line passes the width; a
        // word that `--overflow visible` lets stick out keeps it.
        var barWidth = self.barWidth
        if contentWidth > available, constraints.overflow != .visible || contentWidth <= constraints.width {
            barWidth = min(barWidth, max(0, constraints.width - contentWidth))
        }
        return (pad, barWidth)
    }

    /// The quote bar of a line starting at UTF-16 offset `start`: `barWidth` cells, then
    /// the `pad` cells that align the text after it, at column 0.
    func bar(_ barWidth: Int, pad: Int, start: Int) -> LayoutFragment {
        let display = Self.barDisplay(spaces: barSpaces(barWidth, pad: pad))
        return LayoutFragment(
            x: 0, width: barWidth + pad, start: start, end: start, text: "", display: display, style: .plain, role: .quoteBar)
    }

    /// The spaces after the bar character in a bar of `barWidth` cells and `pad` blanks.
    func barSpaces(_ barWidth: Int, pad: Int) -> Int {
        (barWidth - 1 + pad) / constraints.displaySpaceWidth
    }

    /// What a quote bar shows: its character (U+258E) and `spaces` spaces.
    static func barDisplay(spaces: Int) -> String {
        "\u{258E}" + String(repeating: " ", count: spaces)
    }

    /// Appends the UTF-8 of `barDisplay(spaces:)`.
    static func appendBarDisplay(spaces: Int, to out: inout [UInt8]) {
        let bar: StaticString = "\u{258E}"
        bar.withUTF8Buffer { out.append(bytes: $0) }
        if spaces > 0 { out.append(contentsOf: repeatElement(0x20, count: spaces)) }
    }
}
