/// The set of formatting and semantic attributes a run of text carries.
public struct StyleAttributes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let bold = StyleAttributes(rawValue: 1 << 0)
    public static let italic = StyleAttributes(rawValue: 1 << 1)
    public static let underline = StyleAttributes(rawValue: 1 << 2)
    public static let strikethrough = StyleAttributes(rawValue: 1 << 3)
    public static let spoiler = StyleAttributes(rawValue: 1 << 4)
    public static let code = StyleAttributes(rawValue: 1 << 5)
    public static let pre = StyleAttributes(rawValue: 1 << 6)
    public static let dateTime = StyleAttributes(rawValue: 1 << 7)
    public static let mention = StyleAttributes(rawValue: 1 << 8)
    public static let hashtag = StyleAttributes(rawValue: 1 << 9)
    public static let cashtag = StyleAttributes(rawValue: 1 << 10)
    public static let botCommand = StyleAttributes(rawValue: 1 << 11)
    public static let url = StyleAttributes(rawValue: 1 << 12)
    public static let email = StyleAttributes(rawValue: 1 << 13)
    public static let phoneNumber = StyleAttributes(rawValue: 1 << 14)
    public static let bankCard = StyleAttributes(rawValue: 1 << 15)
    public static let textLink = StyleAttributes(rawValue: 1 << 16)
    public static let textMention = StyleAttributes(rawValue: 1 << 17)
    public static let customEmoji = StyleAttributes(rawValue: 1 << 18)
    public static let blockquote = StyleAttributes(rawValue: 1 << 19)
    public static let expandableBlockquote = StyleAttributes(rawValue: 1 << 20)

    /// Each attribute with the name used in JSON output (the Bot API entity type name).
    public static let named: [(StyleAttributes, String)] = [
        (.bold, "bold"), (.italic, "italic"), (.underline, "underline"),
        (.strikethrough, "strikethrough"), (.spoiler, "spoiler"), (.code, "code"), (.pre, "pre"),
        (.dateTime, "date_time"), (.mention, "mention"), (.hashtag, "hashtag"),
        (.cashtag, "cashtag"), (.botCommand, "bot_command"), (.url, "url"), (.email, "email"),
        (.phoneNumber, "phone_number"), (.bankCard, "bank_card"), (.textLink, "text_link"),
        (.textMention, "text_mention"), (.customEmoji, "custom_emoji"),
        (.blockquote, "blockquote"), (.expandableBlockquote, "expandable_blockquote"),
    ]

    /// The attribute for an entity kind, or nil for an unknown kind.
    public init?(kind: EntityKind) {
        switch kind {
        case .bold: self = .bold
        case .italic: self = .italic
        case .underline: self = .underline
        case .strikethrough: self = .strikethrough
        case .spoiler: self = .spoiler
        case .code: self = .code
        case .pre: self = .pre
        case .dateTime: self = .dateTime
        case .mention: self = .mention
        case .hashtag: self = .hashtag
        case .cashtag: self = .cashtag
        case .botCommand: self = .botCommand
        case .url: self = .url
        case .email: self = .email
        case .phoneNumber: self = .phoneNumber
        case .bankCard: self = .bankCard
        case .textLink: self = .textLink
        case .textMention: self = .textMention
        case .customEmoji: self = .customEmoji
        case .blockquote: self = .blockquote
        case .expandableBlockquote: self = .expandableBlockquote
        case .unknown: return nil
        }
    }

    /// The JSON names of the attributes in the set, in a fixed order.
    public var names: [String] {
        StyleAttributes.named.compactMap { contains($0.0) ? $0.1 : nil }
    }
}
