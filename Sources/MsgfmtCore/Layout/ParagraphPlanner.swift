/// Plans the lines of a paragraph segment: words between UAX #14 opportunities, words
/// wider than the line handled per `--overflow` (stage 3), breaks chosen from widths
/// alone (stage 4).
///
/// Greedy wrapping of words that all fit a line (the default, and most paragraphs) takes
/// `greedyPlan`: a line at a time, from the last cluster that fits it and the word holding
/// that cluster, with no word list, wrap items or break list. Anything else takes
/// `wordPlan`, which the first equals wherever it answers (`ParagraphPlannerFastPathTests`).
enum ParagraphPlanner {
    /// A word: clusters `start..<contentEnd` then whitespace up to `end`; only
    /// `start..<shownEnd` is shown (less than the content when cropped), followed by the
    /// ellipsis when `ellipsis` is set.
    struct Word {
        var start: Int
        var shownEnd: Int
        var contentEnd: Int
        var end: Int
        var ellipsis = false
    }

    /// The lines of the paragraph `content` whose separator ends at cluster `end`.
    static func plan(
        _ content: Range<Int>, end: Int, table: ClusterTable, available: Int,
        ellipsisWidth: Int, constraints: LayoutConstraints
    ) -> [LinePlan] {
        if constraints.wrap == .greedy,
            let plans = greedyPlan(content, end: end, table: table, available: available, overflow: constraints.overflow)
        {
            return plans
        }
        return wordPlan(
            content, end: end, table: table, available: available, ellipsisWidth: ellipsisWidth, constraints: constraints)
    }

    /// `plan` under greedy wrapping, a line at a time: each word goes on the current line
    /// when it fits after the whitespace before it, else starts the next, as
    /// `BreakChooser.greedy` decides; nil as soon as a word is wider than a line and
    /// `overflow` is not `visible` (`wordPlan` then handles the paragraph), or when no
    /// cell is available.
    ///
    /// The words that fit a line are those whose content ends by the last cluster within
    /// the line's width (the running sums only grow), so each line is found from that
    /// cluster, by a search over the running sums, and the word holding it: the words in
    /// between are never looked at.
    static func greedyPlan(
        _ content: Range<Int>, end: Int, table: ClusterTable, available: Int, overflow: OverflowMode
    ) -> [LinePlan]? {
        if content.isEmpty { return [LinePlan(start: content.lowerBound, end: end, spans: [])] }
        guard available >= 0 else { return nil }
        var plans: [LinePlan] = []
        plans.reserveCapacity(min(16, 2 &* content.count / max(available, 1) &+ 1))
        let limit = min(content.upperBound, table.count)
        // The table's arrays read through pointers (no class access or bounds check per
        // cluster).
        let fitted: Bool = table.breakAfter.withUnsafeBufferPointer { breakAfter in
            table.kinds.withUnsafeBufferPointer { kinds in
                table.cumulativeWidths.withUnsafeBufferPointer { cumulative in
                    var lineStart = content.lowerBound
                    while lineStart < limit {
                        // Clusters `lineStart..<fit` fit the line; the one at `fit` does not.
                        let fit = lastFitting(from: lineStart, limit: limit, target: cumulative[lineStart] &+ available, cumulative)
                        let lineEnd: Int
                        let shownEnd: Int
                        if fit == limit {
                            // The rest fits: shown up to the last word's trailing whitespace.
                            let last = wordStart(before: limit &- 1, lineStart: lineStart, breakAfter)
                            lineEnd = limit
                            shownEnd = contentEnd(of: last, limit, kinds)
                        } else {
                            // The word holding cluster `fit` stays on the line when only its
                            // trailing whitespace is past the width, else starts the next one
                            // (unless it is the line's first word: too wide for any line).
                            let wordStart = self.wordStart(before: fit, lineStart: lineStart, breakAfter)
                            let wordEnd = self.wordEnd(from: fit, limit: limit, breakAfter)
                            let wordContentEnd = contentEnd(of: wordStart, wordEnd, kinds)
                            if wordContentEnd <= fit || wordStart == lineStart {
                                if wordContentEnd > fit, overflow != .visible { return false }
                                lineEnd = wordEnd
                                shownEnd = wordContentEnd
                            } else {
                                lineEnd = wordStart
                                let before = self.wordStart(before: wordStart &- 1, lineStart: lineStart, breakAfter)
                                shownEnd = contentEnd(of: before, wordStart, kinds)
                            }
                        }
                        var line = LinePlan(start: lineStart, end: lineEnd == limit ? end : lineEnd, spans: [])
                        line.append(lineStart..<shownEnd)
                        line.continues = lineEnd < limit
                        plans.append(line)
                        lineStart = lineEnd
                    }
                    return true
                }
            }
        }
        return fitted ? plans : nil
    }

