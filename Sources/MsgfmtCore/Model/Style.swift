/// The resolved style of one run: its attributes plus the payloads they need.
///
/// The payloads live in one shared box (`StylePayload`), so the common style without a
/// link, custom emoji or date copies as two words and no reference counting; runs and
/// layout fragments copy their style often.
public struct Style: Sendable, Hashable {
    /// Formatting and semantic attributes.
    public var attributes: StyleAttributes
    /// The payload fields, nil when none is set.
    private var payload: StylePayload?

    /// Creates a style.
    public init(
        attributes: StyleAttributes = [], link: String? = nil, customEmojiID: String? = nil,
        unixTime: Int64? = nil, dateTimeFormat: String? = nil
    ) {
        self.attributes = attributes
        // Most styles carry nothing: that is seen before any fields are gathered.
        if link == nil, customEmojiID == nil, unixTime == nil, dateTimeFormat == nil {
            payload = nil
        } else {
            payload = StylePayload(
                StylePayload.Fields(
                    link: link, customEmojiID: customEmojiID, unixTime: unixTime, dateTimeFormat: dateTimeFormat))
        }
    }

    /// The link target, as a URI: the url of a `url` or `text_link`, `mailto:` for an
    /// email, `tg://user?id=` for a text mention, `tel:` for a phone number. Not
    /// sanitized: emitters apply their own scheme rules.
    public var link: String? {
        get { payload?.fields.link }
        set { update { $0.link = newValue } }
    }
    /// `custom_emoji`: the custom emoji id.
    public var customEmojiID: String? {
        get { payload?.fields.customEmojiID }
        set { update { $0.customEmojiID = newValue } }
    }
    /// `date_time`: the Unix time.
    public var unixTime: Int64? {
        get { payload?.fields.unixTime }
        set { update { $0.unixTime = newValue } }
    }
    /// `date_time`: the display format.
    public var dateTimeFormat: String? {
        get { payload?.fields.dateTimeFormat }
        set { update { $0.dateTimeFormat = newValue } }
    }

    /// True when the style carries no link, custom emoji id or date.
    var hasNoPayload: Bool { payload == nil }

    /// The unstyled style.
    public static let plain = Style()

    public static func == (a: Style, b: Style) -> Bool {
        a.attributes == b.attributes && StylePayload.same(a.payload, b.payload)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(attributes)
        hasher.combine(StylePayload.Fields(payload))
    }

    /// Replaces the payload with an edited copy of its fields (the box is shared).
    private mutating func update(_ edit: (inout StylePayload.Fields) -> Void) {
        var fields = StylePayload.Fields(payload)
        edit(&fields)
        payload = StylePayload(fields)
    }
}
