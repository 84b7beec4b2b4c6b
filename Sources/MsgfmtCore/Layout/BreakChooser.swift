/// Stage 4 of layout: chooses where lines break, from item widths alone.
///
/// Both choosers return the exclusive end index of each line's items, so
/// `[2, 5]` means items `0..<2` on the first line and `2..<5` on the second. `lineWidths`
/// gives the width of the first line, then of the second, and so on; the last entry
/// repeats for every further line (an empty array means unlimited). An item wider than
/// its line gets a line of its own.
///
/// ```swift
/// let items = [WrapItem(width: 3, whitespaceWidth: 1), WrapItem(width: 2, whitespaceWidth: 1),
///              WrapItem(width: 4)]
/// BreakChooser.greedy(items, lineWidths: [6])  // [2, 3]: "aaa bb" / "cccc"
/// ```
public enum BreakChooser {
    /// First fit: each line takes as many items as fit. O(n).
    public static func greedy(_ items: [WrapItem], lineWidths: [Int]) -> [Int] {
        var ends: [Int] = []
        guard !items.isEmpty else { return ends }
        // Room for the lines of most paragraphs at once, not grown from one.
        ends.reserveCapacity(min(items.count, 8))
        var used = 0
        var pendingWhitespace = 0
        var lineStart = 0
        for i in items.indices {
            let item = items[i]
            if i > lineStart {
                let limit = width(of: ends.count, in: lineWidths)
                let needed = used &+ pendingWhitespace &+ item.width &+ item.penaltyWidth
                if needed > limit {
                    ends.append(i)
                    lineStart = i
                    used = item.width
                } else {
                    used = used &+ pendingWhitespace &+ item.width
                }
            } else {
                used = item.width
            }
            pendingWhitespace = item.whitespaceWidth
        }
        ends.append(items.count)
        return ends
    }

    /// The width of line `index` (0-based) under `lineWidths`.
    @inline(__always)
    static func width(of index: Int, in lineWidths: [Int]) -> Int {
        guard let last = lineWidths.last else { return Int.max }
        return index < lineWidths.count ? lineWidths[index] : last
    }
}
