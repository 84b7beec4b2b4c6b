/// `--to bot-api`: each normalized message as one line of compact JSON,
/// `{"message_id"?, "text", "entities"}`, with Bot API field names and UTF-16 offsets; a
/// `date_time_format` is written in the canonical form Telegram takes, or left out when
/// Telegram would refuse it.
public struct BotAPIEmitter: LineEncodingEmitter {
    /// Creates the emitter.
    public init() {}

    /// The JSON object of `message`.
    public static func line(for message: Message) -> String {
        var w = JSONWriter()
        w.raw("{")
        if let id = message.id {
            w.key("message_id")
            w.number(id)
            w.comma()
        }
        w.key("text")
        w.string(message.text)
        w.comma()
        w.key("entities")
        w.raw("[")
        for (i, e) in message.entities.enumerated() {
            if i > 0 { w.comma() }
            w.raw("{")
            w.key("type")
            w.string(e.kind.botAPIName)
            w.comma()
            w.key("offset")
            w.number(e.offset)
            w.comma()
            w.key("length")
            w.number(e.length)
            if let url = e.url, e.kind == .textLink { w.comma(); w.key("url"); w.string(url) }
            if let id = e.userID, e.kind == .textMention { w.comma(); w.key("user"); w.raw("{"); w.key("id"); w.number(id); w.raw("}") }
            if let language = e.language, e.kind == .pre { w.comma(); w.key("language"); w.string(language) }
            if let id = e.customEmojiID, e.kind == .customEmoji { w.comma(); w.key("custom_emoji_id"); w.string(id) }
            if e.kind == .dateTime {
                if let time = e.unixTime { w.comma(); w.key("unix_time"); w.number(time) }
                if let format = e.writtenDateTimeFormat { w.comma(); w.key("date_time_format"); w.string(format) }
            }
            w.raw("}")
        }
        w.raw("]}")
        return w.string
    }
}
