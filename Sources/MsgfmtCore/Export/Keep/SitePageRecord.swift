/// What an HTML site's manifest keeps of one page: the input messages the page was made
/// from (how many, where they end, and a digest of their bytes) and what the rest of the
/// site takes from the page, so `--update` can keep the page file as it is and still write
/// the chat's day index, the site index, reply links and the search index as a fresh
/// export would.
public struct SitePageRecord: Sendable, Equatable {
    /// The page's span: the chat's input messages after the previous page's last message,
    /// up to and including this page's last message (messages a filter left out, or that
    /// could not be read, count too).
    public var inputs = 0
    /// Where the span ends: the byte after its last message, counted from the chat's
    /// `messages` array (`SiteInputPlace.relativeEnd`). The span's bytes run from the
    /// previous page's end (the array's start for the first page) to this end, commas and
    /// blanks between its messages included.
    public var end = 0
    /// The digest of the span's bytes (`MessageDigester`).
    public var digest = ContentHash(high: 0, low: 0)
    /// Whether the page may be kept: every message of its span was written, without an
    /// error and with warnings that `warnings` keeps (a kept page reports those again).
    public var reusable = true
    /// The warnings about the page's messages, in the order they were reported.
    public var warnings: [SitePageWarning] = []
    /// The ids of the page's messages, as runs of consecutive ids in order.
    public var ids: [IDRun] = []
    /// The day of each day header the page opens a day with, in order.
    public var days: [Int64] = []
    /// The day of the page's last day header.
    public var lastDay: Int64?
    /// The dates of the page's first and last message.
    public var first: Int64 = 0
    public var last: Int64 = 0
    /// What became of the media files of the page's messages (for `--stats`).
    public var media = MediaCounts()
    /// The media files the page's messages refer to, as the export names them, and a
    /// digest of what was found at each (`MediaFingerprint`): a page is kept only while
    /// its files are as they were.
    public var mediaPaths: [String] = []
    public var mediaDigest = DigestSequence().value
    /// What the page showed of messages on other pages, or on none (replies' quotes and
    /// links, pins' links), in order.
    public var quotes: [SiteQuote] = []

    /// A run of consecutive message ids.
    public struct IDRun: Sendable, Equatable {
        public var first: Int64
        public var count: Int
    }

    /// Creates an empty record.
    public init() {}

    /// Messages on the page.
    public var written: Int { ids.reduce(0) { $0 + $1.count } }

    /// Records the next message id.
    mutating func add(id: Int64) {
        if let last = ids.last, last.first &+ Int64(last.count) == id, id != Int64.max {
            ids[ids.count - 1].count += 1
        } else {
            ids.append(IDRun(first: id, count: 1))
        }
    }

    /// Every id of the page, in order.
    func forEachID(_ body: (Int64) -> Void) {
        for run in ids {
            var id = run.first
            for _ in 0..<run.count {
                body(id)
                id &+= 1
            }
        }
    }
}
