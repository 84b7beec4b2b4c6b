/// The payload fields of a `Style`, boxed so that copying a style retains one reference
/// at most; never mutated once made.
final class StylePayload: PayloadBox, Sendable {
    /// The fields themselves, as a plain value for comparing, hashing and editing.
    struct Fields: Hashable {
        var link: String?
        var customEmojiID: String?
        var unixTime: Int64?
        var dateTimeFormat: String?

        /// The fields of `payload`, all nil when there is none.
        init(_ payload: StylePayload?) {
            self = payload?.fields ?? Fields()
        }

        init(link: String? = nil, customEmojiID: String? = nil, unixTime: Int64? = nil, dateTimeFormat: String? = nil) {
            self.link = link
            self.customEmojiID = customEmojiID
            self.unixTime = unixTime
            self.dateTimeFormat = dateTimeFormat
        }

        var isEmpty: Bool { link == nil && customEmojiID == nil && unixTime == nil && dateTimeFormat == nil }
    }

    let fields: Fields

    /// A box for `fields`, or nil when every field is nil.
    init?(_ fields: Fields) {
        if fields.isEmpty { return nil }
        self.fields = fields
    }
}
