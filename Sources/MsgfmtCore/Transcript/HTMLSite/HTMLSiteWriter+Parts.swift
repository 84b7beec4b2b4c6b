extension HTMLSiteWriter {
    /// The prepare step: writes the parts of `message`'s HTML that depend on it alone;
    /// `writeMessage` adds the rest in order.
    public static func prepare(_ message: TranscriptMessage, options: ExportOptions) -> HTMLMessageParts {
        var parts = markup(message, options: options)
        if options.search { parts.search = SearchRecord(message.message, clock: options.clock) }
        return parts
    }

    /// The message's markup (see `HTMLMessageParts`).
    static func markup(_ message: TranscriptMessage, options: ExportOptions) -> HTMLMessageParts {
        let m = message.message
        if m.isService {
            return HTMLMessageParts(
                head: "<div class=\"service\" id=\"message\(m.id)\"><span>",
                sentence: HTMLEscaping.escape(ServiceSentence.sentence(for: m)),
                tail: (message.deleted ? " <span class=\"edited deleted\">deleted</span> " : "") + time(m, clock: options.clock)
                    + "</span></div>\n")
        }
        var head = "<div class=\"message\" id=\"message\(m.id)\"><div class=\"content\">"
        if m.forwarded {
            head += "<div class=\"forwarded\">Forwarded from <b>\(HTMLEscaping.escape(m.forwardedFrom ?? "a hidden user"))</b></div>"
        }
        if let bot = m.viaBot { head += "<div class=\"via\">via \(HTMLEscaping.escape(bot))</div>" }
        var tail = ""
        if let media = m.media { tail += HTMLMediaMarkup.markup(media, media: message.media) }
        if !m.body.text.isEmpty {
            tail += HTMLCustomEmoji.withPictures(body(message.rendered, options: options), pictures: message.customEmoji)
        }
        if !m.forwarded, m.viaBot == nil, m.replyTo == nil, m.media == nil, m.body.text.isEmpty, m.reactions.isEmpty {
            tail += "<div class=\"empty\">(empty message)</div>"
        }
        if !m.reactions.isEmpty {
            tail +=
                "<div class=\"reactions\">" + m.reactions.map { "<span>\(HTMLEscaping.escape($0.emoji)) \($0.count)</span>" }.joined()
                + "</div>"
        }
        tail +=
            "</div><div class=\"meta\">" + (message.deleted ? "<span class=\"edited deleted\">deleted</span> " : "")
            + (m.edited != nil ? "<span class=\"edited\">edited</span> " : "")
            + time(m, clock: options.clock) + "</div></div>\n"
        return HTMLMessageParts(head: head, tail: tail)
    }

    /// `<time>` with the local time of day, the full local date and time as its tooltip and
    /// the instant in UTC as its `datetime`.
    static func time(_ m: ExportMessage, clock: ExportClock) -> String {
        HTMLTimeTag.make(m.date, clock: clock)
    }
}
