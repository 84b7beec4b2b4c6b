/// One formatting or semantic range of a message, as the Bot API describes it.
///
/// `offset` and `length` count UTF-16 code units. Payload fields are set only for the
/// kinds that carry them; they live in one shared box, so the common payload-free entity
/// copies without reference counting beyond its kind.
public struct MessageEntity: Sendable, Hashable {
    /// The entity type.
    public var kind: EntityKind
    /// Start, in UTF-16 code units.
    public var offset: Int
    /// Length, in UTF-16 code units.
    public var length: Int
    /// The payload fields, nil when none is set.
    private var payload: EntityPayload?

    /// Creates an entity.
    public init(
        kind: EntityKind, offset: Int, length: Int, url: String? = nil, userID: Int64? = nil,
        language: String? = nil, customEmojiID: String? = nil, unixTime: Int64? = nil,
        dateTimeFormat: String? = nil
    ) {
        self.kind = kind
        self.offset = offset
        self.length = length
        payload = EntityPayload(
            url: url, userID: userID, language: language, customEmojiID: customEmojiID,
            unixTime: unixTime, dateTimeFormat: dateTimeFormat)
    }

    /// Creates an entity of the Bot API type `name`: of the kind it names, else `.unknown`
    /// keeping the name (`unknownType`).
    public init(
        botAPIType name: String, offset: Int, length: Int, url: String? = nil, userID: Int64? = nil,
        language: String? = nil, customEmojiID: String? = nil, unixTime: Int64? = nil, dateTimeFormat: String? = nil
    ) {
        let type = Self.kind(botAPIType: name)
        self.init(
            kind: type.kind, offset: offset, length: length, url: url, userID: userID, language: language,
            customEmojiID: customEmojiID, unixTime: unixTime, dateTimeFormat: dateTimeFormat)
        if let unknownType = type.unknownType { self.unknownType = unknownType }
    }

    /// The kind the Bot API type `name` names, and the name itself when msgfmt does not
    /// know it (what `unknownType` keeps).
    static func kind(botAPIType name: String) -> (kind: EntityKind, unknownType: String?) {
        let kind = EntityKind(botAPIName: name)
        return (kind, kind == .unknown ? name : nil)
    }

    /// `text_link`: the target URL.
    public var url: String? {
        get { payload?.fields.url }
        set { update { $0.url = newValue } }
    }
    /// `text_mention`: the mentioned user's id.
    public var userID: Int64? {
        get { payload?.fields.userID }
        set { update { $0.userID = newValue } }
    }
    /// `pre`: the programming language, if given.
    public var language: String? {
        get { payload?.fields.language }
        set { update { $0.language = newValue } }
    }
    /// `custom_emoji`: the custom emoji's id (a string of digits).
    public var customEmojiID: String? {
        get { payload?.fields.customEmojiID }
        set { update { $0.customEmojiID = newValue } }
    }
    /// `date_time`: the Unix time shown.
    public var unixTime: Int64? {
        get { payload?.fields.unixTime }
        set { update { $0.unixTime = newValue } }
    }
    /// `date_time`: the display format (`r` or `w?[dD]?[tT]?`).
    public var dateTimeFormat: String? {
        get { payload?.fields.dateTimeFormat }
        set { update { $0.dateTimeFormat = newValue } }
    }

    /// An entity of a kind msgfmt does not know (`.unknown`): the type name it came with.
    public var unknownType: String? {
        get { payload?.fields.unknownType }
        set { update { $0.unknownType = newValue } }
    }

    /// The type name the entity came with: its kind's Bot API name, or for an unknown
    /// kind the name it was given (empty when none was).
    public var typeName: String {
        kind == .unknown ? unknownType ?? "" : kind.botAPIName
    }

    /// The end offset (`offset + length`), in UTF-16 code units.
    public var end: Int { offset + length }

    /// The UTF-16 range covered.
    public var range: Range<Int> { offset..<max(offset, end) }

    /// True when the two entities have the same kind and payload, whatever their ranges.
    public func hasSameKindAndPayload(as other: MessageEntity) -> Bool {
        kind == other.kind && EntityPayload.same(payload, other.payload)
    }

    /// True when the payload holds only the fields `kind` carries, and a pre's language is
    /// not empty (`EntityPayload.Fields.kept(for:)`): what normalizing leaves as it is.
    var holdsOnlyItsPayload: Bool {
        guard let payload else { return true }
        return payload.fields.isKept(for: kind)
    }

    /// The entity with only the payload fields its kind carries (`holdsOnlyItsPayload`).
    var withOnlyItsPayload: MessageEntity {
        guard let payload else { return self }
        let kept = payload.fields.kept(for: kind)
        if kept == payload.fields { return self }
        var e = self
        e.payload = EntityPayload(kept)
        return e
    }

    /// Replaces the payload with `change` applied to a copy of its fields.
    private mutating func update(_ change: (inout EntityPayload.Fields) -> Void) {
        var fields = EntityPayload.Fields(payload)
        change(&fields)
        payload = EntityPayload(fields)
    }

    public static func == (a: MessageEntity, b: MessageEntity) -> Bool {
        a.offset == b.offset && a.length == b.length && a.hasSameKindAndPayload(as: b)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(offset)
        hasher.combine(length)
        hasher.combine(payload?.fields)
    }
}

extension MessageEntity: CustomStringConvertible {
    /// The kind and range, then whichever payload fields are set.
    public var description: String {
        var parts = ["\(kind) \(offset)+\(length)"]
        if let url { parts.append("url: \(url.debugDescription)") }
        if let userID { parts.append("userID: \(userID)") }
        if let language { parts.append("language: \(language.debugDescription)") }
        if let customEmojiID { parts.append("customEmojiID: \(customEmojiID.debugDescription)") }
        if let unixTime { parts.append("unixTime: \(unixTime)") }
        if let dateTimeFormat { parts.append("dateTimeFormat: \(dateTimeFormat.debugDescription)") }
        if let unknownType { parts.append("unknownType: \(unknownType.debugDescription)") }
        return "MessageEntity(" + parts.joined(separator: ", ") + ")"
    }
}
