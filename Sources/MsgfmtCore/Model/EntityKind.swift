/// The type of a message entity, named as the Bot API names it.
public enum EntityKind: Sendable, Hashable {
    case bold, italic, underline, strikethrough, spoiler
    case blockquote, expandableBlockquote
    case code, pre, dateTime
    case mention, hashtag, cashtag, botCommand, url, email, phoneNumber, bankCard
    case textLink, textMention, customEmoji
    /// A type msgfmt does not know; kept as plain text with a warning. Its name is the
    /// entity's (`MessageEntity.typeName`): the kind itself holds nothing, so copying one
    /// is copying a byte.
    case unknown

    /// Every known kind, in Bot API documentation order.
    public static let known: [EntityKind] = [
        .mention, .hashtag, .cashtag, .botCommand, .url, .email, .phoneNumber, .bold, .italic,
        .underline, .strikethrough, .spoiler, .blockquote, .expandableBlockquote, .code, .pre,
        .textLink, .textMention, .customEmoji, .dateTime, .bankCard,
    ]

    /// The kind named `name` in the Bot API (`"text_link"`), or `.unknown`.
    public init(botAPIName name: String) {
        var bytes = name
        self = bytes.withUTF8 { EntityKind(botAPIBytes: $0) } ?? .unknown
    }

    /// The Bot API name of the kind; `unknown` for an unknown kind, whose entity has its
    /// own name (`MessageEntity.typeName`).
    public var botAPIName: String {
        switch self {
        case .bold: "bold"
        case .italic: "italic"
        case .underline: "underline"
        case .strikethrough: "strikethrough"
        case .spoiler: "spoiler"
        case .blockquote: "blockquote"
        case .expandableBlockquote: "expandable_blockquote"
        case .code: "code"
        case .pre: "pre"
        case .dateTime: "date_time"
        case .mention: "mention"
        case .hashtag: "hashtag"
        case .cashtag: "cashtag"
        case .botCommand: "bot_command"
        case .url: "url"
        case .email: "email"
        case .phoneNumber: "phone_number"
        case .bankCard: "bank_card"
        case .textLink: "text_link"
        case .textMention: "text_mention"
        case .customEmoji: "custom_emoji"
        case .unknown: "unknown"
        }
    }

    /// True for the kinds Telegram finds in a message's text by itself (the continuous
    /// kinds without a payload): the Telegram encoders write them as plain text and leave
    /// them to be found again.
    public var isDetectedByTelegram: Bool {
        switch self {
        case .mention, .hashtag, .cashtag, .botCommand, .url, .email, .phoneNumber, .bankCard: true
        default: false
        }
    }

    /// True for the kinds plain text shows: spoilers (masked when hidden), pre blocks and
    /// quotes (their lines and bars). The others change no character or line of it.
    public var showsInPlainText: Bool {
        switch self {
        case .spoiler, .pre, .blockquote, .expandableBlockquote: true
        default: false
        }
    }

    /// How the kind nests with others (TELEGRAM.md §Entities).
    public var entityClass: EntityClass {
        switch self {
        case .bold, .italic, .underline, .strikethrough, .spoiler: .splittable
        case .blockquote, .expandableBlockquote: .quote
        case .code, .pre, .dateTime: .preLike
        case .unknown: .unknown
        default: .continuous
        }
    }
}

/// The nesting class of an entity kind.
public enum EntityClass: Sendable, Hashable {
    /// bold, italic, underline, strikethrough, spoiler: may be split around others.
    case splittable
    /// blockquote, expandable_blockquote.
    case quote
    /// code, pre, date_time: contain nothing.
    case preLike
    /// links, mentions, custom emoji and the like: never split.
    case continuous
    /// A type msgfmt does not know.
    case unknown
}