    /// The last cluster index `p` in `start...limit` whose running sum is at most
    /// `target` (`start` itself when none is): a gallop from `start`, then a binary search.
    @inline(__always)
    private static func lastFitting(from start: Int, limit: Int, target: Int, _ cumulative: UnsafeBufferPointer<Int>) -> Int {
        var low = start  // cumulative[low] <= target
        var step = 1
        var high = start &+ 1  // past the answer once cumulative[high] > target
        while high <= limit, cumulative[high] <= target {
            low = high
            step &<<= 1
            high = start &+ step
        }
        high = min(high, limit &+ 1)
        while high &- low > 1 {
            let mid = low &+ (high &- low) &>> 1
            if cumulative[mid] <= target { low = mid } else { high = mid }
        }
        return low
    }

    /// The start of the word holding cluster `k` (at or after `lineStart`, a word's start):
    /// after the last opportunity before it.
    @inline(__always)
    private static func wordStart(before k: Int, lineStart: Int, _ breakAfter: UnsafeBufferPointer<Bool>) -> Int {
        var start = k
        while start > lineStart && !breakAfter[start &- 1] { start &-= 1 }
        return start
    }

    /// The end of the word holding cluster `k`: after the first cluster from `k` on with an
    /// opportunity after it, else `limit` (as `word(at:)` ends words).
    @inline(__always)
    private static func wordEnd(from k: Int, limit: Int, _ breakAfter: UnsafeBufferPointer<Bool>) -> Int {
        var e = k
        while e < limit &- 1 && !breakAfter[e] { e &+= 1 }
        return min(e &+ 1, limit)
    }

    /// Where the trailing spaces and tabs of the word `start..<end` begin (`end` when it
    /// has none, `start` when it is all whitespace).
    @inline(__always)
    private static func contentEnd(of start: Int, _ end: Int, _ kinds: UnsafeBufferPointer<ClusterTable.Kind>) -> Int {
        var c = end
        while c > start, kinds[c &- 1] == .space || kinds[c &- 1] == .tab { c &-= 1 }
        return c
    }

    /// `plan` from the paragraph's words and wrap items, the breaks chosen by
    /// `BreakChooser` (greedy or balanced): words wider than a line are folded, cropped or
    /// cut with the ellipsis (`overlong`).
    static func wordPlan(
        _ content: Range<Int>, end: Int, table: ClusterTable, available: Int,
        ellipsisWidth: Int, constraints: LayoutConstraints
    ) -> [LinePlan] {
        if content.isEmpty { return [LinePlan(start: content.lowerBound, end: end, spans: [])] }
        let (words, items) = self.words(
            content, table: table, available: available, ellipsisWidth: ellipsisWidth, overflow: constraints.overflow)
        let ends =
            constraints.wrap == .greedy
            ? BreakChooser.greedy(items, lineWidths: [available])
            : BreakChooser.balanced(items, lineWidths: [available])
        var plans: [LinePlan] = []
        plans.reserveCapacity(ends.count)
        // True when no word is cropped or cut with the ellipsis.
        let whole = !words.contains { $0.ellipsis || $0.shownEnd < $0.contentEnd }
        var first = 0
        for (index, lineEnd) in ends.enumerated() {
            let last = index == ends.count - 1
            var plan = LinePlan(start: words[first].start, end: last ? end : words[lineEnd - 1].end, spans: [])
            if whole {
                // Words tile the paragraph, so a line of whole words shows one range.
                plan.append(words[first].start..<words[lineEnd - 1].shownEnd)
                plan.continues = !last
                plans.append(plan)
                first = lineEnd
                continue
            }
            for w in first..<lineEnd {
                let word = words[w]
                plan.append(word.start..<word.shownEnd)
                if word.ellipsis { plan.spans.append(.ellipsis(at: table.start(word.shownEnd))) }
                if word.shownEnd < word.contentEnd { plan.cut = true }
                if w < lineEnd - 1 { plan.append(word.contentEnd..<word.end) }
            }
            plan.continues = !last
            plans.append(plan)
            first = lineEnd
        }
        return plans
    }

