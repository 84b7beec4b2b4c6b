/// `msgfmt export --deleted`: what a merge of several exports does with a message that a
/// later export covering its date no longer has.
public enum DeletedMessages: String, CaseIterable, Sendable, Hashable {
    /// Keep it as it was last exported, like any other message.
    case keep
    /// Keep it with a visible "deleted" tag (`"deleted": true` in JSON Lines).
    case mark
    /// Leave it out.
    case drop
}
