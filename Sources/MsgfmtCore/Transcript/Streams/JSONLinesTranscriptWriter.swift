/// `--to json`: one JSON object per message, one per line: the transcript metadata (chat,
/// sender, date, reply, forward, media, service sentence, grouping) plus the body's layout
/// boxes, written by the shared `JSONLayoutEmitter` (CLI.md §JSON layout boxes).
public final class JSONLinesTranscriptWriter: StreamTranscriptWriter, TranscriptWriter {
    private var chat = ExportChatInfo()

    public func beginChat(_ chat: ExportChatInfo) {
        self.chat = chat
        state.beginChat()
    }

    public func write(_ message: TranscriptMessage, piece members: [UInt8]) {
        let m = message.message
        let placement = state.place(m)
        var w = JSONWriter()
        w.raw("{")
        w.key("chat")
        if let id = chat.id { w.number(id) } else { w.null() }
        w.comma(); w.key("chat_name"); w.string(chat.displayName)
        w.comma(); w.key("new_day"); w.bool(placement.newDay)
        w.comma(); w.key("new_group"); w.bool(placement.newGroup)
        w.comma(); w.key("outgoing"); w.bool(state.isOutgoing(m))
        w.comma()
        sink.write(w.bytes)
        sink.write(members)
        sink.write("}\n")
    }

    /// The prepare step: the members of `message`'s JSON line that depend on it alone: id,
    /// type, dates, sender, reply, forward, media, service sentence, reactions, then the
    /// layout boxes.
    public static func prepare(_ message: TranscriptMessage, options: ExportOptions) -> [UInt8] {
        let m = message.message
        var w = JSONWriter()
        w.key("id"); w.number(m.id)
        w.comma(); w.key("type"); w.string(m.type)
        w.comma(); w.key("date"); w.number(m.date)
        w.comma(); w.key("local_time"); w.string(options.clock.stamp(of: m.date))
        w.comma(); w.key("from"); optional(&w, m.from)
        w.comma(); w.key("from_id"); optional(&w, m.fromID)
        w.comma(); w.key("edited"); if let e = m.edited { w.number(e) } else { w.null() }
        if message.deleted { w.comma(); w.key("deleted"); w.bool(true) }
        w.comma(); w.key("reply_to"); if let r = m.replyTo { w.number(r) } else { w.null() }
        w.comma(); w.key("forwarded"); w.bool(m.forwarded)
        w.comma(); w.key("forwarded_from"); optional(&w, m.forwardedFrom)
        w.comma(); w.key("via_bot"); optional(&w, m.viaBot)
        w.comma(); w.key("author"); optional(&w, m.author)
        w.comma(); w.key("media"); media(&w, m.media)
        w.comma(); w.key("action"); optional(&w, m.action?.name)
        w.comma(); w.key("service"); optional(&w, m.isService ? ServiceSentence.sentence(for: m) : nil)
        w.comma(); w.key("reactions"); w.raw("[")
        for (i, r) in m.reactions.enumerated() {
            if i > 0 { w.comma() }
            w.raw("{"); w.key("emoji"); w.string(r.emoji); w.comma(); w.key("count"); w.number(r.count); w.raw("}")
        }
        w.raw("]")
        w.comma()
        JSONLayoutEmitter.writeLayoutMembers(message.rendered, into: &w)
        return w.bytes
    }

    private static func optional(_ w: inout JSONWriter, _ s: String?) {
        if let s { w.string(s) } else { w.null() }
    }

    private static func media(_ w: inout JSONWriter, _ media: ExportMedia?) {
        guard let media else { return w.null() }
        w.raw("{"); w.key("kind"); w.string(media.kind)
        w.comma(); w.key("title"); w.string(media.title)
        w.comma(); w.key("status"); w.string(media.status)
        w.comma(); w.key("details"); w.raw("[")
        for (i, d) in media.details.enumerated() {
            if i > 0 { w.comma() }
            w.string(d)
        }
        w.raw("]}")
    }
}
