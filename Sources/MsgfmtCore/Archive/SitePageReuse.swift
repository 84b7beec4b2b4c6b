/// `msgfmt export --update` of an HTML site, page by page: streams the export like the
/// scanner it wraps, but skips the spans of each chat's pages that are the same as in the
/// previous site, and hands on instead what the writer needs to keep those pages.
///
/// How a chat is compared: the previous manifest's record of the chat (same chat, same
/// owner, same folder; see `SiteChatRecord`) lists its pages, each with its span of input
/// messages: how many, where the span ends (counted from the chat's `messages` array) and
/// a digest of its bytes. A page matches while its span's bytes are the same (and the page
/// had no diagnostic and its media files are unchanged, `MediaFingerprint`): the spans are
/// digested straight from the file, without scanning them (`SpanDigester`, on every core),
/// and a run of matching pages is skipped (`ExportScanner.jump`) and kept (`SiteKeptRun`).
///
/// 1. When the chat starts, its pages are compared at their places after the new array's
///    start. The pages before the first that differs are kept (`keptThrough`: by date, but
///    for the last of them, whose link to the next page may change); when every page
///    matches and the chat ends right after the last, all are kept.
/// 2. From the first page written again on, the messages stream through. Where one ends
///    a page of the record (its id is the page's last; without ids, it is as many input
///    messages in), the record's later pages are compared at their places shifted by as
///    many bytes as the span before moved (an edit early in a long chat, a message deleted
///    or added). The pages that match (by date, but for the last before one that differs) are
///    offered to the writer (`keepCheck`), which keeps them only when the page it is
///    writing ends where a page ended before and what they quote of other messages is
///    unchanged (`HTMLSiteWriter.keepable`); its answer (`answer(_:)`) says how many, and
///    how many messages it wrote before them: those pages are kept, their input indexes
///    and ordinals moved as far as the messages before them did.
/// Of a kept run, the messages the writer still needs are read again (`SiteReplay`): those
/// sharing a search block written again, and the last `ReplyPreviewCache` worth before the
/// next page written, for their previews. A chat with no record streams through. Every
/// message handed on carries its place (`SiteInputPlace`), from which the new manifest's
/// spans are digested.
///
/// Memory holds, per chat, its record's page starts and a copy of the scanner as it was
/// when the chat's messages began (the point every jump starts from).
public struct SitePageReuse: ExportEventSource {
    private var scanner: ExportScanner
    /// The export, read again by offset to digest spans (`SpanDigester.records` uses it too).
    public let file: ExportMessageFile
    var options: ExportOptions
    private let old: [SiteChatRecord]
    private var owner: String?
    private var chatsBegun = 0
    private var selected = false
    private var chat: ChatScan?
    private var queue: [ExportEvent] = []
    private var head = 0
    /// The pages offered by the `keepCheck` given last, until the writer answers; then how
    /// many of them it keeps, until the next event.
    private var offered: Offer?
    private var answered: SiteKeepCheck.Answer?

    /// Pages whose spans are digested together, per thread.
    static let pagesPerRound = 8

    /// One selected chat: its record while it is followed.
    struct ChatScan {
        /// The scanner right after the chat's `chatStart`, and where its `messages` array
        /// starts in the file (`SiteInputPlace.anchor`).
        var start: ExportScanner
        var anchor: Int
        /// The previous record of the chat; nil when there is none.
        var record: SiteChatRecord?
        /// The first input message of each page of the record, then the record's total;
        /// the ordinal of each page's first message, then the total written; the page each
        /// page's last message id ends (a hint where pages may begin again).
        var starts: [Int] = [0]
        var before: [Int] = [0]
        var lastIDs: [Int64: Int] = [:]
        /// The kept run whose messages are being read through, how far its spans moved, and
        /// whether its kept search blocks were handed on.
        var run: SiteKeptRun?
        var delta = 0
        var blocksGiven = false
        /// The first page of the record the chat may be found the same from again.
        var nextCheck = Int.max
        /// The last comparison after a difference: its delta, the first page that differed
        /// and whether the chat ended after the last. The pages offered but not kept are
        /// written unchanged, so the next comparison at the same delta knows the answer.
        var compared: (delta: Int, differs: Int, ends: Bool)?
    }

    /// Pages offered to the writer: the run they would be, how far their spans moved (in
    /// bytes and in input messages), and the first page after them that differed.
    private struct Offer {
        var pages: Range<Int>
        var delta: Int
        var inputs: Int
        var ends: Bool
        var differs: Int
    }

    /// Wraps a scanner of the export at `path`; `old` are the previous manifest's chats.
    public init(source: ExportByteSource, path: String, options: ExportOptions, old: [SiteChatRecord]) throws(ExportReadError) {
        scanner = ExportScanner(source: source)
        file = try ExportMessageFile(path: path)
        self.options = options
        self.old = old
        owner = options.me
    }

    public var bytesRead: Int { scanner.bytesRead }

