/// One run of the layout pipeline over one message: measures it, cuts it into segments,
/// plans and builds lines, and applies the line limit and collapsed quotes.
struct LayoutEngine {
    /// The measured message.
    let prepared: PreparedText
    /// Clamped constraints.
    let constraints: LayoutConstraints

    /// Lays the message out.
    func run() -> TextLayout {
        let segments = prepared.segments
        var collector = LineCollector()
        // Room for a line or two a segment at once, not grown from one.
        let limit = constraints.maxLines > 0 ? constraints.maxLines : Int.max
        collector.lines.reserveCapacity(min(limit, 2 &* segments.count &+ 1))
        let truncated = run(into: &collector)
        let lines = collector.lines
        let width = lines.reduce(0) { max($0, $1.x + $1.width) }
        let styled = prepared.styled
        return TextLayout(messageID: styled.messageID, text: styled.text.string, width: width, truncated: truncated, lines: lines)
    }

    /// Lays the message out into `sink`, line by line; true when text is hidden (as
    /// `TextLayout.truncated`).
    func run<Sink: LineSink>(into sink: inout Sink) -> Bool {
        let blocks = prepared.blocks
        let table = prepared.table.withTabWidth(constraints.tabWidth)
        let segments = prepared.segments
        // The default ellipsis in cells is not measured (`cellEllipsis`).
        let ellipsis =
            prepared.measuresCells && constraints.ellipsis == "\u{2026}"
            ? nil : MeasuredString(constraints.ellipsis, measurer: prepared.measurer)
        let limit = constraints.maxLines > 0 ? constraints.maxLines : Int.max
        // Lines given to the sink so far.
        var made = 0
        var truncated = false
        var quoteIndex: Int? = nil
        var quoteUsed = 0
        var index = 0
        while index < segments.count {
            let segment = segments[index]
            let block = blocks[segment.block]
            if block.quote?.index != quoteIndex {
                quoteIndex = block.quote?.index
                quoteUsed = 0
            }
            var builder = makeBuilder(block, segment, bidi: prepared.bidi(index), table: table, ellipsis: ellipsis)
            // The builder's two numbers, not the builder: a copy of it counts references.
            let (plans, title) = plan(segment, table: table, available: builder.available, ellipsisWidth: builder.ellipsis.width)
            let count = title == nil ? plans.count : 1
            let collapsing = block.quote?.expandable == true && !constraints.expandQuotes
            let globalRemaining = limit - made
            let quoteRemaining = collapsing ? BlockQuote.collapsedLines - quoteUsed : Int.max
            let byQuote = quoteRemaining < globalRemaining
            let remaining = min(globalRemaining, quoteRemaining)
            var next = index + 1
            if remaining <= 0 {
                // Only a quote whose blocks disagree on being expandable gets here, after
                // its 3 lines: the rest of it is hidden, and what follows it is shown.
                truncated = true
                guard byQuote else { break }
                while next < segments.count, blocks[segments[next].block].quote?.index == quoteIndex { next += 1 }
                index = next
                continue
            }
            let moreAfter =
                next < segments.count
                && (!byQuote || blocks[segments[next].block].quote?.index == quoteIndex)
            // The line limit joins the last line with the end of the message under `start`
            // and `middle`: the paragraph whose end it shows, when that is a later one.
            let tail = byQuote || constraints.truncate == .end || count < remaining ? nil : lastShownSegment(after: index)
            if title != nil, remaining == 1, tail != nil {
                // A pre block's title would take the last line, which has to show the end
                // of the message: the title gives way and the block's text starts the line.
                truncated = true
                index = next
                continue
            }
            if count < remaining || (count == remaining && !moreAfter) {
                if let title {
                    sink.take(builder.buildTitle(title, at: table.start(segment.content.lowerBound), withEllipsis: false, y: made))
                    made += 1
                }
                for plan in plans {
                    if plan.cut { truncated = true }
                    sink.take(plan, builder: builder, y: made)
                    made += 1
                }
                quoteUsed += count
                index = next
                continue
            }
            for plan in plans.prefix(remaining - 1) {
                if plan.cut { truncated = true }
                sink.take(plan, builder: builder, y: made)
                made += 1
            }
            let mode = byQuote ? TruncationMode.end : constraints.truncate
            if let title {
                // Under `start` and `middle` the ellipsis stands for text, and none follows.
                sink.take(builder.buildTitle(title, at: table.start(segment.content.lowerBound), withEllipsis: mode == .end, y: made))
                made += 1
                truncated = true
            } else {
                let from = plans[remaining - 1].start
                var end = segment.end
                if let tail {
                    builder.tailBase = segments[tail].content.lowerBound
                    builder.tailBidi = prepared.bidi(tail)
                    end = segments[tail].end
                }
                // Under `start` and `middle` the ellipsis stands for text: when only blank
                // lines or a title follow, the line is the end of the message's text.
                let (spans, cut) = LineTruncator.truncate(
                    from..<segment.content.upperBound, tail: tail.map { segments[$0].content }, table: table,
                    available: builder.available, ellipsisWidth: builder.ellipsis.width, mode: mode,
                    moreAfter: moreAfter && mode == .end)
                sink.take(LinePlan(start: from, end: end, spans: spans, cut: cut), builder: builder, y: made)
                made += 1
                if cut || moreAfter { truncated = true }
            }
            guard byQuote else { break }
            quoteUsed = BlockQuote.collapsedLines
            while next < segments.count, blocks[segments[next].block].quote?.index == quoteIndex { next += 1 }
            index = next
        }
        return truncated
    }

