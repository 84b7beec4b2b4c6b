extension HTMLSiteWriter {
    /// Writes one message with its day header, group wrapper and decorations around the
    /// `parts` its prepare step wrote.
    func writeMessage(_ message: TranscriptMessage, parts: HTMLMessageParts, placement: TranscriptGrouping.Placement) {
        guard let file = page else { return }
        let m = message.message
        if placement.newDay {
            closeGroup()
            let title = ExportClock.dayTitle(placement.day)
            if placement.day == lastDay {
                file.write("<div class=\"day continued\"><span>\(title)</span></div>\n")
            } else {
                file.write("<div class=\"day\" id=\"day-\(ExportClock.isoDay(placement.day))\"><span>\(title)</span></div>\n")
            }
            lastDay = placement.day
        }
        if m.isService {
            closeGroup()
            var href: String?
            if m.action?.name == "pin_message", let target = m.action?.fields["message_id"]?.int64Value {
                noteQuote(of: target, preview: nil)
                href = link(to: target)
            }
            file.write(parts.headBytes)
            if let href { file.write("<a href=\"\(href)\">") }
            file.write(parts.sentenceBytes)
            if href != nil { file.write("</a>") }
            file.write(parts.tailBytes)
            return
        }
        if !continuesAlbum(message) { flushAlbum() }
        if placement.newGroup || !groupOpen {
            closeGroup()
            var sender: [UInt8] = []
            sender.reserveCapacity(128)
            sender.append(literal: "<div class=\"group ")
            if state.isOutgoing(m) { sender.append(literal: "out") } else { sender.append(literal: "in") }
            sender.append(literal: "\"><div class=\"sender\">")
            HTMLEscaping.append(m.senderName, newlines: .space, into: &sender)
            if let author = m.author, !author.isEmpty {
                sender.append(literal: " <span class=\"author\">")
                HTMLEscaping.append(author, newlines: .space, into: &sender)
                sender.append(literal: "</span>")
            }
            sender.append(literal: "</div>\n")
            file.write(sender[...])
            groupOpen = true
        }
        let reply = m.replyTo.map(replyHeader) ?? ""
        if !addToAlbum(message, html: parts.head + reply + parts.tail) {
            file.write(parts.headBytes)
            file.write(reply)
            file.write(parts.tailBytes)
        }
    }

    /// A message body as the shared HTML emitter writes it (`<div class="msgfmt-message">`).
    static func body(_ rendered: RenderedMessage, options: ExportOptions) -> String {
        HTMLEmitter.fragment(for: rendered, options: options.render.style, layout: options.render.layout)
    }

    /// The placeholder of a message's media: its title, status and details.
    static func mediaBox(_ media: ExportMedia) -> String {
        var out =
            "<div class=\"media media-\(HTMLEscaping.escape(media.kind))\"><div class=\"media-title\">\(HTMLEscaping.escape(media.title))</div>"
        if !media.status.isEmpty { out += "<div class=\"media-status\">\(HTMLEscaping.escape(media.status))</div>" }
        if !media.details.isEmpty {
            out += "<ul>" + media.listItems.map { "<li>\(HTMLEscaping.escape($0))</li>" }.joined() + "</ul>"
        }
        return out + "</div>"
    }

    /// `messages3.html#message120`, or `#message120` on this page; nil when unknown.
    func link(to id: Int64) -> String? {
        guard let target = pages.page(of: id) else { return nil }
        return (target == pageNumber ? "" : Self.pageName(target)) + "#message\(id)"
    }

    func replyHeader(_ reply: Int64) -> String {
        let quote = state.quote(reply)
        noteQuote(of: reply, preview: SiteQuote.digest(of: quote))
        var label = "In reply to this message"
        if let quote { label = "<b>\(HTMLEscaping.escape(quote.sender))</b> \(HTMLEscaping.escape(quote.text))" }
        guard let href = link(to: reply) else {
            return "<div class=\"reply\">\(quote == nil ? "In reply to a message not in this transcript" : label)</div>"
        }
        return "<div class=\"reply\"><a href=\"\(href)\">\(label)</a></div>"
    }

    /// Records in the manifest what the message being written shows of message `id` when
    /// that is not on this page (`SiteQuote`): `preview` is the digest of its quote.
    func noteQuote(of id: Int64, preview: ContentHash?) {
        guard ledger != nil else { return }
        let target = pages.page(of: id)
        guard target != pageNumber else { return }
        ledger?.quoted(SiteQuote(id: id, at: onPage, page: target, preview: preview))
    }
}
