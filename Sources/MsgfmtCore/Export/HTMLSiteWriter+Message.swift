extension HTMLSiteWriter {
    /// Writes one message with its day header, group wrapper and decorations.
    func writeMessage(_ prepared: PreparedMessage, placement: TranscriptGrouping.Placement) {
        guard let file = page else { return }
        let m = prepared.message
        if placement.newDay {
            closeGroup()
            if placement.day == lastDay {
                file.write("<div class=\"day continued\"><span>\(ExportClock.dayTitle(placement.day))</span></div>\n")
            } else {
                let iso = ExportClock.isoDay(placement.day)
                file.write("<div class=\"day\" id=\"day-\(iso)\"><span>\(ExportClock.dayTitle(placement.day))</span></div>\n")
            }
            lastDay = placement.day
        }
        let time = "<time datetime=\"\(HTMLEscape.text(options.clock.stamp(of: m.date)))\">\(options.clock.time(of: m.date))</time>"
        if m.isService {
            closeGroup()
            var sentence = HTMLEscape.text(ServiceSentence.sentence(for: m))
            if m.action?.name == "pin_message", let target = m.action?.fields["message_id"]?.int64Value, let href = link(to: target) {
                sentence = "<a href=\"\(href)\">\(sentence)</a>"
            }
            file.write("<div class=\"service\" id=\"message\(m.id)\">\(sentence) \(time)</div>\n")
            return
        }
        if placement.newGroup || !groupOpen {
            closeGroup()
            let side = owner != nil && owner == m.fromID ? "out" : "in"
            file.write("<div class=\"group \(side)\"><div class=\"sender\">\(HTMLEscape.text(m.senderName))")
            if let author = m.author, !author.isEmpty { file.write(" <span class=\"author\">\(HTMLEscape.text(author))</span>") }
            file.write("</div>\n")
            groupOpen = true
        }
        var out = "<div class=\"message\" id=\"message\(m.id)\">"
        if m.forwarded {
            out += "<div class=\"forwarded\">Forwarded from <b>\(HTMLEscape.text(m.forwardedFrom ?? "a hidden user"))</b></div>"
        }
        if let bot = m.viaBot { out += "<div class=\"via\">via \(HTMLEscape.text(bot))</div>" }
        if let reply = m.replyTo { out += replyHeader(reply) }
        if let media = m.media {
            out += "<div class=\"media media-\(HTMLEscape.text(media.kind))\"><div class=\"media-title\">\(HTMLEscape.text(media.title))</div>"
            if !media.status.isEmpty { out += "<div class=\"media-status\">\(HTMLEscape.text(media.status))</div>" }
            if !media.details.isEmpty {
                out += "<ul>" + media.details.map { "<li>\(HTMLEscape.text($0))</li>" }.joined() + "</ul>"
            }
            out += "</div>"
        }
        file.write(out)
        if !m.body.text.isEmpty {
            file.write("<div class=\"text\">")
            var emitter = bodyEmitter()
            emitter.emit(prepared.rendered, into: file.sink)
            file.write("</div>")
        }
        out = ""
        if !m.reactions.isEmpty {
            out += "<div class=\"reactions\">" + m.reactions.map { "<span>\(HTMLEscape.text($0.emoji)) \($0.count)</span>" }.joined(separator: " ") + "</div>"
        }
        out += "<div class=\"meta\">" + (m.edited != nil ? "<span class=\"edited\">edited</span> " : "") + time + "</div></div>\n"
        file.write(out)
    }

    /// The shared pipeline's HTML emitter, or the escaped fallback while it has none.
    func bodyEmitter() -> any MessageEmitter {
        let shared = Renderer(options: options.render).makeEmitter()
        return shared is PlainTextEmitter ? HTMLBodyEmitter() : shared
    }

    /// `messages3.html#message120`, or `#message120` on this page; nil when unknown.
    func link(to id: Int64) -> String? {
        guard let target = pages.page(of: id) else { return nil }
        return (target == pageNumber ? "" : Self.pageName(target)) + "#message\(id)"
    }

    func replyHeader(_ reply: Int64) -> String {
        let quote = previews.lookup(reply)
        var label = "In reply to this message"
        if let quote { label = "<b>\(HTMLEscape.text(quote.sender))</b> \(HTMLEscape.text(quote.text))" }
        guard let href = link(to: reply) else {
            return "<div class=\"reply\">\(quote == nil ? "In reply to a message not in this transcript" : label)</div>"
        }
        return "<div class=\"reply\"><a href=\"\(href)\">\(label)</a></div>"
    }
}
