/// One message of a Telegram Desktop export, decoded: its metadata and its body.
public struct ExportMessage: Sendable, Hashable {
    /// `message`, `service` or `unsupported` (anything else is kept as given).
    public var type: String
    /// The message id (negative for history from before a supergroup migration).
    public var id: Int64
    /// Unix time of sending.
    public var date: Int64
    /// Unix time of the last edit, when edited.
    public var edited: Int64?
    /// The sender's (or, for service messages, the actor's) name; nil for deleted accounts.
    public var from: String?
    /// `from_id` / `actor_id` (`user123`, `channel123`).
    public var fromID: String?
    /// The channel post signature.
    public var author: String?
    /// True when the message was forwarded (`forwarded_from` present, even null).
    public var forwarded: Bool
    /// Where it was forwarded from, when named.
    public var forwardedFrom: String?
    /// The replied message's id.
    public var replyTo: Int64?
    /// The bot the message was sent via (`@gif`).
    public var viaBot: String?
    /// The body: text with entities (UTF-16 offsets).
    public var body: Message
    /// A media attachment, when there is one.
    public var media: ExportMedia?
    /// The file the media refers to (photos, videos, voice, stickers, documents).
    public var file: MediaFile?
    /// The album the message belongs to (`grouped_id`), when the export records it.
    public var groupedID: Int64?
    /// Service messages: what happened.
    public var action: ExportAction?
    /// Reactions with their counts.
    public var reactions: [ExportReaction]
    /// Members of the wrong type that were left out: reported with the message, which is
    /// still shown.
    public var problems: [ExportFieldProblem] = []

    /// Creates a message.
    public init(
        type: String = "message", id: Int64, date: Int64, edited: Int64? = nil, from: String? = nil,
        fromID: String? = nil, author: String? = nil, forwarded: Bool = false, forwardedFrom: String? = nil,
        replyTo: Int64? = nil, viaBot: String? = nil, body: Message, media: ExportMedia? = nil,
        action: ExportAction? = nil, reactions: [ExportReaction] = []
    ) {
        self.type = type
        self.id = id
        self.date = date
        self.edited = edited
        self.from = from
        self.fromID = fromID
        self.author = author
        self.forwarded = forwarded
        self.forwardedFrom = forwardedFrom
        self.replyTo = replyTo
        self.viaBot = viaBot
        self.body = body
        self.media = media
        self.action = action
        self.reactions = reactions
    }

    /// True for service messages (joins, pins, calls, …).
    public var isService: Bool { type == "service" }

    /// The sender's name as shown: the name, else "Deleted Account".
    public var senderName: String { from.flatMap { $0.isEmpty ? nil : $0 } ?? "Deleted Account" }

    /// The sender's name with a channel post's author when there is one and it is another
    /// name: `News (Alice)`, as the terminal transcripts and the pictures head a message.
    public var senderWithAuthor: String {
        let name = senderName
        guard let author, !author.isEmpty, author != name else { return name }
        return "\(name) (\(author))"
    }
}
