/// What re-encoding a message for Telegram (`--to markdown-v2`, `--to telegram-html`) leaves
/// out of one of its entities, for a warning: the encoders decide
/// (`MarkdownV2Encoder.representable`, `TelegramHTMLEncoder.sendable`) and say each loss
/// through this. Entities Telegram detects by itself (URLs, mentions, hashtags, …) are
/// written as plain text on purpose, since Telegram finds them again, and are no loss.
struct TelegramEncodingLoss: Sendable, Equatable {
    /// Why the entity, or a part of it, is left out.
    enum Reason: Sendable, Equatable {
        /// Telegram refuses its payload (a link's URL, a mention's user id, a custom
        /// emoji's id, a time): written as plain text.
        case refusedPayload
        /// A MarkdownV2 link cannot hold its URL (a control character): plain text.
        case unwritableURL
        /// A MarkdownV2 quote covers whole lines, and this one starts or ends mid-line.
        case quoteMidLine
        /// A quote inside another, which MarkdownV2 cannot nest.
        case nestedQuote
        /// A `pre` block's language MarkdownV2 cannot write: the block is kept without it.
        case language
        /// A `date_time` format Telegram would refuse: the time is kept without it.
        case dateTimeFormat
    }

    /// The entity as the normalized message has it.
    var entity: MessageEntity
    /// Why it is (partly) left out.
    var reason: Reason

    /// The warning's sentence for the output `format` (as the user names it, `--to
    /// markdown-v2`). `--to bot-api` keeps an entity whose payload Telegram refuses
    /// (`keepsRefused`), as the normalized message has it, and says so.
    func message(format: String, keepsRefused: Bool = false) -> String {
        let what = "\(entity.typeName) entity at offset \(entity.offset), length \(entity.length),"
        switch reason {
        case .refusedPayload where keepsRefused:
            return "\(what) is kept in \(format), but Telegram refuses its \(payloadName)"
        case .refusedPayload:
            return "\(what) is written as plain text in \(format): Telegram refuses its \(payloadName)"
        case .unwritableURL:
            return "\(what) is written as plain text in \(format): its URL holds a control character"
        case .quoteMidLine:
            return "\(what) is left out of \(format): a quote there covers whole lines"
        case .nestedQuote:
            return "\(what) is left out of \(format): it lies inside another quote"
        case .language:
            return "\(what) loses its language in \(format), which cannot write it"
        case .dateTimeFormat:
            return "\(what) loses its date_time_format in \(format): Telegram refuses it"
        }
    }

    /// What Telegram refuses of the entity's kind.
    private var payloadName: String {
        switch entity.kind {
        case .textLink: "URL"
        case .textMention: "user id"
        case .customEmoji: "custom emoji id"
        case .dateTime: "time"
        default: "payload"
        }
    }

    /// The loss of the entity `original` as `sendable` (its `telegramSendable`, nil when
    /// Telegram refuses it) has it: nil when nothing that matters changed (a `date_time`
    /// format rewritten in its canonical form keeps its meaning, an empty one meant none).
    static func payload(of original: MessageEntity, sendable: MessageEntity?) -> TelegramEncodingLoss? {
        guard let sendable else { return TelegramEncodingLoss(entity: original, reason: .refusedPayload) }
        if let format = original.dateTimeFormat, !format.isEmpty, sendable.dateTimeFormat == nil {
            return TelegramEncodingLoss(entity: original, reason: .dateTimeFormat)
        }
        return nil
    }
}
