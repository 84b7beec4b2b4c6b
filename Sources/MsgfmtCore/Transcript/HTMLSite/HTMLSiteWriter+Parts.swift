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
        // The tail is written as bytes (the body straight from the emitter) and made a
        // string once.
        var tail: [UInt8] = []
        tail.reserveCapacity(2 * m.body.text.utf8.count + 512)
        if let media = m.media { tail.append(contentsOf: HTMLMediaMarkup.markup(media, media: message.media).utf8) }
        if !m.body.text.isEmpty {
            if HTMLCustomEmoji.hasPictures(message.customEmoji) {
                tail.append(
                    contentsOf: HTMLCustomEmoji.withPictures(body(message.rendered, options: options), pictures: message.customEmoji).utf8)
            } else {
                HTMLEmitter.appendFragment(for: message.rendered, options: options.render.style, layout: options.render.layout, into: &tail)
            }
        }
        if !m.forwarded, m.viaBot == nil, m.replyTo == nil, m.media == nil, m.body.text.isEmpty, m.reactions.isEmpty {
            tail.append(literal: "<div class=\"empty\">(empty message)</div>")
        }
        if !m.reactions.isEmpty {
            tail.append(literal: "<div class=\"reactions\">")
            for reaction in m.reactions {
                tail.append(contentsOf: "<span>\(HTMLEscaping.escape(reaction.emoji)) \(reaction.count)</span>".utf8)
            }
            tail.append(literal: "</div>")
        }
        tail.append(literal: "</div><div class=\"meta\">")
        if message.deleted { tail.append(literal: "<span class=\"edited deleted\">deleted</span> ") }
        if m.edited != nil { tail.append(literal: "<span class=\"edited\">edited</span> ") }
        tail.append(contentsOf: time(m, clock: options.clock).utf8)
        tail.append(literal: "</div></div>\n")
        return HTMLMessageParts(head: head, tail: tail.withUnsafeBufferPointer(ValidUTF8.string))
    }

    /// `<time>` with the local time of day, the full local date and time as its tooltip and
    /// the instant in UTC as its `datetime`.
    static func time(_ m: ExportMessage, clock: ExportClock) -> String {
        HTMLTimeTag.make(m.date, clock: clock)
    }
}