    /// Where the export's media files are (known once the output is open): pages are
    /// kept only while the files they show are as they were.
    public mutating func use(media: MediaOptions) {
        options.media = media
        // The media folders resolved afresh for this run (files may have been added).
        options.media.folders = MediaFolderCache()
    }

    public mutating func answer(_ answer: SiteKeepCheck.Answer) {
        answered = answer
    }

    public mutating func next() throws(ExportReadError) -> ExportEvent? {
        // The check was the last event queued: once it is handed on, the writer answered.
        if let offer = offered, head >= queue.count, var current = chat {
            let q = offer.pages.lowerBound
            let kept = min(max(0, answered?.pages ?? 0), offer.pages.count)
            let ordinals = (answered?.before ?? current.before[q]) - current.before[q]
            offered = nil
            answered = nil
            current.nextCheck = kept == offer.pages.count ? offer.differs + 1 : q + kept + 1
            try begin(
                &current, q..<(q + kept), shift: (offer.delta, offer.inputs, ordinals), ends: offer.ends && kept == offer.pages.count)
            chat = current
        }
        while true {
            if head < queue.count {
                head += 1
                return queue[head - 1]
            }
            queue.removeAll(keepingCapacity: true)
            head = 0
            guard let event = try scanner.next() else { return nil }
            if let passed = try take(event) { return passed }
        }
    }

    /// Handles one scanned event: returns it (or what stands for it) to pass on now, or
    /// nil when it was skipped or queued.
    private mutating func take(_ event: ExportEvent) throws(ExportReadError) -> ExportEvent? {
        switch event {
        case .personalInformation(let info):
            if owner == nil, let id = info["user_id"]?.int64Value { owner = "user\(id)" }
            return event
        case .chatStart(let info):
            selected = options.selects(info)
            chat = nil
            guard selected else { return event }
            // Every selected chat gets a folder: a page-by-page update has no filter to leave
            // all of a chat's messages out, and a chat whose messages are all unreadable
            // still gets its (empty) page. The writer checks the folder a kept page names.
            chatsBegun += 1
            let folder = HTMLSiteWriter.folderName(chatsBegun)
            let key = SiteChatRecord.key(of: info, owner: owner)
            // The copy need not hold the bytes read so far: a jump reads from the file again.
            var start = scanner
            start.buffer = []
            var current = ChatScan(start: start, anchor: scanner.offset)
            if let record = old.first(where: { $0.key == key && $0.folder == folder && consistent($0) }) {
                current.record = record
                for (p, page) in record.pages.enumerated() {
                    current.starts.append(current.starts[current.starts.count - 1] + page.inputs)
                    current.before.append(current.before[current.before.count - 1] + page.written)
                    if let run = page.ids.last { current.lastIDs[run.first &+ Int64(run.count - 1)] = p }
                }
                try beginChat(&current)
            }
            chat = current
            return event
        case .chatEnd:
            guard selected, var current = chat else { return event }
            chat = nil
            if current.run != nil { giveBlocks(&current) }
            queue.append(event)
            return nil
        case .message(var raw):
            guard selected, var current = chat else { return event }
            let n = raw.index
            raw.place = SiteInputPlace(anchor: current.anchor, end: raw.byteOffset + raw.bytes.count)
            if let run = current.run {
                if n < run.to {
                    let passed = try readAgain(raw, of: run, &current)
                    chat = current
                    return passed
                }
                giveBlocks(&current)
                current.run = nil
            }
            queue.append(.message(raw))
            if let record = current.record, current.nextCheck < record.pages.count, let p = pageAfter(raw, current),
                p >= current.nextCheck, p < record.pages.count
            {
                try offer(&current, record, at: p, inputs: n + 1 - current.starts[p], end: raw.place?.relativeEnd ?? 0)
            }
            chat = current
            return nil
        case .keptPage, .keptSearchBlock, .keepCheck:
            return event
        }
    }

    /// Compares the chat's pages with its record when the chat starts, and keeps those
    /// that can be (see the type's doc).
    private mutating func beginChat(_ current: inout ChatScan) throws(ExportReadError) {
        guard let record = current.record else { return }
        let differs = firstDiffering(current, record, from: 0, delta: 0)
        let ends = chatEnds(current, record, differs: differs, delta: 0)
        current.nextCheck = differs + 1
        try begin(&current, 0..<keptThrough(current, record, differs: differs, ends: ends, delta: 0), shift: (0, 0, 0), ends: ends)
    }

    /// Where a run of matching pages ends, given the first page that `differs` and whether
    /// the chat `ends` after the last: at the chat's end, or before the page that differs
    /// when the page before it links on to it as before (pages by count link to "Next
    /// messages", so while messages follow, it does), else before the page before it (by
    /// date, its link is named after the next page's period, which may change).
    private func keptThrough(_ current: ChatScan, _ record: SiteChatRecord, differs: Int, ends: Bool, delta: Int) -> Int {
        if ends { return record.pages.count }
        if options.pages == .count, differs > 0, differs < record.pages.count,
            file.firstNonBlank(from: current.anchor + record.spanStart(differs) + delta) == UInt8(ascii: ",")
        {
            return differs
        }
        return max(0, differs - 1)
    }

