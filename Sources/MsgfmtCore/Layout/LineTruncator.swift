/// Fits the rest of the message into the last allowed line, with an ellipsis at the end,
/// the middle or the start (Telegram's truncation: the last line is joined with all the
/// text after it, then cut).
///
/// A line separator is never shown inside a line, so the text on either side of the
/// ellipsis stays within one paragraph (or pre line): `end` keeps the start of the
/// line's own paragraph, `start` the end of the message's last paragraph, `middle` both.
enum LineTruncator {
    /// The spans that show `content` (cluster indices, separator excluded) in `available`
    /// cells, joined with `tail`, the message's last paragraph with something to show,
    /// when that comes after `content`. When `content` fits and `moreAfter` is false it
    /// is shown whole. Under `end`, or without a `tail`: when it fits but text follows (a
    /// cut at a line separator) the ellipsis is appended; otherwise it is cut at grapheme
    /// boundaries per `mode` so that text plus ellipsis fit. Under `start` and `middle`
    /// with a `tail`, the end of the line shows the end of `tail` (see `joined`).
    /// O(length of `content` and `tail`).
    static func truncate(
        _ content: Range<Int>, tail: Range<Int>? = nil, table: ClusterTable, available: Int,
        ellipsisWidth: Int, mode: TruncationMode, moreAfter: Bool
    ) -> (spans: LinePlan.Spans, cut: Bool) {
        let a = content.lowerBound
        var b = content.upperBound
        while b > a, table.isWhitespace(b - 1) { b -= 1 }
        if let tail, mode != .end {
            return (joined(a..<b, tail: tail, table: table, budget: max(0, available - ellipsisWidth), mode: mode), true)
        }
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

    /// The spans of a line that starts with `head` (trailing whitespace trimmed) and is
    /// joined with `tail`, the last paragraph of the message, cut per `mode` (`start` or
    /// `middle`) so that text plus ellipsis fit in `budget` + the ellipsis.
    ///
    /// `start` shows the end of `tail` after the ellipsis. `middle` shows the start of
    /// `head`, the ellipsis, then the end of `tail`: `head` gets up to half the budget
    /// (rounded up), or more when `tail` is narrower than the other half, and `tail` what
    /// `head` leaves. Whitespace next to the ellipsis is not shown.
    static func joined(
        _ head: Range<Int>, tail: Range<Int>, table: ClusterTable, budget: Int, mode: TruncationMode
    ) -> LinePlan.Spans {
        var t = tail.upperBound
        while t > tail.lowerBound, table.isWhitespace(t - 1) { t -= 1 }
        let last = tail.lowerBound..<t
        var plan = LinePlan(start: head.lowerBound, end: t, spans: [])
        var p = head.lowerBound
        if mode == .middle {
            p = prefixEnd(head, table: table, limit: max((budget + 1) / 2, budget - table.width(last)))
        }
        while p > head.lowerBound, table.isWhitespace(p - 1) { p -= 1 }
        var s = suffixStart(last, table: table, limit: budget - table.width(head.lowerBound..<p))
        while s < t, table.isWhitespace(s) { s += 1 }
        plan.append(head.lowerBound..<p)
        plan.spans.append(.ellipsis(at: table.start(mode == .middle ? p : s)))
        plan.append(s..<t)
        return plan.spans
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
