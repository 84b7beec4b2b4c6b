/// `msgfmt export --update` of an HTML site, page by page: streams the export like the
/// scanner it wraps, but skips the spans of each chat's pages that are the same as in the
/// previous site, and hands on instead what the writer needs to keep those pages.
///
/// How a chat is compared: the previous manifest's record of the chat (same chat, same
/// owner, same folder; see `SiteChatRecord`) lists its pages, each with its span of input
/// messages: how many, where the span ends (counted from the chat's `messages` array) and
/// a digest of its bytes. When the chat starts, the spans are digested straight from the
/// file at the same places after the new array's start (`SpanDigester`, on every core),
/// without scanning them. A page matches while its span's bytes are the same (and the page
/// had no diagnostic and its media files are unchanged, `MediaFingerprint`): the bytes up
/// to its end are those the previous export scanned, so the scanner can go on right after
/// them (`ExportScanner.jump`). Then:
/// - every page matched: the scanner jumps past them; when the chat ends there, it is kept
///   whole (`keptPage` for each page, `keptSearchBlock` for each search block);
/// - else, at the first page that does not match (or when the chat goes on past its last
///   page), the pages before the one before it are kept: the page before a changed one is
///   written again because its link to the next page may change. The scanner goes back to
///   the start of the kept messages that later pages still need (the last
///   `ReplyPreviewCache` worth, which replies quote, and those of the search block that is
///   written again), and hands them on as replays (`SiteReplay`); the messages from the
///   first page written again on are handed on as messages, and the rest of the chat
///   streams through as usual.
/// A chat with no record streams through. Every message handed on carries its place
/// (`SiteInputPlace`), from which the new manifest's spans are digested.
///
/// Memory holds, per chat, its record's page starts and a copy of the scanner as it was
/// when the chat's messages began (the point every jump starts from).
public struct SitePageReuse: ExportEventSource {
    private var scanner: ExportScanner
    /// The export, read again by offset to digest spans (`SpanDigester.records` uses it too).
    public let file: ExportMessageFile
    private var options: ExportOptions
    private let old: [SiteChatRecord]
    /// The real paths of the media folders met so far (`MediaFingerprint`).
    private var mediaFolders: [String: String?] = [:]
    private var owner: String?
    private var chatsBegun = 0
    private var selected = false
    private var chat: ChatScan?
    private var queue: [ExportEvent] = []
    private var head = 0

    /// Pages whose spans are digested together, per thread.
    private static let pagesPerRound = 8

    /// One selected chat with a record being compared, or replayed after it differed.
    private struct ChatScan {
        /// The scanner right after the chat's `chatStart`, and where its `messages` array
        /// starts in the file (`SiteInputPlace.anchor`).
        var start: ExportScanner
        var anchor: Int
        /// The previous record of the chat while it is followed; nil once the chat differed
        /// from it (or when there is none).
        var record: SiteChatRecord?
        /// The first input message of each page of the record, then the record's total.
        var starts: [Int] = [0]
        /// Every page matched and the scanner jumped past them: the chat must end next.
        var matchedAll = false
        /// After the chat differed: messages before `replayFrom` are skipped; those before
        /// `first` (the first page written again) are replays, those from `previewFrom` on
        /// for their previews, those from `searchFrom` on for their search records.
        var replayFrom = 0
        var previewFrom = 0
        var searchFrom = 0
        var first = 0
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
    }

    public mutating func next() throws(ExportReadError) -> ExportEvent? {
        while true {
            if head < queue.count {
                head += 1
                return queue[head - 1]
            }
            queue.removeAll(keepingCapacity: true)
            head = 0
            let event: ExportEvent?
            do {
                event = try scanner.next()
            } catch {
                // After the matched pages: scan them again, so the error comes where a fresh
                // export meets it, after every message before it.
                guard var current = chat, current.matchedAll, let count = current.record?.pages.count else { throw error }
                try diverge(&current, at: count)
                chat = current
                continue
            }
            guard let event else { return nil }
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
            current.record = old.first { $0.key == key && $0.folder == folder && consistent($0) }
            if current.record != nil { try compare(&current) }
            chat = current
            return event
        case .chatEnd:
            guard selected, let current = chat else { return event }
            chat = nil
            if current.matchedAll, let record = current.record { keepWhole(record) }
            queue.append(event)
            return nil
        case .message(var raw):
            guard selected, var current = chat else { return event }
            if current.matchedAll, let count = current.record?.pages.count {
                // The chat goes on past its last page.
                try diverge(&current, at: count)
                chat = current
                return nil
            }
            let n = raw.index
            guard n >= current.replayFrom else { return nil }
            raw.place = SiteInputPlace(anchor: current.anchor, end: raw.byteOffset + raw.bytes.count)
            if n < current.first {
                raw.replay = SiteReplay(page: page(of: n, in: current), preview: n >= current.previewFrom, search: n >= current.searchFrom)
            }
            return .message(raw)
        case .keptPage, .keptSearchBlock:
            return event
        }
    }

