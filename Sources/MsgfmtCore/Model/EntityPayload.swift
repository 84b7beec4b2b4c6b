/// The payload fields of a `MessageEntity`, boxed so that copying an entity retains one
/// reference at most; never mutated once made.
final class EntityPayload: PayloadBox, Sendable {
    /// The fields themselves, as a plain value for comparing, hashing and editing.
    struct Fields: Hashable {
        var url: String?
        var userID: Int64?
        var language: String?
        var customEmojiID: String?
        var unixTime: Int64?
        var dateTimeFormat: String?
        /// The type name of an entity of a kind msgfmt does not know.
        var unknownType: String?

        /// The fields of `payload`, all nil when there is none.
        init(_ payload: EntityPayload?) {
            self = payload?.fields ?? Fields()
        }

        init() {}

        var isEmpty: Bool {
            url == nil && userID == nil && language == nil && customEmojiID == nil && unixTime == nil
                && dateTimeFormat == nil && unknownType == nil
        }
    }

    let fields: Fields

    private init(fields: Fields) {
        self.fields = fields
    }

    /// A box for `fields`, or nil when every field is nil.
    convenience init?(_ fields: Fields) {
        if fields.isEmpty { return nil }
        self.init(fields: fields)
    }

    /// A box for the given fields, or nil when every one is nil. Most entities carry
    /// nothing: that is seen before any fields are gathered (copying six optionals per
    /// entity read was 3 % of `--to markdown-v2`).
    convenience init?(
        url: String?, userID: Int64?, language: String?, customEmojiID: String?, unixTime: Int64?,
        dateTimeFormat: String?
    ) {
        if url == nil, userID == nil, language == nil, customEmojiID == nil, unixTime == nil, dateTimeFormat == nil {
            return nil
        }
        self.init(
            Fields(
                url: url, userID: userID, language: language, customEmojiID: customEmojiID,
                unixTime: unixTime, dateTimeFormat: dateTimeFormat))
    }
}

extension EntityPayload.Fields {
    init(
        url: String?, userID: Int64?, language: String?, customEmojiID: String?, unixTime: Int64?,
        dateTimeFormat: String?
    ) {
        self.url = url
        self.userID = userID
        self.language = language
        self.customEmojiID = customEmojiID
        self.unixTime = unixTime
        self.dateTimeFormat = dateTimeFormat
    }
}

extension EntityPayload.Fields {
    /// Only the fields an entity of `kind` carries, and no empty pre language: what
    /// normalizing keeps of a payload.
    func kept(for kind: EntityKind) -> Self {
        var kept = Self()
        switch kind {
        case .textLink: kept.url = url
        case .textMention: kept.userID = userID
        case .pre: kept.language = (language?.isEmpty ?? true) ? nil : language
        case .customEmoji: kept.customEmojiID = customEmojiID
        case .dateTime:
            kept.unixTime = unixTime
            kept.dateTimeFormat = dateTimeFormat
        default: break
        }
        return kept
    }

    /// True when `kept(for: kind)` is these fields themselves, found without making it.
    func isKept(for kind: EntityKind) -> Bool {
        var language = language == nil
        var url = url == nil
        var userID = userID == nil
        var customEmojiID = customEmojiID == nil
        var time = unixTime == nil && dateTimeFormat == nil
        if unknownType != nil { return false }
        switch kind {
        case .textLink: url = true
        case .textMention: userID = true
        case .pre: language = !(self.language?.isEmpty ?? false)
        case .customEmoji: customEmojiID = true
        case .dateTime: time = true
        default: break
        }
        return language && url && userID && customEmojiID && time
    }
}
