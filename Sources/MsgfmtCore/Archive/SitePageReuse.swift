/// `msgfmt export --update` of an HTML site, page by page: streams the export like the
/// scanner it wraps, but holds back each chat's messages while they are the same as the
/// previous site's, and hands on instead what the writer needs to keep those pages.
///
/// How a chat is compared: the previous manifest's record of the chat (same chat, same
/// owner, same folder; see `SiteChatRecord`) lists its pages, each with its span of input
/// messages and their digest. The chat's messages are digested as they come
/// (`MessageDigester`) and matched span by span. While spans match (and the page had no
/// diagnostic and its media files are unchanged, `MediaFingerprint`), nothing is passed
/// on. At the first span that does not match (or a chat that goes on past its last page,
/// or ends early), the pages before the one before it are kept: the page before a changed
/// one is written again because its link to the next page may change. Then:
/// - `keptPage` for each kept page and `keptSearchBlock` for each search block wholly on
///   them;
/// - the kept messages that later pages still need are read again from the file by offset
///   and passed on as replays (`SiteReplay`): the last `ReplyPreviewCache` worth (replies
///   quote them) and those of the search block that is written again;
/// - the messages from the first page written again on are read again and passed on as
///   messages, and the rest of the chat streams through as usual.
/// A chat whose spans all match, to its end, is kept whole. A chat with no record streams
/// through. Every message passed on carries its digest, for the new manifest.
///
/// Memory holds, per chat, the offsets of the messages that may still be read again, and
/// two runs of scanned messages: the digests of one are computed on another thread while
/// the next is scanned.
public struct SitePageReuse: ExportEventSource {
    private var scanner: ExportScanner
    private var ahead = DigestedScan()
    private let file: ExportMessageFile
    private var options: ExportOptions
    private let old: [SiteChatRecord]
    /// The real paths of the media folders met so far (`MediaFingerprint`).
    private var mediaFolders: [String: String?] = [:]
    private var owner: String?
    private var chatsBegun = 0
    private var selected = false
    private var chat: ChatScan?
    private var queue: [Work] = []
    private var head = 0

    /// What to hand out before scanning on.
    private enum Work {
        case event(ExportEvent)
        /// Messages `from..<to` of the current chat, read again.
        case messages(from: Int, to: Int)
        /// Messages `from..<to` of kept pages, read again as replays.
        case replays(from: Int, to: Int, previewFrom: Int, searchFrom: Int)
    }