    /// The page of the record that may begin right after the written message `raw`: the
    /// one after the page its id ended (messages deleted or added before it shift it), or
    /// without an id to go by, the page that begins at its place.
    private func pageAfter(_ raw: RawExportMessage, _ current: ChatScan) -> Int? {
        if let id = QuickMessageFields.leadingID(raw.bytes) { return current.lastIDs[id].map { $0 + 1 } }
        let p = SiteKeptRun.page(of: raw.index + 1, starts: current.starts)
        return current.starts[p] == raw.index + 1 ? p : nil
    }

    /// The message just read ends page `p - 1` of the record, `inputs` input messages later
    /// than there: compares the record's pages from `p` on at their places moved as far as
    /// that page's end did (to `end`, counted from the array's start), and offers the writer
    /// those that can be kept.
    private mutating func offer(_ current: inout ChatScan, _ record: SiteChatRecord, at p: Int, inputs: Int, end: Int)
        throws(ExportReadError)
    {
        let delta = end - record.pages[p - 1].end
        let differs: Int
        let ends: Bool
        if let known = current.compared, known.delta == delta, known.differs > p {
            (differs, ends) = (known.differs, known.ends)
        } else {
            differs = firstDiffering(current, record, from: p, delta: delta)
            ends = chatEnds(current, record, differs: differs, delta: delta)
            current.compared = (delta, differs, ends)
        }
        current.nextCheck = differs + 1
        let last = keptThrough(current, record, differs: differs, ends: ends, delta: delta)
        guard last > p, let folder = record.folder else { return }
        let previous = record.pages[p - 1]
        queue.append(
            .keepCheck(
                SiteKeepCheck(
                    folder: folder, number: p, before: current.before[p], previousLastDay: previous.lastDay,
                    previousFirst: previous.first, pages: (p..<last).map { record.page($0, movedBy: delta) })))
        offered = Offer(pages: p..<last, delta: delta, inputs: inputs, ends: ends, differs: differs)
    }

    /// Keeps `pages` of the current chat, moved by `shift`: their spans by `bytes`, their
    /// messages' input indexes by `inputs` and their ordinals by `ordinals`. Hands on the
    /// kept pages and moves the scanner to the first of their messages still needed.
    private mutating func begin(
        _ current: inout ChatScan, _ pages: Range<Int>, shift: (bytes: Int, inputs: Int, ordinals: Int), ends: Bool
    ) throws(ExportReadError) {
        guard let record = current.record, !pages.isEmpty else { return }
        let before = current.before.map { $0 + shift.ordinals }
        let run = SiteKeptRun(
            pages: pages, starts: current.starts.map { $0 + shift.inputs }, before: before, ends: ends, search: options.search,
            keepsBlocks: shift.ordinals == 0, blockSize: SearchIndexWriter.blockSize, previewCapacity: ReplyPreviewCache.defaultCapacity)
        for p in pages {
            let kept = SiteKeptPage(
                record: record.page(p, movedBy: shift.bytes), folder: record.folder ?? "", number: p, before: before[p],
                shift: shift.ordinals,
                last: p == record.pages.count - 1, anchor: current.anchor)
            queue.append(.keptPage(kept))
        }
        current.run = run
        current.delta = shift.bytes
        current.blocksGiven = false
        if run.searchUntil == run.from { giveBlocks(&current) }
        try seek(&current, to: run.nextNeeded(from: run.from))
    }

    /// Input message `raw` of the kept run: handed on when it is read again, else skipped
    /// (with the pages up to the next one needed).
    private mutating func readAgain(_ raw: RawExportMessage, of run: SiteKeptRun, _ current: inout ChatScan) throws(ExportReadError)
        -> ExportEvent?
    {
        let n = raw.index
        if !current.blocksGiven, n >= run.searchUntil { giveBlocks(&current) }
        let needed = run.nextNeeded(from: n)
        if needed > n {
            if run.page(of: needed) > run.page(of: n) { try seek(&current, to: needed) }
            return nil
        }
        var raw = raw
        raw.replay = run.replay(n)
        return .message(raw)
    }

    /// Hands on the run's kept search blocks, once.
    private mutating func giveBlocks(_ current: inout ChatScan) {
        guard let run = current.run, !current.blocksGiven else { return }
        current.blocksGiven = true
        for block in run.blocks {
            queue.append(.keptSearchBlock(index: block.index, count: block.count, scalars: current.record?.blocks[block.index] ?? ""))
        }
    }

    /// Moves the scanner to the start of the page of the record that holds input message
    /// `n` (or to the end of the last page), at its place moved by the run's delta.
    private mutating func seek(_ current: inout ChatScan, to n: Int) throws(ExportReadError) {
        guard let record = current.record, let run = current.run else { return }
        let p = run.page(of: n)
        scanner = current.start
        try scanner.jump(to: current.anchor + record.spanStart(p) + current.delta, messageIndex: run.start(of: p))
    }
}
