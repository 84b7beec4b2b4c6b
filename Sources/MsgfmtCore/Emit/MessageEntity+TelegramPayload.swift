extension MessageEntity {
    /// The entity as the Telegram encoders write it, or nil when Telegram cannot take its
    /// payload.
    ///
    /// A `text_mention` needs a user id in 1…2⁴⁰−1, a `custom_emoji` a non-zero 64-bit id
    /// in canonical decimal (no `+`, no leading zeros), a `date_time` a Unix time in
    /// 1…2³¹−1 (its format is written in canonical form, `DateTimeFormat.canonical`, and
    /// left out when tdlib would refuse it or it sets no flag), a `text_link` a URL
    /// tdlib accepts (as `LinkChecker` checks it). Otherwise tdlib refuses the whole message
    /// (MarkdownV2; custom emoji and time formats in HTML) or turns the entity into another
    /// one (a link to `tg://user?id=0`, a wrapped time).
    var telegramSendable: MessageEntity? {
        switch kind {
        case .textMention:
            guard let id = userID, id > 0, id < 1 << 40 else { return nil }
        case .customEmoji:
            guard let id = customEmojiID, let value = TelegramInteger.strict(id, as: Int64.self), value != 0 else { return nil }
        case .dateTime:
            guard let unix = unixTime, unix > 0, unix <= Int64(Int32.max) else { return nil }
            if let format = dateTimeFormat {
                let written = writtenDateTimeFormat
                guard written != format else { break }
                var e = self
                e.dateTimeFormat = written
                return e
            }
        case .textLink:
            guard let url, LinkChecker.accepts(url) else { return nil }
        default:
            break
        }
        return self
    }
}

extension MessageEntity {
    /// A `date_time` entity's format as msgfmt writes it for Telegram: its canonical form
    /// (`DateTimeFormat.canonical`), or nil when there is none, tdlib would refuse it or it
    /// sets no flag.
    var writtenDateTimeFormat: String? {
        guard let format = dateTimeFormat, let canonical = DateTimeFormat.canonical(format), !canonical.isEmpty else {
            return nil
        }
        return canonical
    }
}
