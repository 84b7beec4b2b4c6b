/// Everything `msgfmt export` was asked to do, as one value.
public struct ExportOptions: Sendable {
    /// Output format.
    public var format: ExportFormat = .html
    /// List or bubbles (terminal formats and HTML).
    public var style: TranscriptStyle = .list
    /// `--chat` filters (names or ids); empty selects every chat.
    public var chats: [String] = []
    /// First and last local day to include (days since 1970-01-01), inclusive.
    public var since: Int64?
    public var until: Int64?
    /// `--filter`: the messages to keep (see `keeps(_:in:)`).
    public var filter: MessageFilter?
    /// The zone dates are shown in.
    public var clock: ExportClock = ExportClock(timeZone: "UTC")!
    /// Threads processing messages: the calling thread (which also reads and writes) and
    /// `jobs - 1` workers; 1 does everything on the calling thread.
    public var jobs: Int = 2
    /// HTML: messages per page (with `pages` `.count`).
    public var pageSize: Int = 1000
    /// HTML: pages of `pageSize` messages, or one page per day, month or year.
    public var pages = PageSplit.count
    /// HTML: a search box on every page, `search.html` and the index they search.
    public var search = true
    /// The exporting account's `from_id` (`user123`), to tell outgoing messages apart.
    public var me: String?
    /// Transcript width in cells (terminal formats).
    public var width: Int = 80
    /// How message bodies are normalized, laid out and emitted.
    public var render = RenderOptions()
    /// Merging several exports: what becomes of messages a later export deleted.
    public var deleted: DeletedMessages = .mark
    /// `--media`: where the export's files are and how transcripts refer to them.
    public var media = MediaOptions()
    /// The fonts layout measures with (`--to svg|png`), shared by every thread; nil
    /// measures in cells.
    public var fonts: FontLibrary?
    /// Messages per parallel batch: the format's (`ExportFormat.messagesPerBatch`) unless
    /// set.
    public var batchSize: Int {
        get { chosenBatchSize ?? format.messagesPerBatch }
        set { chosenBatchSize = newValue }
    }
    private var chosenBatchSize: Int?
    /// HTML site with `--update`: keep, for the manifest, what each page was made from
    /// (`SitePageRecord`).
    public var keepsPageRecords = false

    /// Whether spoilers are hidden (`--spoilers hide`) where a transcript cannot hide them
    /// behind a click: the Markdown transcript, the site's search (`SpoilerMask`).
    var hidesSpoilers: Bool { render.style.spoilers == .hide }

    /// Creates the defaults.
    public init() {}

    /// A requested transcript width brought into what layout accepts (1 through
    /// `LayoutConstraints.maximumWidth`): the transcript pads day headers to the middle of
    /// its width, so an absurd `--width` would pad with megabytes of spaces.
    public static func transcriptWidth(_ requested: Int) -> Int {
        min(max(1, requested), LayoutConstraints.maximumWidth)
    }

    /// A renderer for a worker thread, measuring with `fonts` when there are any.
    func makeRenderer() -> Renderer {
        fonts.map { Renderer(options: render, fonts: $0) } ?? Renderer(options: render)
    }

    /// Whether `--chat` selects `chat`.
    public func selects(_ chat: ExportChatInfo) -> Bool {
        chats.isEmpty || chats.contains { chat.matches($0) }
    }

    /// Whether the date filters keep a message sent at `unix`.
    public func keeps(_ unix: Int64) -> Bool {
        guard since != nil || until != nil else { return true }
        let day = clock.day(of: unix)
        if let since, day < since { return false }
        if let until, day > until { return false }
        return true
    }
}
