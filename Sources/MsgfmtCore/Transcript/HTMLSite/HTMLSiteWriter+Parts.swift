extension HTMLSiteWriter {
    /// The prepare step: writes the parts of `message`'s HTML that depend on it alone;
    /// `writeMessage` adds the rest in order.
    public static func prepare(_ message: TranscriptMessage, options: ExportOptions) -> HTMLMessageParts {
        var parts = markup(message, options: options)
        if options.search {
            // The body was styled from the message's text: its UTF-16 units are those.
            let text = message.rendered.styled.text
            assert(text.string == message.message.body.text)
            parts.search = SearchRecord(message.message, clock: options.clock, units: text.units, hidingSpoilers: options.hidesSpoilers)
        }
        return parts
    }

    /// The message's markup (see `HTMLMessageParts`), written into one buffer.
    static func markup(_ message: TranscriptMessage, options: ExportOptions) -> HTMLMessageParts {
        let m = message.message
        var out: [UInt8] = []
        if m.isService {
            out.reserveCapacity(256)
            out.append(literal: "<div class=\"service\" id=\"message")
            out.appendDecimal(m.id)
            out.append(literal: "\"><span>")
            let headEnd = out.count
            HTMLEscaping.append(ServiceSentence.sentence(for: m), newlines: .space, into: &out)
            let sentenceEnd = out.count
            if message.deleted { out.append(literal: " <span class=\"edited deleted\">deleted</span> ") }
            HTMLTimeTag.append(m.date, clock: options.clock, to: &out)
            out.append(literal: "</span></div>\n")
            return HTMLMessageParts(html: out, headEnd: headEnd, sentenceEnd: sentenceEnd)
        }
        out.reserveCapacity(2 * m.body.text.utf8.count + 512)
        out.append(literal: "<div class=\"message\" id=\"message")
        out.appendDecimal(m.id)
        out.append(literal: "\"><div class=\"content\">")
        if m.forwarded {
            out.append(literal: "<div class=\"forwarded\">Forwarded from <b>")
            HTMLEscaping.append(m.forwardedFrom ?? "a hidden user", newlines: .space, into: &out)
            out.append(literal: "</b></div>")
        }
        if let bot = m.viaBot {
            out.append(literal: "<div class=\"via\">via ")
            HTMLEscaping.append(bot, newlines: .space, into: &out)
            out.append(literal: "</div>")
        }
        // The reply header goes here; the body comes straight from the emitter.
        let headEnd = out.count
        if let media = m.media { out.append(utf8: HTMLMediaMarkup.markup(media, media: message.media)) }
        if !m.body.text.isEmpty {
            if HTMLCustomEmoji.hasPictures(message.customEmoji) {
                out.append(utf8: HTMLCustomEmoji.withPictures(body(message.rendered, options: options), pictures: message.customEmoji))
            } else {
                HTMLEmitter.appendFragment(for: message.rendered, options: options.render.style, layout: options.render.layout, into: &out)
            }
        }
        if !m.forwarded, m.viaBot == nil, m.replyTo == nil, m.media == nil, m.body.text.isEmpty, m.reactions.isEmpty {
            out.append(literal: "<div class=\"empty\">(empty message)</div>")
        }
        if !m.reactions.isEmpty {
            out.append(literal: "<div class=\"reactions\">")
            for reaction in m.reactions {
                out.append(literal: "<span>")
                HTMLEscaping.append(reaction.emoji, newlines: .space, into: &out)
                out.append(UInt8(ascii: " "))
                out.appendDecimal(Int64(reaction.count))
                out.append(literal: "</span>")
            }
            out.append(literal: "</div>")
        }
        out.append(literal: "</div><div class=\"meta\">")
        if message.deleted { out.append(literal: "<span class=\"edited deleted\">deleted</span> ") }
        if m.edited != nil { out.append(literal: "<span class=\"edited\">edited</span> ") }
        HTMLTimeTag.append(m.date, clock: options.clock, to: &out)
        out.append(literal: "</div></div>\n")
        return HTMLMessageParts(html: out, headEnd: headEnd, sentenceEnd: headEnd)
    }
}
