/// Keeps, while an HTML site is written with `--update`, the manifest's record of every
/// chat and page (`SiteChatRecord`, `SitePageRecord`): each page's span of input messages
/// and its digest, whether it may be kept next time, and what the rest of the site takes
/// from it. Pages kept from the previous site are recorded as they were.
struct SitePageLedger {
    private(set) var chats: [SiteChatRecord] = []
    /// The digests of the input messages since the last written one (left out or
    /// unreadable, so the page whose span they join cannot be kept).
    private var pending: [ContentHash] = []
    /// The page being written, its number, and the digests of its span and media files.
    private var open: SitePageRecord?
    private var openNumber = -1
    private var span = DigestSequence()
    private var media = DigestSequence()

    /// A chat begins, under `folder`.
    mutating func beginChat(key: ContentHash, folder: String) {
        chats.append(SiteChatRecord(key: key, folder: folder))
        pending = []
        open = nil
        openNumber = -1
    }

    /// The next page was kept from the previous site.
    mutating func kept(_ page: SitePageRecord) {
        close()
        openNumber = -1
        chats[chats.count - 1].pages.append(page)
    }

    /// An input message that was not written.
    mutating func passed(_ digest: ContentHash?) {
        pending.append(digest ?? ContentHash(high: 0, low: 0))
    }

    /// A message was written on page `page` (0-based): `clean` when it reported nothing.
    mutating func written(_ message: TranscriptMessage, page: Int, clean: Bool) {
        if page != openNumber {
            close()
            var record = SitePageRecord()
            record.first = message.message.date
            open = record
            openNumber = page
            span = DigestSequence()
            media = DigestSequence()
        }
        guard var record = open else { return }
        for digest in pending { span.add(digest) }
        record.inputs += pending.count + 1
        if !pending.isEmpty || !clean { record.reusable = false }
        pending = []
        span.add(message.inputDigest ?? ContentHash(high: 0, low: 0))
        if message.inputDigest == nil { record.reusable = false }
        record.add(id: message.message.id)
        record.last = message.message.date
        record.media.add(message.mediaCounts)
        for (path, print) in message.mediaPrints {
            record.mediaPaths.append(path)
            media.add(print)
        }
        open = record
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
        var tail = DigestSequence()
        for digest in pending { tail.add(digest) }
        chats[chats.count - 1].tailInputs = pending.count
        chats[chats.count - 1].tailDigest = tail.value
        chats[chats.count - 1].blocks = blocks
        pending = []
    }

    private mutating func close() {
        guard var record = open else { return }
        record.digest = span.value
        record.mediaDigest = media.value
        chats[chats.count - 1].pages.append(record)
        open = nil
    }
}
