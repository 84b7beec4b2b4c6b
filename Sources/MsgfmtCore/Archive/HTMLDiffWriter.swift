/// `msgfmt diff --to html`: one standalone page in the style of the export's HTML site
/// (the shared page head, style and Content-Security-Policy, the transcript's style):
/// both file names, the counts, then per chat a heading and per change a framed section
/// with the message as the site shows it; an edited message before and after, then its
/// text with removed words in red `<del>` and inserted ones in green `<ins>`. Everything
/// taken from the exports is escaped.
final class HTMLDiffWriter: DiffWriter {
    private let options: DiffOptions
    private let transcript: ExportOptions
    private let sink: OutputSink
    private let owner: String?
    private var chatNumber = 0

    /// Creates a writer into `sink`.
    init(options: DiffOptions, transcript: ExportOptions, sink: OutputSink, owner: String?) {
        self.options = options
        self.transcript = transcript
        self.sink = sink
        self.owner = owner
    }

    /// The transcript writer's piece of a message: `HTMLSiteWriter.prepare`.
    var pieceMaker: @Sendable (TranscriptMessage) -> HTMLMessageParts {
        { [transcript] in HTMLSiteWriter.prepare($0, options: transcript) }
    }

    func begin(old: String, new: String, stats: DiffStats) {
        let header =
            "<header class=\"site-header\"><div><nav>msgfmt diff</nav><h1>"
            + "\(HTMLEscaping.escape(old)) → \(HTMLEscaping.escape(new))</h1></div></header>\n"
        sink.write(
            HTMLPage.head(
                title: "Differences between \(old) and \(new)", theme: options.style.theme,
                extraCSS: TranscriptCSS.text + DiffCSS.text, header: header, mainClasses: "history list diff"))
        sink.write(
            "<p class=\"diff-summary\"><span class=\"added\">\(stats.added) added</span> · "
                + "<span class=\"deleted\">\(stats.deleted) deleted</span> · <span class=\"edited\">\(stats.edited) edited</span> · "
                + "\(stats.unchanged) unchanged · \(stats.outOfRange) out of range · \(stats.failed) failed</p>\n")
        if stats.differences == 0 { sink.write("<p class=\"diff-none\">No differences.</p>\n") }
    }

    func beginChat(_ chat: ExportChatInfo) {
        chatNumber += 1
        var heading = "<h2 class=\"diff-chat\" id=\"chat-\(chatNumber)\">\(HTMLEscaping.escape(chat.displayName))"
        if let type = chat.type { heading += " <span class=\"diff-chat-type\">\(HTMLEscaping.escape(type))</span>" }
        sink.write(heading + "</h2>\n")
    }

    func write(
        _ change: ArchiveChange, chat: ExportChatInfo, before: DiffVersion<HTMLMessageParts>?, after: DiffVersion<HTMLMessageParts>?
    ) {
        let kind = change.kind.rawValue
        var out = "<section class=\"change change-\(kind)\" id=\"chat-\(chatNumber)-message-\(change.id)\">"
        out += "<div class=\"change-label\">\(kind) · message \(change.id)</div>\n"
        let labelled = before != nil && after != nil
        if let before { out += side(before, "before", label: labelled ? "Before" : nil) }
        if let after { out += side(after, "after", label: labelled ? "After" : nil) }
        if let a = before?.shown.message.body, let b = after?.shown.message.body, a.text != b.text {
            out += words(WordDiff.between(a.text, b.text), old: a, new: b)
        }
        sink.write(out + "</section>\n")
    }

    /// The changed words of an edited text, `old` → `new`: both versions merged, removed
    /// words in `<del>`, inserted ones in `<ins>`; text inside a spoiler of either version
    /// it comes from is drawn as the site draws spoilers (masked until clicked under
    /// `--spoilers hide`), so the merged view gives away nothing the two versions hide.
    private func words(_ diff: WordDiff, old: Message, new: Message) -> String {
        let hidden = transcript.render.style.spoilers == .hide
        let spoilerOpen = "\(hidden ? HTMLInlineTagSet.hiddenSpoilerOpening : HTMLInlineTagSet.revealedSpoilerOpening)"
        let oldSpoilers = Self.spoilers(of: old)
        let newSpoilers = Self.spoilers(of: new)
        var out = "<div class=\"side words\"><div class=\"side-label\">Changed words</div><p class=\"word-diff\">"
        for segment in diff.segments {
            var text = ""
            for (piece, spoiler) in Self.pieces(segment, oldSpoilers, newSpoilers) {
                let escaped = HTMLEscaping.escape(String(piece))
                text += spoiler ? "\(spoilerOpen)\(escaped)\(HTMLInlineTagSet.spoilerClosing)" : escaped
            }
            switch segment.kind {
            case .equal: out += text
            case .removed: out += "<del>\(text)</del>"
            case .inserted: out += "<ins>\(text)</ins>"
            }
        }
        return out + "</p></div>\n"
    }

