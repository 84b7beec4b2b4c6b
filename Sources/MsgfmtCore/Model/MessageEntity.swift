/// One formatting or semantic range of a message, as the Bot API describes it.
///
/// `offset` and `length` count UTF-16 code units. Payload fields are set only for the
/// kinds that carry them.
public struct MessageEntity: Sendable, Hashable {
    /// The entity type.
    public var kind: EntityKind
    /// Start, in UTF-16 code units.
    public var offset: Int
    /// Length, in UTF-16 code units.
    public var length: Int
    /// `text_link`: the target URL.
    public var url: String?
    /// `text_mention`: the mentioned user's id.
    public var userID: Int64?
    /// `pre`: the programming language, if given.
    public var language: String?
    /// `custom_emoji`: the custom emoji's id (a string of digits).
    public var customEmojiID: String?
    /// `date_time`: the Unix time shown.
    public var unixTime: Int64?
    /// `date_time`: the display format (`r` or `w?[dD]?[tT]?`).
    public var dateTimeFormat: String?

    /// Creates an entity.
    public init(
        kind: EntityKind, offset: Int, length: Int, url: String? = nil, userID: Int64? = nil,
        language: String? = nil, customEmojiID: String? = nil, unixTime: Int64? = nil,
        dateTimeFormat: String? = nil
    ) {
        self.kind = kind
        self.offset = offset
        self.length = length
        self.url = url
        self.userID = userID
        self.language = language
        self.customEmojiID = customEmojiID
        self.unixTime = unixTime
        self.dateTimeFormat = dateTimeFormat
    }

    /// The end offset (`offset + length`), in UTF-16 code units.
    public var end: Int { offset + length }

    /// The UTF-16 range covered.
    public var range: Range<Int> { offset..<max(offset, end) }
}
