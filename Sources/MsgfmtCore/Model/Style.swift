/// The resolved style of one run: its attributes plus the payloads they need.
public struct Style: Sendable, Hashable {
    /// Formatting and semantic attributes.
    public var attributes: StyleAttributes
    /// The link target, as a URI: the url of a `url` or `text_link`, `mailto:` for an
    /// email, `tg://user?id=` for a text mention, `tel:` for a phone number. Not
    /// sanitized: emitters apply their own scheme rules.
    public var link: String?
    /// `custom_emoji`: the custom emoji id.
    public var customEmojiID: String?
    /// `date_time`: the Unix time and display format.
    public var unixTime: Int64?
    public var dateTimeFormat: String?

    /// Creates a style.
    public init(
        attributes: StyleAttributes = [], link: String? = nil, customEmojiID: String? = nil,
        unixTime: Int64? = nil, dateTimeFormat: String? = nil
    ) {
        self.attributes = attributes
        self.link = link
        self.customEmojiID = customEmojiID
        self.unixTime = unixTime
        self.dateTimeFormat = dateTimeFormat
    }

    /// The unstyled style.
    public static let plain = Style()
}
