/// A parse-mode (MarkdownV2, HTML, Markdown) syntax error, worded as Telegram words it so
/// messages match what the Bot API answers.
public enum ParseModeError: Error, Sendable, Hashable {
    case unclosedEntity(name: String, byteOffset: Int)
    case reservedCharacter(Character, byteOffset: Int)
    case missingEmojiURL(byteOffset: Int)
    case invalidEmojiURL(byteOffset: Int)
    case unclosedURL(byteOffset: Int)
    case unsupportedStartTag(String, byteOffset: Int)
    case unexpectedEndTag(byteOffset: Int)
    case unmatchedEndTag(byteOffset: Int, expected: String, found: String)
    case unclosedStartTag(byteOffset: Int)
    case unclosedStartTagNamed(String, byteOffset: Int)
    case emptyAttributeName(tag: String, byteOffset: Int)
    case unexpectedEndOfNameToken(byteOffset: Int)
    case unclosedEndTag(byteOffset: Int)
    case unclosedTag(String, byteOffset: Int)
    case spanWithoutSpoilerClass(byteOffset: Int)
    case invalidCustomEmojiID(byteOffset: Int)
    case invalidDateFormat(byteOffset: Int)
    case legacyUnclosedEntity(byteOffset: Int)
    case unmatchedSurrogate(byteOffset: Int)

    /// The byte offset in the input the error points at.
    public var byteOffset: Int {
        switch self {
        case .unclosedEntity(_, let o), .reservedCharacter(_, let o), .missingEmojiURL(let o), .invalidEmojiURL(let o),
            .unclosedURL(let o), .unsupportedStartTag(_, let o), .unexpectedEndTag(let o), .unmatchedEndTag(let o, _, _),
            .unclosedStartTag(let o), .unclosedStartTagNamed(_, let o), .emptyAttributeName(_, let o),
            .unexpectedEndOfNameToken(let o), .unclosedEndTag(let o), .unclosedTag(_, let o), .spanWithoutSpoilerClass(let o),
            .invalidCustomEmojiID(let o), .invalidDateFormat(let o), .legacyUnclosedEntity(let o), .unmatchedSurrogate(let o):
            o
        }
    }

    /// The message, in Telegram's wording.
    public var message: String {
        switch self {
        case .unclosedEntity(let name, let o): "Can't find end of \(name) entity at byte offset \(o)"
        case .reservedCharacter(let c, _): "Character '\(c)' is reserved and must be escaped with the preceding '\\'"
        case .missingEmojiURL: "The entity must contain a tg://emoji or tg://time URL"
        case .invalidEmojiURL: "Invalid tg://emoji or tg://time URL specified"
        case .unclosedURL(let o): "Can't find end of a URL at byte offset \(o)"
        case .unsupportedStartTag(let name, let o): "Unsupported start tag \"\(name)\" at byte offset \(o)"
        case .unexpectedEndTag(let o): "Unexpected end tag at byte offset \(o)"
        case .unmatchedEndTag(let o, let expected, let found):
            "Unmatched end tag at byte offset \(o), expected \"</\(expected)>\", found \"</\(found)>\""
        case .unclosedStartTag(let o): "Unclosed start tag at byte offset \(o)"
        case .unclosedStartTagNamed(let name, let o): "Unclosed start tag \"\(name)\" at byte offset \(o)"
        case .emptyAttributeName(let tag, let o): "Empty attribute name in the tag \"\(tag)\" at byte offset \(o)"
        case .unexpectedEndOfNameToken(let o): "Unexpected end of name token at byte offset \(o)"
        case .unclosedEndTag(let o): "Unclosed end tag at byte offset \(o)"
        case .unclosedTag(let name, _): "Can't find end tag corresponding to start tag \"\(name)\""
        case .spanWithoutSpoilerClass(let o): "Tag \"span\" must have class \"tg-spoiler\" at byte offset \(o)"
        case .invalidCustomEmojiID: "Invalid custom emoji identifier specified"
        case .invalidDateFormat: "Invalid date format used"
        case .legacyUnclosedEntity(let o): "Can't find end of the entity starting at byte offset \(o)"
        case .unmatchedSurrogate:
            "Text contains invalid Unicode characters after decoding HTML entities, check for unmatched surrogate code units"
        }
    }

    /// The error as a diagnostic located at its byte offset.
    public var diagnostic: Diagnostic {
        Diagnostic(.error, .init(byteOffset: byteOffset), message)
    }
}
