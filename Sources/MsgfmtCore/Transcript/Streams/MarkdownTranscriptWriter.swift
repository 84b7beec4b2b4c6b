/// `--to markdown`: a transcript for notes apps: a heading per chat and per day, a bold
/// sender line per group, message bodies in CommonMark with their formatting, links,
/// code blocks and quotes, media files as images (`![Photo](path)`) and links, other
/// media (and files that are not there) as placeholders in italics.
public final class MarkdownTranscriptWriter: StreamTranscriptWriter, TranscriptWriter {
    public func beginChat(_ chat: ExportChatInfo) {
        state.beginChat()
        sink.write("# \(MarkdownText.escape(chat.displayName))\n\n")
    }

    public override func endChat(_ chat: ExportChatInfo) {
        if let notice = state.emptyChatNotice { sink.write(MarkdownText.emphasized(notice, "*") + "\n\n") }
    }

    /// The prepare step: the body in CommonMark (empty for service messages).
    public static func prepare(_ message: TranscriptMessage, options: ExportOptions) -> String {
        message.message.isService
            ? "" : MarkdownText.body(options.hidesSpoilers ? SpoilerMask.masked(message.rendered.styled) : message.rendered.styled)
    }

    public func write(_ message: TranscriptMessage, piece body: String) {
        let m = message.message
        let placement = state.place(m)
        var out = ""
        if placement.newDay { out += "## \(ExportClock.dayTitle(placement.day))\n\n" }
        let time = options.clock.time(of: m.date)
        if m.isService {
            let tag = message.deleted ? " *(deleted)*" : ""
            out += MarkdownText.emphasized("\(ServiceSentence.sentence(for: m)) · \(time)", "*") + "\(tag)\n\n"
        } else {
            if placement.newGroup { out += MarkdownText.emphasized(m.senderName, "**") + "\n\n" }
            var meta = "`\(time)`"
            if m.edited != nil { meta += " *(edited)*" }
            if message.deleted { meta += " *(deleted)*" }
            if m.forwarded { meta += " " + MarkdownText.emphasized("Forwarded from \(m.forwardedFrom ?? "a hidden user")", "*") }
            if let bot = m.viaBot { meta += " " + MarkdownText.emphasized("via \(bot)", "*") }
            out += meta + "\n\n"
            if let reply = m.replyTo {
                let quote = state.quote(reply).map { "\($0.sender): \($0.text)" } ?? "message \(reply)"
                out += "> ↩ " + MarkdownText.emphasized(quote, "*") + "\n\n"
            }
            if let media = m.media, let resolved = message.media, resolved.available, let href = resolved.href {
                out += Self.link(media, resolved: resolved, href: href) + "\n\n"
            } else if let media = message.shownMedia {
                out += "*[\(MarkdownText.escape(media.summary))]*\n"
                for item in media.listItems { out += "- \(MarkdownText.escape(item))\n" }
                out += "\n"
            }
            if !body.isEmpty { out += body + "\n\n" }
            if !m.reactions.isEmpty {
                out += ExportReaction.summary(of: m.reactions, separator: " · ", emoji: MarkdownText.escape) + "\n\n"
            }
            if !out.hasSuffix("\n\n") { out += "\n" }
        }
        sink.write(out)
        state.remember(message)
    }

    /// `![Photo 1280×720](photos/photo_1.jpg)` for images, `[report.pdf](files/report.pdf)`
    /// for the rest (with the size in italics); `href` is percent-encoded, so it needs no
    /// escaping in a link destination.
    static func link(_ media: ExportMedia, resolved: ResolvedMedia, href: String) -> String {
        let file = resolved.file
        if file.kind.isImage { return "![\(MarkdownText.escape(media.title))](\(href))" }
        let label = file.kind == .document ? file.displayName : media.title
        let size = resolved.displaySize.map { " *\(MediaPlaceholder.size($0))*" } ?? ""
        return "[\(MarkdownText.escape(label))](\(href))" + size
    }
}
