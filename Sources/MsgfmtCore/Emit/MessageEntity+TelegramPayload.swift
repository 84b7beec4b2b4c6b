extension MessageEntity {
    /// The entity as the Telegram encoders write it, or nil when Telegram cannot take its
    /// payload.
    ///
    /// A `text_mention` needs a user id in 1…2⁴⁰−1, a `custom_emoji` a positive 64-bit id
    /// in decimal digits without leading zeros, a `date_time` a Unix time in 1…2³¹−1 (a
    /// format outside `r|w?[dD]?[tT]?` is left out), a `text_link` a URL Telegram accepts
    /// (as msgfmt's parsers check it). Otherwise tdlib
    /// refuses the whole message (MarkdownV2; custom emoji and time formats in HTML) or
    /// turns the entity into another one (a link to `tg://user?id=0`, a wrapped time).
    var telegramSendable: MessageEntity? {
        switch kind {
        case .textMention:
            guard let id = userID, id > 0, id < 1 << 40 else { return nil }
        case .customEmoji:
            guard let id = customEmojiID, id.utf8.first != UInt8(ascii: "0"),
                id.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), Int64(id) != nil
            else { return nil }
        case .dateTime:
            guard let unix = unixTime, unix > 0, unix <= Int64(Int32.max) else { return nil }
            if let format = dateTimeFormat, !DateTimeFormat.isValid(format) {
                var e = self
                e.dateTimeFormat = nil
                return e
            }
        case .textLink:
            guard let url, LinkChecker.check(url) != .invalid else { return nil }
        default:
            break
        }
        return self
    }
}
