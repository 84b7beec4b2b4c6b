#if canImport(Glibc)
    import Glibc
#endif

/// `--to html`: a static site: `index.html` listing the chats with their message counts
/// (unreadable ones beside them) and date ranges, one folder per chat with pages of
/// `--page-size` messages (or one per day, month or year with `--pages`) linked
/// previous/next, reply links that work across pages, and a day index per chat. Unless
/// `options.search` is off, a search box on every page, `search.html`, `search.js` and
/// the search index under `search/` (`SearchIndexWriter`, fed as messages are written).
///
/// Every page is self-contained and looks like `msgfmt --to html --standalone`: the
/// shared `HTMLPage` style, spoiler script and Content-Security-Policy, message bodies
/// from the shared `HTMLEmitter`, plus the transcript's own style (`TranscriptCSS`).
public final class HTMLSiteWriter: TranscriptWriter {
    /// What the index says about a written chat.
    struct ChatSummary {
        var info: ExportChatInfo
        var folder: String
        var messages = 0
        /// Its messages that could not be read (each reported on stderr; counted by
        /// `pass(over:unreadable:)`).
        var unreadable = 0
        var first: Int64?
        var last: Int64?
    }

    let options: ExportOptions
    let directory: String
    var state: TranscriptState
    var chats: [ChatSummary] = []
    var page: HTMLFile?
    var pageNumber = 0
    var onPage = 0
    var pages = MessagePageIndex()
    var days: [(day: Int64, page: Int)] = []
    /// With `--pages` by date: the period of each page of the current chat so far.
    var periods: [Period] = []
    var groupOpen = false
    /// The day of the last day header, so a page that continues a day repeats its header
    /// without a second anchor.
    var lastDay: Int64?
    var anyFailed = false
    /// The photos and videos held back while they may form an album (see `addToAlbum`).
    var album = HTMLAlbum()
    /// The search index being built (nil with `--no-search`) and where its files go.
    var search: SearchIndexWriter?
    let files: SiteFileWriter
    /// `--update` (`SitePageReuse`): the previous site, whose kept pages and search blocks
    /// are linked into this one.
    public var previous: SitePrevious? {
        didSet { files.holdsLinks = previous != nil }
    }
    /// With `options.keepsPageRecords`: the manifest's records of the chats and pages.
    var ledger: SitePageLedger?
    /// True when a page or block could not be kept as `SitePageReuse` said (the previous
    /// site's file is gone, or the chat got another folder): the site is not what a fresh
    /// export makes and must be written in full.
    public internal(set) var keepFailed = false
    /// The current chat's pages kept from the previous site: each one's number, ordinal and
    /// shift (`SiteKeptPage.before`, `shift`).
    var keptBases: [Int: (before: Int, shift: Int)] = [:]
    /// Messages on the kept page that came last, until the next page opens: a page written
    /// after it must begin where a fresh export turns the page; and whether that page was
    /// its chat's last (else it links on, and the chat must not end with it).
    var afterKept: Int?
    var keptLast = false
    /// Chat pages (with messages) kept from the previous site and written by this run.
    public internal(set) var pagesKept = 0
    public internal(set) var pagesWritten = 0

    /// Creates a writer into `directory` (the temporary output directory).
    public init(options: ExportOptions, directory: String) {
        self.options = options
        self.directory = directory
        self.state = TranscriptState(options: options)
        let files = SiteFileWriter(directory: directory)
        self.files = files
        if options.search {
            search = SearchIndexWriter(
                tracksBlocks: options.keepsPageRecords, flushesInBackground: options.jobs > 1, emit: { files.write($0, $1) })
        }
        if options.keepsPageRecords { ledger = SitePageLedger() }
    }

    /// The manifest's records of the site's chats (empty without `options.keepsPageRecords`),
    /// the spans of the pages written not digested yet (those of kept pages are).
    public var chatRecords: [SiteChatRecord] { ledger?.chats ?? [] }

