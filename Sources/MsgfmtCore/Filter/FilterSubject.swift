/// What a filter can see of one message, whatever the input: built from an export
/// message (`init(_:chat:)`), a Bot API message (`init(botAPI:message:)`) or a bare
/// text with entities (`init(message:)`). Fields an input lacks stay nil or empty, and
/// the terms that ask about them do not match.
public struct FilterSubject: Sendable {
    /// The message id.
    public var id: Int64?
    /// Unix time of sending.
    public var date: Int64?
    /// Who sent it (for service messages, who acted).
    public var sender: FilterParty?
    /// The chat it is in.
    public var chat: FilterParty?
    /// The text (or caption) that words and phrases are searched in.
    public var text: String
    /// The text's entities (UTF-16 ranges), for `mentions:`.
    public var entities: [MessageEntity]
    /// Users the input names beside the entities (a Bot API `text_mention`'s user).
    public var mentionedUsers: [FilterParty] = []
    /// What `has:` and `is:` see.
    public var features: FilterFeatures

    /// The subject of a message known only by its text and entities.
    public init(message: Message) {
        id = message.id
        text = message.text
        entities = message.entities
        features = FilterFeatures(entities: message.entities)
    }

    /// The users the text mentions: `@username` mentions and mentions by name (with the
    /// user's id when the input gives it), then `mentionedUsers`.
    var mentioned: [FilterParty] {
        var parties: [FilterParty] = []
        let utf16 = text.utf16
        for entity in entities where entity.kind == .mention || entity.kind == .textMention {
            // Checked without adding, so no range from the input can overflow.
            guard entity.offset >= 0, entity.length > 0, entity.offset <= utf16.count,
                entity.length <= utf16.count - entity.offset
            else { continue }
            let lower = utf16.index(utf16.startIndex, offsetBy: entity.offset)
            let upper = utf16.index(lower, offsetBy: entity.length)
            let covered = String(decoding: Array(utf16[lower..<upper]), as: UTF16.self)
            if entity.kind == .mention {
                parties.append(FilterParty(username: covered.hasPrefix("@") ? String(covered.dropFirst()) : covered))
            } else {
                parties.append(FilterParty(names: [covered], id: entity.userID, kind: "user"))
            }
        }
        return parties + mentionedUsers
    }
}
