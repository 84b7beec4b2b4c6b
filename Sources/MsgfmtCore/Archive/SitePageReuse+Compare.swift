/// How `SitePageReuse` compares a chat's pages with its record: by digests of their spans
/// read straight from the file, and by the media files they show.
extension SitePageReuse {
    /// The first page of the record from `from` on whose span, moved by `delta` bytes,
    /// differs (or which cannot be kept); the page count when none does. One page is
    /// compared first, then a round of them at a time; the first page's span is digested
    /// only when it ends where a message can end (a `}` before `,` or `]`), which after a
    /// deletion or an addition it seldom does.
    mutating func firstDiffering(_ current: ChatScan, _ record: SiteChatRecord, from: Int, delta: Int) -> Int {
        let count = record.pages.count
        if from < count {
            let end = current.anchor + record.spanStart(from + 1) + delta
            let next = file.firstNonBlank(from: end)
            guard file.byte(at: end - 1) == UInt8(ascii: "}"), next == UInt8(ascii: ",") || next == UInt8(ascii: "]") else {
                return from
            }
        }
        var k = from
        var round = 1
        while k < count {
            let to = min(count, k + round)
            let ranges = (k..<to).map { j in
                (current.anchor + record.spanStart(j) + delta)..<(current.anchor + record.spanStart(j + 1) + delta)
            }
            let digests = SpanDigester.digests(of: ranges, in: file, threads: options.jobs)
            for j in k..<to {
                let page = record.pages[j]
                if !page.reusable || digests[j - k] != page.digest || !mediaUnchanged(page) { return j }
            }
            k = to
            round = Self.pagesPerRound * max(1, options.jobs)
        }
        return count
    }

    /// Whether the chat ends with the record's last page: no page `differs`, none of the
    /// record's input messages came after the page, and the `messages` array ends right
    /// after it, its place moved by `delta` bytes (read by offset: the scanner's file
    /// position stays). What follows the array is scanned as usual, so a damage there is
    /// reported in order.
    func chatEnds(_ current: ChatScan, _ record: SiteChatRecord, differs: Int, delta: Int) -> Bool {
        let count = record.pages.count
        return differs == count && record.tailInputs == 0
            && file.firstNonBlank(from: current.anchor + record.spanStart(count) + delta) == UInt8(ascii: "]")
    }

    /// Whether a chat's record can be followed: (with search) it has one set of folding
    /// scalars for each search block its pages fill. A record that has not (a manifest
    /// edited by hand) is not used: the chat is written in full.
    func consistent(_ record: SiteChatRecord) -> Bool {
        guard options.search else { return true }
        let written = record.pages.reduce(0) { $0 + $1.written }
        let size = SearchIndexWriter.blockSize
        return record.blocks.count == (written + size - 1) / size
    }

    /// Whether the media files a page shows are as they were.
    mutating func mediaUnchanged(_ page: SitePageRecord) -> Bool {
        var sequence = DigestSequence()
        for path in page.mediaPaths { sequence.add(MediaFingerprint.of(path, options: options.media)) }
        return sequence.value == page.mediaDigest
    }
}
