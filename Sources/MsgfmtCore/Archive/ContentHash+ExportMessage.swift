extension ContentHash {
    /// What a message's hash covers.
    public enum Scope: Sendable, Hashable {
        /// What the message says: type, date, sender, reply and forward fields, text and
        /// entities, media, service action and the edit time. Left out is what changes
        /// without the message being edited: reactions, whether the export included the
        /// media file, and the sender's display name when the sender's id is known (a
        /// renamed account renames all its messages). `msgfmt diff` compares this.
        case content
        /// Everything a transcript shows of the message: `content` plus its reactions and
        /// the sender's name.
        case appearance
    }

    /// The hash of `message`'s decoded content (see `Scope`); independent of how the
    /// export spelled it (indentation, key order, `\u` escapes, legacy `text` arrays).
    public static func of(_ message: ExportMessage, scope: Scope = .content) -> ContentHash {
        var h = ContentHasher()
        h.field(1); h.combine(message.type)
        h.field(2); h.combine(message.date)
        h.field(3); h.combine(message.edited)
        if scope == .appearance || message.fromID == nil {
            h.field(4); h.combine(message.from)
        }
        h.field(5); h.combine(message.fromID)
        h.field(6); h.combine(message.author)
        h.field(7); h.combine(message.forwarded)
        h.field(8); h.combine(message.forwardedFrom)
        h.field(9); h.combine(message.replyTo)
        h.field(10); h.combine(message.viaBot)
        h.field(11); combineBody(message.body, into: &h)
        h.field(12); combineMedia(message.media, into: &h)
        h.field(13); combineAction(message.action, into: &h)
        if scope == .appearance {
            h.field(14)
            h.beginList(message.reactions.count)
            for r in message.reactions {
                h.combine(r.emoji)
                h.combine(Int64(r.count))
            }
        }
        return h.hash
    }

    private static func combineBody(_ body: Message, into h: inout ContentHasher) {
        h.combine(body.text)
        h.beginList(body.entities.count)
        for e in body.entities {
            h.combine(e.typeName)
            h.combine(Int64(e.offset))
            h.combine(Int64(e.length))
            h.combine(e.url)
            h.combine(e.userID)
            h.combine(e.language)
            h.combine(e.customEmojiID)
            h.combine(e.unixTime)
            h.combine(e.dateTimeFormat)
        }
    }

    /// The placeholder's words, without the note that the file was not exported (the
    /// status's last part): that depends on the export's settings, not on the message.
    private static func combineMedia(_ media: ExportMedia?, into h: inout ContentHasher) {
        guard let media else { return h.combine(nil as String?) }
        h.combine(media.kind)
        h.combine(media.title)
        var status = media.status
        for suffix in [" · not included", "not included"] where status.hasSuffix(suffix) {
            status.removeLast(suffix.count)
            break
        }
        h.combine(status)
        h.beginList(media.details.count)
        for d in media.details { h.combine(d) }
    }

    /// Service actions: the name and every field of the message object except those the
    /// other fields cover (the actor is the sender) or that are not content (local date strings follow the
    /// exporting machine's time zone; file paths follow the export's settings).
    private static func combineAction(_ action: ExportAction?, into h: inout ContentHasher) {
        guard let action else { return h.combine(nil as String?) }
        h.combine(action.name)
        guard case .object(let members) = action.fields else { return combineJSON(action.fields, into: &h) }
        let kept = members.filter { !ignoredActionFields.contains($0.0) }
        combineJSON(.object(kept), into: &h)
    }

    private static let ignoredActionFields: Set<String> = [
        "id", "type", "date", "date_unixtime", "edited", "edited_unixtime", "reactions", "text", "text_entities",
        "actor", "actor_id",
        "photo", "file", "thumbnail",
    ]

    /// A JSON value with object members in name order (the file's order is layout).
    private static func combineJSON(_ value: JSONValue, into h: inout ContentHasher) {
        switch value {
        case .null: h.add(byte: 0x10)
        case .bool(let b): h.combine(b)
        case .number(let n):
            h.add(byte: 0x11)
            h.combine(n)
        case .string(let s): h.combine(s)
        case .array(let items):
            h.beginList(items.count)
            for item in items { combineJSON(item, into: &h) }
        case .object(let members):
            h.add(byte: 0x12)
            h.beginList(members.count)
            for (name, member) in members.sorted(by: { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }) {
                h.combine(name)
                combineJSON(member, into: &h)
            }
        }
    }
}