    /// The UTF-16 ranges of `message`'s spoilers.
    private static func spoilers(of message: Message) -> [Range<Int>] {
        message.entities.compactMap { $0.kind == .spoiler && $0.length > 0 ? $0.offset..<($0.offset + $0.length) : nil }
    }

    /// `segment`'s text cut where a spoiler of a version it comes from begins or ends,
    /// each piece with whether it lies in one.
    static func pieces(_ segment: WordDiff.Segment, _ oldSpoilers: [Range<Int>], _ newSpoilers: [Range<Int>]) -> [(Substring, Bool)] {
        let units = Array(segment.text.utf16)
        // Which units of the segment lie in a spoiler of either version.
        var inSpoiler = [Bool](repeating: false, count: units.count)
        for (range, spoilers) in [(segment.old, oldSpoilers), (segment.new, newSpoilers)] {
            guard let range else { continue }
            for spoiler in spoilers {
                let lower = max(spoiler.lowerBound, range.lowerBound) - range.lowerBound
                let upper = min(spoiler.upperBound, range.upperBound) - range.lowerBound
                guard lower < upper, upper <= units.count else { continue }
                for k in lower..<upper { inSpoiler[k] = true }
            }
        }
        guard inSpoiler.contains(true) else { return [(segment.text[...], false)] }
        var pieces: [(Substring, Bool)] = []
        let text = segment.text
        var start = 0
        for k in 1...units.count where k == units.count || inSpoiler[k] != inSpoiler[start] {
            // Cut at unit offsets; a spoiler never splits a surrogate pair (entities are
            // normalized to scalar boundaries), so the indices are valid.
            let lower = String.Index(utf16Offset: start, in: text)
            let upper = String.Index(utf16Offset: k, in: text)
            pieces.append((text[lower..<upper], inSpoiler[start]))
            start = k
        }
        return pieces
    }

    func finish() {
        sink.write(HTMLPage.foot)
        sink.flush()
    }

    /// One version of a message: its day, its sender group and the message as the site
    /// writes it; a reply quotes the message it answers as the site does when the file holds
    /// it (`DiffVersion.quote`), else names it by its id.
    private func side(_ version: DiffVersion<HTMLMessageParts>, _ name: String, label: String?) -> String {
        let prepared = version.shown
        let m = prepared.message
        var out = "<div class=\"side \(name)\">"
        if let label { out += "<div class=\"side-label\">\(label)</div>" }
        let day = transcript.clock.day(of: m.date)
        out += "<div class=\"day\"><span>\(HTMLEscaping.escape(ExportClock.dayTitle(day)))</span></div>\n"
        let parts = version.piece
        // The site's anchor would repeat on the page (both versions, several chats).
        let head = parts.head.replacing(" id=\"message\(m.id)\"", with: "", maxReplacements: 1)
        if m.isService {
            return out + head + parts.sentence + parts.tail + "</div>\n"
        }
        let outgoing = owner != nil && m.fromID == owner
        out += "<div class=\"group \(outgoing ? "out" : "in")\"><div class=\"sender\">\(HTMLEscaping.escape(m.senderName))"
        if let author = m.author, !author.isEmpty { out += " <span class=\"author\">\(HTMLEscaping.escape(author))</span>" }
        out += "</div>\n" + head
        if let reply = m.replyTo {
            let label = version.quote.map { "<b>\(HTMLEscaping.escape($0.sender))</b> \(HTMLEscaping.escape($0.text))" }
            out += "<div class=\"reply\">\(label ?? "In reply to message \(reply)")</div>"
        }
        return out + parts.tail + "</div></div>\n"
    }
}
