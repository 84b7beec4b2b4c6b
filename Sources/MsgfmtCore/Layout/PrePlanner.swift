/// Plans the lines of one line of a pre block: kept as written, folded at grapheme
/// boundaries when wider than the line (or cropped, cut with the ellipsis, or left
/// sticking out, per `--overflow`). Tabs expand to exact tab stops.
enum PrePlanner {
    /// The lines of the pre line `content` whose separator ends at cluster `end`. O(n).
    static func plan(
        _ content: Range<Int>, end: Int, table: ClusterTable, available: Int,
        ellipsisWidth: Int, constraints: LayoutConstraints
    ) -> [LinePlan] {
        let whole = LinePlan(start: content.lowerBound, end: end, spans: content.isEmpty ? [] : [.clusters(content)])
        if content.isEmpty || constraints.overflow == .visible { return [whole] }
        let tabWidth = constraints.tabWidth
        if constraints.overflow == .fold {
            var plans: [LinePlan] = []
            var lineStart = content.lowerBound
            var column = 0
            for i in content {
                var w = advance(i, column: column, table: table, tabWidth: tabWidth, available: available)
                if i > lineStart, column + w > available {
                    plans.append(LinePlan(start: lineStart, end: i, spans: [.clusters(lineStart..<i)], continues: true))
                    lineStart = i
                    column = 0
                    w = advance(i, column: 0, table: table, tabWidth: tabWidth, available: available)
                }
                column += w
            }
            plans.append(LinePlan(start: lineStart, end: end, spans: [.clusters(lineStart..<content.upperBound)]))
            return plans
        }
        let ellipsis = constraints.overflow == .ellipsis
        let limit = ellipsis ? max(0, available - ellipsisWidth) : available
        var column = 0
        var fitEnd = content.lowerBound
        for i in content {
            column += advance(i, column: column, table: table, tabWidth: tabWidth, available: available)
            if column > available { break }
            if column <= limit { fitEnd = i + 1 }
        }
        if column <= available { return [whole] }
        if !ellipsis { fitEnd = max(fitEnd, content.lowerBound + 1) }
        var plan = LinePlan(start: content.lowerBound, end: end, spans: [], cut: true)
        plan.append(content.lowerBound..<fitEnd)
        if ellipsis { plan.spans.append(.ellipsis(at: table.start(fitEnd))) }
        return [plan]
    }

    /// The cells cluster `i` takes at `column`.
    @inline(__always)
    static func advance(_ i: Int, column: Int, table: ClusterTable, tabWidth: Int, available: Int) -> Int {
        table.kinds[i] == .tab
            ? LineBuilder.tabExpansion(column: column, tabWidth: tabWidth, available: available)
            : table.widths[i]
    }
}
