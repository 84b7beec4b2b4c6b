/// What a message has or is, as `has:` and `is:` ask about it.
public struct FilterFeatures: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32

    /// Creates a set from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A link: a URL in the text or a text link.
    public static let link = FilterFeatures(rawValue: 1 << 0)
    public static let photo = FilterFeatures(rawValue: 1 << 1)
    /// A video or a round video message.
    public static let video = FilterFeatures(rawValue: 1 << 2)
    public static let voice = FilterFeatures(rawValue: 1 << 3)
    public static let audio = FilterFeatures(rawValue: 1 << 4)
    /// A file (document) that is none of the kinds above.
    public static let file = FilterFeatures(rawValue: 1 << 5)
    public static let sticker = FilterFeatures(rawValue: 1 << 6)
    /// Any attachment: the kinds above, GIFs, polls, locations, contacts, games, invoices, dice.
    public static let media = FilterFeatures(rawValue: 1 << 7)
    public static let poll = FilterFeatures(rawValue: 1 << 8)
    /// An @username mention or a mention of a user by name.
    public static let mention = FilterFeatures(rawValue: 1 << 9)
    public static let hashtag = FilterFeatures(rawValue: 1 << 10)
    /// Inline code or a code block.
    public static let code = FilterFeatures(rawValue: 1 << 11)
    public static let spoiler = FilterFeatures(rawValue: 1 << 12)
    /// A block quote, expandable or not.
    public static let quote = FilterFeatures(rawValue: 1 << 13)
    public static let reply = FilterFeatures(rawValue: 1 << 14)
    public static let forward = FilterFeatures(rawValue: 1 << 15)
    public static let reaction = FilterFeatures(rawValue: 1 << 16)
    /// A service message (a join, a pin, a call, …).
    public static let service = FilterFeatures(rawValue: 1 << 17)
    public static let edited = FilterFeatures(rawValue: 1 << 18)

    /// The `has:` values, in the order the documentation lists them.
    static let hasValues: [(name: String, feature: FilterFeatures)] = [
        ("link", .link), ("photo", .photo), ("video", .video), ("voice", .voice), ("audio", .audio),
        ("file", .file), ("sticker", .sticker), ("media", .media), ("poll", .poll), ("mention", .mention),
        ("hashtag", .hashtag), ("code", .code), ("spoiler", .spoiler), ("quote", .quote), ("reply", .reply),
        ("forward", .forward), ("reaction", .reaction),
    ]

    /// The `is:` values.
    static let isValues: [(name: String, feature: FilterFeatures)] = [
        ("service", .service), ("edited", .edited), ("forwarded", .forward), ("reply", .reply),
    ]

    /// What the entities of a text show: links, mentions, hashtags, code, spoilers, quotes.
    public init(entities: [MessageEntity]) {
        self = []
        for entity in entities {
            switch entity.kind {
            case .url, .textLink: insert(.link)
            case .mention, .textMention: insert(.mention)
            case .hashtag: insert(.hashtag)
            case .code, .pre: insert(.code)
            case .spoiler: insert(.spoiler)
            case .blockquote, .expandableBlockquote: insert(.quote)
            default: break
            }
        }
    }
}
