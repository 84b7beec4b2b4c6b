extension BreakChooser {
    /// The most items a balanced line may hold; bounds the search window.
    static let balancedWindow = 512

    /// Balanced breaking: among the breakings with as few lines as first fit needs, the
    /// one whose lines are most even (least sum of squared unused cells over all lines,
    /// the last one included — the shape of CSS `text-wrap: balance`).
    ///
    /// Dynamic programming over prefixes with a lexicographic cost (lines, raggedness),
    /// looking back at most `balancedWindow` items and never past a line that would not
    /// fit, so O(n · k) where k is the number of items that fit on a line (bounded by
    /// the window). Never exceeds a line width (an over-wide item stands alone) and never
    /// uses more lines than `greedy`: if the window ever cut a solution short, the greedy
    /// breaks are returned instead.
    public static func balanced(_ items: [WrapItem], lineWidths: [Int]) -> [Int] {
        let greedyEnds = greedy(items, lineWidths: lineWidths)
        let n = items.count
        if greedyEnds.count <= 1 { return greedyEnds }
        let widest = lineWidths.max() ?? Int.max
        var lines = [Int](repeating: Int.max, count: n + 1)
        var cost = [Int](repeating: Int.max, count: n + 1)
        var previous = [Int](repeating: 0, count: n + 1)
        lines[0] = 0
        cost[0] = 0
        for j in 1...n {
            var i = j - 1
            var lineWidth = items[j - 1].width &+ items[j - 1].penaltyWidth
            while true {
                if lines[i] != Int.max {
                    let limit = width(of: lines[i], in: lineWidths)
                    if lineWidth <= limit || i == j - 1 {
                        let slack = max(0, min(limit, 1 << 24) - lineWidth)
                        let candidateLines = lines[i] + 1
                        let candidateCost = cost[i] &+ slack * slack
                        if candidateLines < lines[j] || (candidateLines == lines[j] && candidateCost < cost[j]) {
                            lines[j] = candidateLines
                            cost[j] = candidateCost
                            previous[j] = i
                        }
                    }
                }
                if i == 0 || j - i >= balancedWindow { break }
                i -= 1
                lineWidth = lineWidth &+ items[i].width &+ items[i].whitespaceWidth
                if lineWidth > widest { break }
            }
        }
        if lines[n] > greedyEnds.count { return greedyEnds }
        var ends: [Int] = []
        var j = n
        while j > 0 {
            ends.append(j)
            j = previous[j]
        }
        return ends.reversed()
    }
}