    /// The spans of the pages written (and of the chats' tails) the records' digests are
    /// still to be made of (`SpanDigester.records`).
    public var writtenSpans: SiteSpans { ledger?.writtenSpans ?? SiteSpans() }

    public var failed: Bool { anyFailed || files.failed }

    public func setOwner(_ fromID: String) {
        state.setOwner(fromID)
    }

    /// `chat_001`, `chat_002`, … for the first, second, … chat written.
    static func folderName(_ n: Int) -> String {
        "chat_" + String(repeating: "0", count: max(0, 3 - String(n).count)) + String(n)
    }

    /// `messages.html`, `messages2.html`, … for page 0, 1, ….
    static func pageName(_ page: Int) -> String {
        page == 0 ? "messages.html" : "messages\(page + 1).html"
    }

    public func beginChat(_ chat: ExportChatInfo) {
        let folder = Self.folderName(chats.count + 1)
        chats.append(ChatSummary(info: chat, folder: folder))
        _ = mkdir(directory + "/" + folder, 0o755)
        pageNumber = 0
        onPage = 0
        pages = MessagePageIndex()
        days = []
        lastDay = nil
        periods = []
        keptBases = [:]
        afterKept = nil
        state.beginChat()
        search?.beginChat(folder: folder, name: chat.displayName)
        ledger?.beginChat(key: SiteChatRecord.key(of: chat, owner: state.owner), folder: folder)
        // A page opens with its first message (`write`), or at the chat's end when the chat
        // has none.
    }

    public func write(_ message: TranscriptMessage, piece parts: HTMLMessageParts) {
        let m = message.message
        if page == nil, let kept = afterKept, !turns(after: kept, to: m.date) { keepFailed = true }
        if options.pages == .count {
            if page == nil {
                openPage()
            } else if onPage >= options.pageSize {
                turnPage(next: nil)
            }
        } else {
            let period = Period(of: m.date, split: options.pages, clock: options.clock)
            if page == nil {
                periods.append(period)
                openPage()
            } else if period != periods.last {
                turnPage(next: period)
            }
        }
        if onPage == 0 {
            pagesWritten += 1
            files.releaseLinks()
        }
        pages.add(m.id, page: pageNumber)
        if let record = parts.search { search?.add(record, page: pageNumber) }
        var summary = chats[chats.count - 1]
        summary.messages += 1
        if summary.first == nil { summary.first = m.date }
        summary.last = m.date
        chats[chats.count - 1] = summary
        ledger?.written(message, page: pageNumber, diagnostics: message.rendered.diagnostics)
        let placement = state.place(m)
        if placement.newDay { ledger?.dayHeader(placement.day) }
        if placement.newDay, days.last?.day != placement.day { days.append((placement.day, pageNumber)) }
        writeMessage(message, parts: parts, placement: placement)
        state.remember(message)
        onPage += 1
    }

    public func endChat(_ chat: ExportChatInfo) {
        guard !chats.isEmpty else { return }
        chats[chats.count - 1].info = chat
        // A chat without messages gets a page that says so; one whose pages were all kept,
        // none.
        if page == nil, pageNumber == 0 {
            openPage()
            page?.write(Self.noMessagesNotice(unreadable: chats[chats.count - 1].unreadable))
        }
        if afterKept != nil, !keptLast { keepFailed = true }
        closePage(hasNext: false)
        writeDayIndex()
        search?.endChat(name: chat.displayName)
        ledger?.endChat(blocks: search?.chatBlocks ?? [])
    }

    public func finish() {
        writeIndex()
        if search != nil { writeSearch() }
        if !files.holdsLinks, !files.waitForLinks() { keepFailed = true }
    }

    /// The kept files not linked yet: none once a page was written (see `completeLinks`).
    public var unlinkedKeptFiles: [String] { files.heldLinks }

    /// Links the kept files still held back and waits for every link (an update that wrote
    /// no page holds them until it knows the site changed).
    public func completeLinks() {
        files.releaseLinks()
        if !files.waitForLinks() { keepFailed = true }
    }

