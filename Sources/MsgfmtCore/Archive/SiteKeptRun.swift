/// `--update` of an HTML site: a run of consecutive pages of one chat kept from the previous
/// site (`SitePageReuse`), and which of their messages must still be read again, worked out
/// from the pages' sizes alone.
///
/// A kept page's messages are not written, but a search block that they share with
/// messages written again is written again, so it needs their search records; and replies
/// on the pages written after the run may quote them, so the last
/// `ReplyPreviewCache.defaultCapacity` of them are read for their previews. In the order
/// the writer needs them:
/// 1. when the run begins inside a search block (the writer has it open), the run's
///    messages up to that block's end, for their search records (`searchUntil`);
/// 2. the search blocks that lie wholly inside the run, kept (`blocks`); when the chat
///    ends with the run, so is its last block, however full;
/// 3. the messages of the block the run ends inside, for their search records
///    (`searchFrom`), and the last ones for their previews (`previewFrom`); none when the
///    chat ends with the run.
///
/// Every page of a run was written whole (each input message of its span written), so a
/// message's place among the chat's written messages (its ordinal) follows from its input
/// index.
struct SiteKeptRun: Equatable {
    /// A search block kept whole.
    struct Block: Equatable {
        var index: Int
        var count: Int
    }

    /// The pages (0-based numbers) and the chat's input messages they hold.
    let pages: Range<Int>
    let from: Int
    let to: Int
    /// Messages `from..<searchUntil` and `searchFrom..<to` are read for their search
    /// records, and `previewFrom..<to` for their previews.
    let searchUntil: Int
    let searchFrom: Int
    let previewFrom: Int
    /// The search blocks kept, in order, given after the messages up to `searchUntil`.
    let blocks: [Block]
    /// The first input message of each page of the chat's record, then its total, and the
    /// ordinal of each page's first message, then the total written.
    private let starts: [Int]
    private let before: [Int]

    /// Works out the run of `pages` in a chat whose record's pages begin at input messages
    /// `starts` and ordinals `before` (each with the totals last, as this export has them);
    /// `ends` when the chat ends with the run; `search` when the site has a search index of
    /// blocks of `blockSize` messages, which are kept only when `keepsBlocks` (the pages are
    /// at the ordinals they had; else every message is read for its search record); replies
    /// quote the last `previewCapacity` messages.
    init(
        pages: Range<Int>, starts: [Int], before: [Int], ends: Bool, search: Bool, keepsBlocks: Bool = true, blockSize: Int,
        previewCapacity: Int
    ) {
        self.pages = pages
        self.starts = starts
        self.before = before
        let first = before[pages.lowerBound]
        let last = before[pages.upperBound]
        var searchUntil = first
        var searchFrom = last
        var blocks: [Block] = []
        if search, !keepsBlocks {
            searchUntil = last
        } else if search {
            if first % blockSize != 0 { searchUntil = min((first / blockSize + 1) * blockSize, last) }
            if searchUntil < last {
                var b = searchUntil / blockSize
                while (b + 1) * blockSize <= last {
                    blocks.append(Block(index: b, count: blockSize))
                    b += 1
                }
                if b * blockSize < last {
                    if ends { blocks.append(Block(index: b, count: last - b * blockSize)) } else { searchFrom = b * blockSize }
                }
            }
        }
        let previewFrom = ends ? last : max(first, last - previewCapacity)
        self.blocks = blocks
        from = starts[pages.lowerBound]
        to = starts[pages.upperBound]
        // Back from ordinals to input indexes.
        func index(_ ordinal: Int) -> Int {
            var p = pages.lowerBound
            while p < pages.upperBound, before[p + 1] <= ordinal { p += 1 }
            return starts[p] + (ordinal - before[p])
        }
        self.searchUntil = index(searchUntil)
        self.searchFrom = index(searchFrom)
        self.previewFrom = index(previewFrom)
    }

    /// The input index of page `p`'s first message (of the total, past the last page).
    func start(of p: Int) -> Int {
        starts[p]
    }

    /// The page that holds input message `n` of the chat (or, past the last, the total).
    func page(of n: Int) -> Int {
        Self.page(of: n, starts: starts)
    }

    /// The page that holds input message `n` of a chat whose pages begin at `starts` (the
    /// total last), or past the last, the total.
    static func page(of n: Int, starts: [Int]) -> Int {
        var lo = 0
        var hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= n { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// What input message `n` of the run is read again for; nil when it is not.
    func replay(_ n: Int) -> SiteReplay? {
        let search = n < searchUntil || n >= searchFrom
        let preview = n >= previewFrom
        guard n >= from, n < to, search || preview else { return nil }
        let p = page(of: n)
        return SiteReplay(page: p, offset: n - starts[p], preview: preview, search: search)
    }

    /// The first message from `n` on that is read again, `to` when none is.
    func nextNeeded(from n: Int) -> Int {
        if n < searchUntil { return max(n, from) }
        return max(n, min(searchFrom, previewFrom, to))
    }
}