    /// Compares the chat's pages with its record, a round of spans at a time: jumps past
    /// them all when every one matches, else keeps what can be kept (`diverge`).
    private mutating func compare(_ current: inout ChatScan) throws(ExportReadError) {
        guard let record = current.record else { return }
        for page in record.pages { current.starts.append(current.starts[current.starts.count - 1] + page.inputs) }
        let count = record.pages.count
        let round = Self.pagesPerRound * max(1, options.jobs)
        var from = 0
        var differs = count
        while from < count, differs == count {
            let to = min(count, from + round)
            let ranges = (from..<to).map { k in (current.anchor + record.spanStart(k))..<(current.anchor + record.spanStart(k + 1)) }
            let digests = SpanDigester.digests(of: ranges, in: file, threads: options.jobs)
            for k in from..<to {
                let page = record.pages[k]
                if !page.reusable || digests[k - from] != page.digest || !mediaUnchanged(page) {
                    differs = k
                    break
                }
            }
            from = to
        }
        if differs == count, record.tailInputs == 0 {
            if count > 0 { try scanner.jump(to: current.anchor + record.spanStart(count), messageIndex: current.starts[count]) }
            current.matchedAll = true
        } else {
            try diverge(&current, at: differs)
        }
    }

    /// Keeps every page of a chat whose spans all matched, to its end, and (with search)
    /// every search block: `consistent` made sure the record has one for each.
    private mutating func keepWhole(_ record: SiteChatRecord) {
        for page in record.pages { queue.append(.keptPage(page, folder: record.folder ?? "")) }
        guard options.search else { return }
        let total = record.pages.reduce(0) { $0 + $1.inputs }
        let size = SearchIndexWriter.blockSize
        for (b, scalars) in record.blocks.enumerated() {
            queue.append(.keptSearchBlock(index: b, count: min(size, total - b * size), scalars: scalars))
        }
    }

    /// The chat differs from page `d` on: keeps the pages before `d - 1`, and scans again
    /// from the first kept message later pages need (see the type's doc).
    private mutating func diverge(_ current: inout ChatScan, at d: Int) throws(ExportReadError) {
        guard let record = current.record else { return }
        current.record = nil
        current.matchedAll = false
        let size = SearchIndexWriter.blockSize
        let kept = max(0, d - 1)
        let first = current.starts[kept]
        for p in 0..<kept { queue.append(.keptPage(record.pages[p], folder: record.folder ?? "")) }
        var searchFrom = first
        if options.search {
            let blocks = first / size
            for b in 0..<blocks { queue.append(.keptSearchBlock(index: b, count: size, scalars: record.blocks[b])) }
            searchFrom = blocks * size
        }
        current.first = first
        current.searchFrom = searchFrom
        current.previewFrom = max(0, first - ReplyPreviewCache.defaultCapacity)
        current.replayFrom = min(searchFrom, current.previewFrom)
        current.starts = Array(current.starts[0...kept])
        // Back to the start of the page that holds the first message needed.
        let p = page(of: current.replayFrom, in: current)
        scanner = current.start
        try scanner.jump(to: current.anchor + record.spanStart(p), messageIndex: current.starts[p])
    }

    /// Whether a chat's record can be followed: (with search) it has one set of folding
    /// scalars for each search block its pages fill. A record that has not (a manifest
    /// edited by hand) is not used: the chat is written in full.
    private func consistent(_ record: SiteChatRecord) -> Bool {
        guard options.search else { return true }
        let written = record.pages.reduce(0) { $0 + $1.written }
        let size = SearchIndexWriter.blockSize
        return record.blocks.count == (written + size - 1) / size
    }

    /// The kept page that holds input message `n` of the chat.
    private func page(of n: Int, in current: ChatScan) -> Int {
        let starts = current.starts
        var lo = 0
        var hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= n { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Whether the media files a page shows are as they were.
    private mutating func mediaUnchanged(_ page: SitePageRecord) -> Bool {
        var sequence = DigestSequence()
        for path in page.mediaPaths { sequence.add(MediaFingerprint.of(path, options: options.media, folders: &mediaFolders)) }
        return sequence.value == page.mediaDigest
    }
}