    /// The line on the page of a chat that shows no message: empty in the export, or with
    /// `unreadable` messages only, whose errors name each one's place.
    static func noMessagesNotice(unreadable: Int) -> String {
        "<p class=\"empty\">\(EmptyChatNotice.sentence(unreadable: unreadable))</p>\n"
    }

    /// Creates `path` under the output directory and writes the page head into it.
    func startPage(_ path: String, title: String, nav: [(label: String, href: String)], heading: String, mainClasses: String) -> HTMLFile {
        let file = HTMLFile(path: directory + "/" + path)
        var header = "<header class=\"site-header\"><div>"
        if !nav.isEmpty {
            header += "<nav>" + nav.map { "<a href=\"\($0.href)\">\($0.label)</a>" }.joined(separator: " · ") + "</nav>"
        }
        header += "<h1>\(HTMLEscaping.escape(heading))</h1>"
        let inChat = path.contains("/")
        if search != nil { header += searchBox(scope: inChat ? chats.last?.folder : nil) }
        header += "</div></header>\n"
        file.write(
            HTMLPage.head(
                title: title, theme: options.render.style.theme,
                extraCSS: (search != nil ? TranscriptCSS.text + SearchCSS.text : TranscriptCSS.text)
                    + (HTMLPage.tabSizeCSS(options.render.layout.tabWidth) ?? ""),
                header: header, mainClasses: mainClasses, scriptFiles: search != nil ? searchScripts(path: path, inChat: inChat) : [],
                extraDirectives: mediaDirectives))
        return file
    }

    /// The policy directives that let pages show media files: from the page's own origin
    /// (for pages opened from disk, local files) and nowhere else; none with `--media none`.
    var mediaDirectives: [String] {
        options.media.mode == .none ? [] : ["img-src 'self'", "media-src 'self'"]
    }

    /// Writes the page foot (closing `main`, the spoiler script) and closes the file.
    func endPage(_ file: HTMLFile) {
        file.write(HTMLPage.foot)
        file.close()
        if file.failed { anyFailed = true }
    }

    /// Closes the current page and opens the next, whose period (with `--pages` by date)
    /// is `next`.
    func turnPage(next: Period?) {
        closePage(hasNext: true, next: next)
        if let next { periods.append(next) }
        pageNumber += 1
        onPage = 0
        openPage()
        state.restartGrouping()
    }

    func openPage() {
        let summary = chats[chats.count - 1]
        let name = summary.info.displayName
        let period = periods.last
        let file = startPage(
            "\(summary.folder)/\(Self.pageName(pageNumber))", title: "\(name) — \(period?.title ?? "page \(pageNumber + 1)")",
            nav: [("All chats", "../index.html"), ("Days", "days.html")], heading: name,
            mainClasses: "history \(options.style.rawValue)")
        if pageNumber > 0 {
            let label = periods.count >= 2 ? HTMLEscaping.escape(periods[periods.count - 2].title) : "Previous messages"
            file.write("<nav class=\"pager\"><a class=\"prev\" href=\"\(Self.pageName(pageNumber - 1))\">← \(label)</a></nav>\n")
        }
        page = file
        groupOpen = false
        afterKept = nil
    }

    /// Closes the current page; `next` names the next page's period when pages go by date.
    func closePage(hasNext: Bool, next: Period? = nil) {
        guard let file = page else { return }
        closeGroup()
        if hasNext {
            let label = next.map { HTMLEscaping.escape($0.title) } ?? "Next messages"
            file.write("<nav class=\"pager\"><a class=\"next\" href=\"\(Self.pageName(pageNumber + 1))\">\(label) →</a></nav>\n")
        }
        endPage(file)
        page = nil
    }

    func closeGroup() {
        flushAlbum()
        if groupOpen { page?.write("</div>\n") }
        groupOpen = false
    }
}