    /// The words of `content` with their wrap items. O(n).
    static func words(
        _ content: Range<Int>, table: ClusterTable, available: Int, ellipsisWidth: Int,
        overflow: OverflowMode
    ) -> ([Word], [WrapItem]) {
        var words: [Word] = []
        var items: [WrapItem] = []
        // Words average several clusters; this avoids most regrowth.
        words.reserveCapacity(content.count / 3 + 4)
        items.reserveCapacity(content.count / 3 + 4)
        let limit = min(content.upperBound, table.count)
        // The table's arrays read through pointers, set up once for the whole paragraph
        // (no class access or bounds check per cluster).
        table.breakAfter.withUnsafeBufferPointer { breakAfter in
            table.kinds.withUnsafeBufferPointer { kinds in
                table.cumulativeWidths.withUnsafeBufferPointer { cumulative in
                    var k = content.lowerBound
                    while k < limit {
                        let (j, c, width, total) = word(at: k, limit: limit, cumulative, kinds, breakAfter)
                        let whitespace = total &- width
                        if width <= available || overflow == .visible {
                            words.append(Word(start: k, shownEnd: c, contentEnd: c, end: j))
                            items.append(WrapItem(width: width, whitespaceWidth: whitespace))
                            k = j
                            continue
                        }
                        overlong(
                            k, c, j, whitespace: whitespace, table: table, available: available, ellipsisWidth: ellipsisWidth,
                            overflow: overflow, words: &words, items: &items)
                        k = j
                    }
                }
            }
        }
        return (words, items)
    }

    /// The word that starts at cluster `k`: its end at the next opportunity before `limit`
    /// (`end`, found eight flags at a time), where its trailing spaces and tabs begin
    /// (`contentEnd`), the width before them and the width with them (from the running
    /// sums `cumulative`, `ClusterTable.cumulativeWidths`).
    @inline(__always)
    private static func word(
        at k: Int, limit: Int, _ cumulative: UnsafeBufferPointer<Int>, _ kinds: UnsafeBufferPointer<ClusterTable.Kind>,
        _ breakAfter: UnsafeBufferPointer<Bool>
    ) -> (end: Int, contentEnd: Int, width: Int, total: Int) {
        // The first cluster from `k` on after which a line may break (a Bool is a byte, 0
        // or 1), else the last before `limit`: eight flags at a time, then one by one (a
        // found flag stops that loop where it stands; eight flagless ones may take `e` to
        // `limit`, hence the clamp).
        var e = k
        let flags = UnsafeRawPointer(breakAfter.baseAddress!)
        while e &+ 8 <= limit {
            let eight = UInt64(littleEndian: flags.loadUnaligned(fromByteOffset: e, as: UInt64.self))
            if eight != 0 {
                e &+= eight.trailingZeroBitCount &>> 3
                break
            }
            e &+= 8
        }
        let j = wordEnd(from: e, limit: limit, breakAfter)
        let c = contentEnd(of: k, j, kinds)
        let start = cumulative[k]
        return (j, c, cumulative[c] &- start, cumulative[j] &- start)
    }

    /// A word wider than the line (`k..<c`, whitespace to `j`), as `overflow` says.
    private static func overlong(
        _ k: Int, _ c: Int, _ j: Int, whitespace: Int, table: ClusterTable, available: Int, ellipsisWidth: Int,
        overflow: OverflowMode, words: inout [Word], items: inout [WrapItem]
    ) {
        switch overflow {
        case .fold, .visible:
            var p = k
            while p < c {
                var q = p
                var used = 0
                while q < c, q == p || used + table.widths[q] <= available {
                    used += table.widths[q]
                    q += 1
                }
                let lastPiece = q == c
                words.append(Word(start: p, shownEnd: q, contentEnd: q, end: lastPiece ? j : q))
                items.append(WrapItem(width: used, whitespaceWidth: lastPiece ? whitespace : 0))
                p = q
            }
        case .crop:
            let q = max(k + 1, LineTruncator.prefixEnd(k..<c, table: table, limit: available))
            words.append(Word(start: k, shownEnd: q, contentEnd: c, end: j))
            items.append(WrapItem(width: table.width(k..<q), whitespaceWidth: whitespace))
        case .ellipsis:
            let q = LineTruncator.prefixEnd(k..<c, table: table, limit: max(0, available - ellipsisWidth))
            words.append(Word(start: k, shownEnd: q, contentEnd: c, end: j, ellipsis: true))
            items.append(WrapItem(width: table.width(k..<q) + ellipsisWidth, whitespaceWidth: whitespace))
        }
    }
}
