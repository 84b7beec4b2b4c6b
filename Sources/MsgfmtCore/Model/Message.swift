/// A chat message: text plus entity ranges, as Telegram models it.
public struct Message: Sendable, Hashable {
    /// The message id, when the input has one.
    public var id: Int64?
    /// The message text.
    public var text: String
    /// Entities, with ranges in UTF-16 code units of `text`.
    public var entities: [MessageEntity]
    /// The message's media (photo, voice, poll, …) as a placeholder, when it has any; the
    /// text is then its caption, empty when it has none.
    public var media: MediaPlaceholder?
    /// Who sent it, when the input says (Bot API `from`); pictures show the name.
    public var sender: MessageSender?
    /// When it was sent, in seconds since 1970 UTC, when the input says (Bot API `date`);
    /// pictures show the time.
    public var date: Int64?

    /// Creates a message.
    public init(
        id: Int64? = nil, text: String, entities: [MessageEntity] = [], media: MediaPlaceholder? = nil, sender: MessageSender? = nil,
        date: Int64? = nil
    ) {
        self.id = id
        self.text = text
        self.entities = entities
        self.media = media
        self.sender = sender
        self.date = date
    }
}
