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
        w.comma(); w.key("media"); media(&w, m.media, file: m.file, resolved: message.media)
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

    private static func media(_ w: inout JSONWriter, _ media: ExportMedia?, file: MediaFile?, resolved: ResolvedMedia?) {
        guard let media else { return w.null() }
        w.raw("{"); w.key("kind"); w.string(media.kind)
        w.comma(); w.key("title"); w.string(media.title)
        w.comma(); w.key("status"); w.string(media.status)
        w.comma(); w.key("details"); w.raw("[")
        for (i, d) in media.details.enumerated() {
            if i > 0 { w.comma() }
            w.string(d)
        }
        w.raw("]")
        if let file { fileMembers(&w, file, resolved: resolved) }
        w.raw("}")
    }

    /// The media file's members: the path as given, where it resolved to (the file on
    /// disk, and the URL path from the output's folder), whether it exists and why not,
    /// and what the export says about it. `exists` is null with `--media none`, which
    /// does not look at the disk.
    private static func fileMembers(_ w: inout JSONWriter, _ file: MediaFile, resolved: ResolvedMedia?) {
        w.comma(); w.key("file_kind"); w.string(file.kind.rawValue)
        w.comma(); w.key("path"); w.string(file.path)
        w.comma(); w.key("resolved"); optional(&w, resolved?.path)
        w.comma(); w.key("href"); optional(&w, resolved?.href)
        w.comma(); w.key("exists"); if let resolved { w.bool(resolved.path != nil) } else { w.null() }
        w.comma(); w.key("problem"); optional(&w, resolved?.problem?.reason)
        w.comma(); w.key("size"); number(&w, resolved?.displaySize ?? file.size)
        w.comma(); w.key("width"); number(&w, file.width)
        w.comma(); w.key("height"); number(&w, file.height)
        w.comma(); w.key("duration"); number(&w, file.duration)
        w.comma(); w.key("mime_type"); optional(&w, file.mimeType)
        w.comma(); w.key("file_name"); optional(&w, file.fileName)
        w.comma(); w.key("thumbnail"); optional(&w, file.thumbnail)
        w.comma(); w.key("thumbnail_href"); optional(&w, resolved?.thumbnailHref)
    }

    private static func number(_ w: inout JSONWriter, _ n: Int64?) {
        if let n { w.number(n) } else { w.null() }
    }
}
