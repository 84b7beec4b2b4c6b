/// Which HTML page holds a message id: each run of consecutive ids on one page is kept as
/// its range (memory proportional to the runs, not the messages), so an id the transcript
/// lacks — deleted in the export, or left out by `--filter` — is on no page even when it
/// falls between two that are; the rare id that goes backwards is kept on its own.
struct MessagePageIndex {
    private var ranges: [(first: Int64, last: Int64, page: Int)] = []
    private var outOfOrder: [Int64: Int] = [:]
    private var highest = Int64.min

    /// Records message `id` on `page` (0-based; pages are added in order).
    mutating func add(_ id: Int64, page: Int) {
        guard id > highest || ranges.isEmpty else {
            outOfOrder[id] = page
            return
        }
        if let last = ranges.last, last.page == page, id == last.last &+ 1 {
            ranges[ranges.count - 1].last = id
        } else {
            ranges.append((id, id, page))
        }
        highest = id
    }

    /// The page of message `id`, if it was recorded.
    func page(of id: Int64) -> Int? {
        if let p = outOfOrder[id] { return p }
        var lo = 0
        var hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].last < id { lo = mid + 1 } else { hi = mid }
        }
        guard lo < ranges.count, ranges[lo].first <= id else { return nil }
        return ranges[lo].page
    }
}
