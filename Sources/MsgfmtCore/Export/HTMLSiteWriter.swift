/// `--to html`: a static site: `index.html` listing the chats with their message counts
/// and date ranges, one folder per chat with pages of `--page-size` messages linked
/// previous/next, reply links that work across pages, and a day index per chat.
public final class HTMLSiteWriter: TranscriptWriter {
    /// What the index says about a written chat.
    struct ChatSummary {
        var info: ExportChatInfo
        var folder: String
        var messages = 0
        var first: Int64?
        var last: Int64?
    }

    let options: ExportOptions
    let directory: String
    var owner: String?
    var chats: [ChatSummary] = []
    var page: HTMLFile?
    var pageNumber = 0
    var onPage = 0
    var pages = MessagePageIndex()
    var days: [(day: Int64, page: Int)] = []
    var grouping: TranscriptGrouping
    var previews = ReplyPreviewCache()
    var groupOpen = false
    /// The day of the last day header, so a page that continues a day repeats its header
    /// without a second anchor.
    var lastDay: Int64?
    var anyFailed = false

    /// Creates a writer into `directory` (the temporary output directory).
    public init(options: ExportOptions, directory: String) {
        self.options = options
        self.directory = directory
        self.owner = options.me
        self.grouping = TranscriptGrouping(clock: options.clock)
        let css = HTMLFile(path: directory + "/style.css")
        css.write(TranscriptCSS.text(theme: options.render.style.theme))
        css.close()
        anyFailed = css.failed
    }

    public var failed: Bool { anyFailed }

    public func setOwner(_ fromID: String) {
        if owner == nil { owner = fromID }
    }

    /// `messages.html`, `messages2.html`, … for page 0, 1, ….
    static func pageName(_ page: Int) -> String {
        page == 0 ? "messages.html" : "messages\(page + 1).html"
    }

    public func beginChat(_ chat: ExportChatInfo) {
        let folder = "chat_" + String(repeating: "0", count: max(0, 3 - String(chats.count + 1).count)) + String(chats.count + 1)
        chats.append(ChatSummary(info: chat, folder: folder))
        _ = mkdir(directory + "/" + folder, 0o755)
        pageNumber = 0
        onPage = 0
        pages = MessagePageIndex()
        days = []
        lastDay = nil
        grouping = TranscriptGrouping(clock: options.clock)
        previews.removeAll()
        openPage()
    }

    public func write(_ prepared: PreparedMessage) {
        if onPage >= options.pageSize {
            closePage(hasNext: true)
            pageNumber += 1
            onPage = 0
            openPage()
            grouping = TranscriptGrouping(clock: options.clock)
        }
        let m = prepared.message
        pages.add(m.id, page: pageNumber)
        var summary = chats[chats.count - 1]
        summary.messages += 1
        if summary.first == nil { summary.first = m.date }
        summary.last = m.date
        chats[chats.count - 1] = summary
        let placement = grouping.place(m)
        if placement.newDay, days.last?.day != placement.day { days.append((placement.day, pageNumber)) }
        writeMessage(prepared, placement: placement)
        previews.insert(id: m.id, sender: m.senderName, text: prepared.preview)
        onPage += 1
    }

    public func endChat(_ chat: ExportChatInfo) {
        guard !chats.isEmpty else { return }
        chats[chats.count - 1].info = chat
        closePage(hasNext: false)
        writeDayIndex()
    }

    public func finish() {
        writeIndex()
    }

    func openPage() {
        let summary = chats[chats.count - 1]
        let file = HTMLFile(path: "\(directory)/\(summary.folder)/\(Self.pageName(pageNumber))")
        let title = HTMLEscape.text(summary.info.displayName)
        file.write("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        file.write("<title>\(title) — page \(pageNumber + 1)</title><link rel=\"stylesheet\" href=\"../style.css\"></head><body>\n")
        file.write("<header><nav><a href=\"../index.html\">All chats</a> · <a href=\"days.html\">Days</a></nav><h1>\(title)</h1></header>\n")
        if pageNumber > 0 {
            file.write("<nav class=\"pager\"><a class=\"prev\" href=\"\(Self.pageName(pageNumber - 1))\">← Previous messages</a></nav>\n")
        }
        file.write("<main class=\"history \(options.style.rawValue)\">\n")
        page = file
        groupOpen = false
    }

    func closePage(hasNext: Bool) {
        guard let file = page else { return }
        closeGroup()
        file.write("</main>\n")
        if hasNext {
            file.write("<nav class=\"pager\"><a class=\"next\" href=\"\(Self.pageName(pageNumber + 1))\">Next messages →</a></nav>\n")
        }
        file.write("</body></html>\n")
        file.close()
        if file.failed { anyFailed = true }
        page = nil
    }

    func closeGroup() {
        if groupOpen { page?.write("</div>\n") }
        groupOpen = false
    }
}

#if canImport(Glibc)
import Glibc
#endif