    /// One selected chat being compared.
    private struct ChatScan {
        var info: ExportChatInfo
        /// The folder the chat gets, and the previous record of the chat in it (nil once the
        /// chat differs from it, or when there is none to follow).
        var folder: String
        var record: SiteChatRecord?
        /// Input messages so far.
        var index = 0
        /// The span being matched, its messages so far and their digest.
        var span = 0
        var spanCount = 0
        var spanDigest = DigestSequence()
        /// The first input message of each matched span, and of the current one.
        var starts: [Int] = [0]
        /// Where messages `located.base...` are in the file, with their digests.
        var located: [(offset: Int, length: Int, digest: ContentHash)] = []
        var base = 0
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
                switch queue[head] {
                case .event(let event):
                    head += 1
                    return event
                case .messages(let from, let to):
                    guard from < to else {
                        head += 1
                        continue
                    }
                    queue[head] = .messages(from: from + 1, to: to)
                    return .message(try reread(from, replay: nil))
                case .replays(let from, let to, let previewFrom, let searchFrom):
                    guard from < to else {
                        head += 1
                        continue
                    }
                    queue[head] = .replays(from: from + 1, to: to, previewFrom: previewFrom, searchFrom: searchFrom)
                    let use = SiteReplay(page: page(of: from), preview: from >= previewFrom, search: from >= searchFrom)
                    return .message(try reread(from, replay: use))
                }
            }
            queue.removeAll(keepingCapacity: true)
            head = 0
            guard let (event, digest) = try ahead.next(from: &scanner) else { return nil }
            if let passed = take(event, digest: digest) { return passed }
        }
    }

    /// Handles one scanned event (`digest`: a message's, computed ahead): returns it (or
    /// what stands for it) to pass on now, or nil when it was held back or queued.
    private mutating func take(_ event: ExportEvent, digest: ContentHash) -> ExportEvent? {
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
            chat = ChatScan(info: info, folder: folder, record: old.first { $0.key == key && $0.folder == folder && consistent($0) })
            return event
        case .chatEnd:
            guard selected, chat?.record != nil, var current = chat.take(), let record = current.record else { return event }
            if current.span == record.pages.count, current.spanCount == 0, record.tailInputs == 0 {
                keepWhole(current)
                chat = nil
            } else {
                diverge(&current, at: min(current.span, record.pages.count))
                chat = current
            }
            queue.append(.event(event))
            return nil
        case .message(let raw):
            guard selected, chat != nil else { return event }
            guard let record = chat?.record else {
                var passed = raw
                passed.digest = digest
                return .message(passed)
            }
            // Taken out of `chat` while it changes, so its arrays are not copied.
            var current = chat.take()!
            defer { chat = current }
            current.located.append((raw.byteOffset, raw.bytes.count, digest))
            current.index += 1
            guard current.span < record.pages.count else {
                diverge(&current, at: record.pages.count)
                return nil
            }
            current.spanDigest.add(digest)
            current.spanCount += 1
            let page = record.pages[current.span]
            guard current.spanCount == page.inputs else { return nil }
            if page.reusable, current.spanDigest.value == page.digest, mediaUnchanged(page) {
                current.span += 1
                current.spanCount = 0
                current.spanDigest = DigestSequence()
                current.starts.append(current.index)
                prune(&current)
            } else {
                diverge(&current, at: current.span)
            }
            return nil
        case .keptPage, .keptSearchBlock:
            return event
        }
    }

    /// Keeps every page of a chat whose spans all matched, to its end, and (with search)
    /// every search block: `consistent` made sure the record has one for each.
    private mutating func keepWhole(_ current: ChatScan) {
        guard let record = current.record else { return }
        for page in record.pages { queue.append(.event(.keptPage(page, folder: current.folder))) }
        guard options.search else { return }
        let total = current.index
        let size = SearchIndexWriter.blockSize
        for (b, scalars) in record.blocks.enumerated() {
            queue.append(.event(.keptSearchBlock(index: b, count: min(size, total - b * size), scalars: scalars)))
        }
    }

    /// The chat differs from span `d` on: keeps the pages before `d - 1`, queues the replays
    /// and messages read again, and passes the rest of the chat through.
    private mutating func diverge(_ current: inout ChatScan, at d: Int) {
        guard let record = current.record else { return }
        current.record = nil
        let size = SearchIndexWriter.blockSize
        let kept = max(0, d - 1)
        let first = current.starts[kept]
        for p in 0..<kept { queue.append(.event(.keptPage(record.pages[p], folder: current.folder))) }
        var searchFrom = first
        if options.search {
            let blocks = first / size
            for b in 0..<blocks { queue.append(.event(.keptSearchBlock(index: b, count: size, scalars: record.blocks[b]))) }
            searchFrom = blocks * size
        }
        let previewFrom = max(0, first - ReplyPreviewCache.defaultCapacity)
        queue.append(.replays(from: min(searchFrom, previewFrom), to: first, previewFrom: previewFrom, searchFrom: searchFrom))
        queue.append(.messages(from: first, to: current.index))
        current.starts = Array(current.starts[0...kept])
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

    /// The page of kept message `n` (an input index before the first page written again).
    private func page(of n: Int) -> Int {
        guard let starts = chat?.starts else { return 0 }
        var lo = 0
        var hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= n { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Reads message `n` of the current chat again.
    private mutating func reread(_ n: Int, replay: SiteReplay?) throws(ExportReadError) -> RawExportMessage {
        guard let current = chat, n >= current.base, n - current.base < current.located.count else {
            throw .unreadable(path: file.name, reason: "a message to read again was forgotten")
        }
        let place = current.located[n - current.base]
        let entry = ArchiveEntry(id: 0, date: 0, hash: place.digest, offset: place.offset, length: place.length)
        guard var raw = file.message(at: entry), raw.bytes.count == place.length else {
            throw .unreadable(path: file.name, reason: "the file changed while it was read")
        }
        raw.index = n
        raw.chat = current.info
        raw.digest = place.digest
        raw.replay = replay
        return raw
    }

    /// Forgets the offsets no later divergence can need: messages before both the last
    /// `ReplyPreviewCache` worth and the search block of the page before the current span.
    private func prune(_ current: inout ChatScan) {
        let first = current.starts[max(0, current.starts.count - 2)]
        let keepFrom = min(first / SearchIndexWriter.blockSize * SearchIndexWriter.blockSize, first - ReplyPreviewCache.defaultCapacity)
        let drop = keepFrom - current.base
        guard drop > 4096, drop <= current.located.count else { return }
        current.located.removeFirst(drop)
        current.base += drop
    }

    /// Whether the media files a page shows are as they were.
    private mutating func mediaUnchanged(_ page: SitePageRecord) -> Bool {
        var sequence = DigestSequence()
        for path in page.mediaPaths { sequence.add(MediaFingerprint.of(path, options: options.media, folders: &mediaFolders)) }
        return sequence.value == page.mediaDigest
    }
}
