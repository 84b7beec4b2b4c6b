/// Fits the rest of a paragraph into the last allowed line, with an ellipsis at the end,
/// the middle or the start (Telegram's truncation).
enum LineTruncator {
    /// The spans that show `content` (cluster indices, separator excluded) in `available`
    /// cells. When it fits and `moreAfter` is false it is shown whole; when it fits but
    /// text follows (a cut at a line separator) the ellipsis is appended; otherwise it is
    /// cut at grapheme boundaries per `mode` so that text plus ellipsis fit.
    /// O(length of `content`).
    static func truncate(
        _ content: Range<Int>, table: ClusterTable, available: Int, ellipsisWidth: Int,
        mode: TruncationMode, moreAfter: Bool
    ) -> (spans: [LinePlan.Span], cut: Bool) {
        let a = content.lowerBound
        var b = content.upperBound
        while b > a, table.isWhitespace(b - 1) { b -= 1 }
        let total = table.width(a..<b)
        var plan = LinePlan(start: a, end: b, spans: [])
        if total <= available {
            plan.append(a..<b)
            if !moreAfter { return (plan.spans, false) }
            if total + ellipsisWidth <= available {
                plan.spans.append(.ellipsis(at: table.start(b)))
                return (plan.spans, true)
            }
        }
        let budget = max(0, available - ellipsisWidth)
        plan.spans = []
        switch total <= available ? .end : mode {
        case .end:
            var p = prefixEnd(a..<b, table: table, limit: budget)
            while p > a, table.isWhitespace(p - 1) { p -= 1 }
            plan.append(a..<p)
            plan.spans.append(.ellipsis(at: table.start(p)))
        case .start:
            var s = suffixStart(a..<b, table: table, limit: budget)
            while s < b, table.isWhitespace(s) { s += 1 }
            plan.spans.append(.ellipsis(at: table.start(s)))
            plan.append(s..<b)
        case .middle:
            var p = prefixEnd(a..<b, table: table, limit: (budget + 1) / 2)
            var s = suffixStart(p..<b, table: table, limit: budget - table.width(a..<p))
            while p > a, table.isWhitespace(p - 1) { p -= 1 }
            while s < b, table.isWhitespace(s) { s += 1 }
            plan.append(a..<p)
            plan.spans.append(.ellipsis(at: table.start(p)))
            plan.append(s..<b)
        }
        return (plan.spans, true)
    }

    /// The end of the longest run of clusters from `range.lowerBound` at most `limit` wide.
    static func prefixEnd(_ range: Range<Int>, table: ClusterTable, limit: Int) -> Int {
        var used = 0
        var i = range.lowerBound
        while i < range.upperBound, used + table.widths[i] <= limit {
            used += table.widths[i]
            i += 1
        }
        return i
    }

    /// The start of the longest run of clusters ending at `range.upperBound` at most `limit` wide.
    static func suffixStart(_ range: Range<Int>, table: ClusterTable, limit: Int) -> Int {
        var used = 0
        var i = range.upperBound
        while i > range.lowerBound, used + table.widths[i - 1] <= limit {
            used += table.widths[i - 1]
            i -= 1
        }
        return i
    }
}