    /// The last segment after `index` that shows something (a paragraph or pre line with
    /// more than whitespace), or nil. O(length of the blank text at the end).
    private func lastShownSegment(after index: Int) -> Int? {
        let segments = prepared.segments
        let table = prepared.table
        var k = segments.count - 1
        while k > index {
            let content = segments[k].content
            var i = content.upperBound
            while i > content.lowerBound, table.isWhitespace(i - 1) { i -= 1 }
            if i > content.lowerBound { return k }
            k -= 1
        }
        return nil
    }

    /// The planned lines of a paragraph or pre segment, or the measured title of a title segment.
    private func plan(
        _ segment: LayoutSegment, table: ClusterTable, available: Int, ellipsisWidth: Int
    ) -> ([LinePlan], MeasuredString?) {
        switch segment.kind {
        case .paragraph:
            let plans = ParagraphPlanner.plan(
                segment.content, end: segment.end, table: table, available: available, ellipsisWidth: ellipsisWidth,
                constraints: constraints)
            return (plans, nil)
        case .pre:
            let plans = PrePlanner.plan(
                segment.content, end: segment.end, table: table, available: available, ellipsisWidth: ellipsisWidth,
                constraints: constraints)
            return (plans, nil)
        case .title(let language):
            return ([], MeasuredString(language, measurer: prepared.measurer))
        }
    }

    /// The line builder for `segment` of `block`: quote bar, available width, bidi levels.
    private func makeBuilder(
        _ block: Block, _ segment: LayoutSegment, bidi: (levels: [UInt8], paragraphLevel: UInt8)?,
        table: ClusterTable, ellipsis: MeasuredString?
    ) -> LineBuilder {
        let width = constraints.width
        let bar = constraints.quoteBarWidth
        let barWidth = block.quote == nil ? 0 : (width > bar ? bar : max(0, width - 1))
        let available = width - barWidth
        var justifiable = false
        if case .paragraph = segment.kind { justifiable = true }
        // Made whole in one initializer: a builder changed after it was made was copied
        // out of this function and the first one destroyed.
        return LineBuilder(
            table: table, constraints: constraints,
            ellipsis: ellipsis.map { $0.prefix(fitting: available) } ?? Self.cellEllipsis(fitting: available),
            block: block.kind, quoted: block.quote != nil, barWidth: barWidth, available: available, justifiable: justifiable,
            levels: bidi?.levels, levelBase: bidi == nil ? 0 : segment.content.lowerBound,
            paragraphLevel: bidi?.paragraphLevel ?? 0)
    }

    /// The default ellipsis in cells cut to `available` cells, as `MeasuredString.prefix`
    /// cuts it: one cell under every width model (one scalar on its own). Written out
    /// rather than kept as a shared `MeasuredString`, whose arrays every thread laying out
    /// messages would count references to for each message, taking their cache lines
    /// from each other's cores.
    static func cellEllipsis(fitting available: Int) -> (display: String, width: Int) {
        available >= 1 ? ("\u{2026}", 1) : ("", 0)
    }

    /// The message's blocks when they tile its text, else the whole text as one paragraph.
    static func tiledBlocks(_ styled: StyledText) -> [Block] {
        let count = styled.text.count
        var expected = 0
        for block in styled.blocks {
            guard block.range.lowerBound == expected else { return fallback(styled) }
            expected = block.range.upperBound
        }
        return expected == count ? styled.blocks : fallback(styled)
    }

    private static func fallback(_ styled: StyledText) -> [Block] {
        [Block(kind: .paragraph, range: 0..<styled.text.count, runs: styled.runs)]
    }
}
