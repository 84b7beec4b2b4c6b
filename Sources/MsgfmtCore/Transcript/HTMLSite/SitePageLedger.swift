/// Keeps, while an HTML site is written with `--update`, the manifest's record of every
/// chat and page (`SiteChatRecord`, `SitePageRecord`): each page's span of input messages
/// (how many, and where it ends), whether it may be kept next time, and what the rest of
/// the site takes from it. Pages kept from the previous site are recorded as they were;
/// the spans of the pages written are digested from the export file once the site is
/// written (`writtenSpans`, `SpanDigester.records`).
struct SitePageLedger {
    private(set) var chats: [SiteChatRecord] = []
    /// Each chat's anchor (`SiteInputPlace.anchor`), once a message of it came.
    private var anchors: [Int?] = []
    /// The spans to digest: chat, page (nil: the chat's tail) and relative byte range.
    private var spans: [(chat: Int, page: Int?, range: Range<Int>)] = []
    /// Input messages since the last written one (left out or unreadable, so the page whose
    /// span they join cannot be kept), and where the last of them ends.
    private var pending = 0
    private var pendingEnd: Int?
    /// Where the current chat's last page (kept or written) ends.
    private var lastEnd = 0
    /// The page being written, its number, and the digest of its media files.
    private var open: SitePageRecord?
    private var openNumber = -1
    private var media = DigestSequence()
    /// A message came without its place (which `SitePageReuse` always gives): no record
    /// can be trusted, so none is kept.
    private var unplaced = false

    /// A chat begins, under `folder`.
    mutating func beginChat(key: ContentHash, folder: String) {
        chats.append(SiteChatRecord(key: key, folder: folder))
        anchors.append(nil)
        pending = 0
        pendingEnd = nil
        lastEnd = 0
        open = nil
        openNumber = -1
    }

    /// The next page was kept from the previous site. Input messages not written right
    /// before it belong to no page's span, so no record can be trusted then.
    mutating func kept(_ page: SitePageRecord) {
        close()
        if pending > 0 { unplaced = true }
        openNumber = -1
        lastEnd = page.end
        chats[chats.count - 1].pages.append(page)
    }

    /// An input message that was not written.
    mutating func passed(_ place: SiteInputPlace?) {
        pending += 1
        pendingEnd = relativeEnd(place)
    }

    /// A message was written on page `page` (0-based), reporting `diagnostics`: the page
    /// keeps its warnings to report them again when it is kept (`SitePageWarning`), and is
    /// never kept when one cannot be.
    mutating func written(_ message: TranscriptMessage, page: Int, diagnostics: [Diagnostic]) {
        if page != openNumber {
            close()
            var record = SitePageRecord()
            record.first = message.message.date
            open = record
            openNumber = page
            media = DigestSequence()
        }
        guard var record = open else { return }
        record.inputs += pending + 1
        if pending > 0 { record.reusable = false }
        if !diagnostics.isEmpty, record.reusable {
            let kept = message.inputPlace.map { place in diagnostics.compactMap { SitePageWarning($0, anchor: place.anchor) } }
            if let kept, kept.count == diagnostics.count, record.warnings.count + kept.count <= SitePageWarning.perPage {
                record.warnings += kept
            } else {
                record.reusable = false
                record.warnings = []
            }
        }
        pending = 0
        pendingEnd = nil
        if let end = relativeEnd(message.inputPlace) { record.end = end }
        record.add(id: message.message.id)
        record.last = message.message.date
        record.media.add(message.mediaCounts)
        for (path, print) in message.mediaPrints {
            record.mediaPaths.append(path)
            media.add(print)
        }
        open = record
    }

    /// The message just written shows `quote` of a message that is not on its page.
    mutating func quoted(_ quote: SiteQuote) {
        open?.quotes.append(quote)
    }

    /// The message just written opens a day header for `day`.
    mutating func dayHeader(_ day: Int64) {
        open?.days.append(day)
        open?.lastDay = day
    }

    /// The current chat ended; `blocks` are the folding scalars of its search blocks.
    mutating func endChat(blocks: [String]) {
        guard !chats.isEmpty else { return }
        close()
        let c = chats.count - 1
        chats[c].tailInputs = pending
        chats[c].tailDigest = ContentHash(high: 0, low: 0)
        if pending > 0 {
            if let end = pendingEnd, end > lastEnd { spans.append((c, nil, lastEnd..<end)) } else { unplaced = true }
        }
        chats[c].blocks = blocks
        pending = 0
        pendingEnd = nil
    }

    /// The spans of the pages written and of the chats' tails, as ranges of the export.
    var writtenSpans: SiteSpans {
        var out = SiteSpans()
        out.complete = !unplaced
        for span in spans {
            guard let anchor = anchors[span.chat] else {
                out.complete = false
                return out
            }
            out.owners.append((span.chat, span.page))
            out.ranges.append((anchor + span.range.lowerBound)..<(anchor + span.range.upperBound))
        }
        return out
    }

    /// Where the message at `place` ends, counted from its chat's anchor (which the first
    /// placed message of a chat sets).
    private mutating func relativeEnd(_ place: SiteInputPlace?) -> Int? {
        guard let place, !chats.isEmpty else {
            unplaced = true
            return nil
        }
        let c = chats.count - 1
        if anchors[c] == nil { anchors[c] = place.anchor }
        guard anchors[c] == place.anchor else {
            unplaced = true
            return nil
        }
        return place.relativeEnd
    }

    private mutating func close() {
        guard var record = open else { return }
        open = nil
        record.mediaDigest = media.value
        guard record.end > lastEnd else {
            unplaced = true
            return
        }
        let c = chats.count - 1
        spans.append((c, chats[c].pages.count, lastEnd..<record.end))
        lastEnd = record.end
        chats[c].pages.append(record)
    }
}
