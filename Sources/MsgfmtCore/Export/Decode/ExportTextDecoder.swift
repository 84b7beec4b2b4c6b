internal import CByteScan

/// Turns an export's `text` / `text_entities` into message text with Bot API entities
/// (UTF-16 offsets). Nesting was flattened by the exporter: each part has one type.
public enum ExportTextDecoder {
    /// The message body of an export message object.
    public static func decode(_ object: JSONValue, id: Int64?) throws(ExportDecodeError) -> Message {
        if let parts = object["text_entities"] {
            guard case .array(let items) = parts else {
                throw .wrongType(field: "text_entities", expected: "an array", found: parts.typeName)
            }
            return try build(items, id: id, field: "text_entities")
        }
        switch object["text"] {
        case nil, .null?:
            return Message(id: id, text: "")
        case .string(let s)?:
            return Message(id: id, text: s)
        case .array(let items)?:
            return try build(items, id: id, field: "text")
        case let other?:
            throw .wrongType(field: "text", expected: "a string or an array", found: other.typeName)
        }
    }

    private static func build(_ items: [JSONValue], id: Int64?, field: String) throws(ExportDecodeError) -> Message {
        var joiner = Joiner()
        for (i, item) in items.enumerated() {
            switch item {
            case .string(let s):
                joiner.add(s, entity: nil)
            case .object:
                guard let s = item["text"]?.stringValue else {
                    throw .wrongType(field: "\(field)[\(i)].text", expected: "a string", found: item["text"]?.typeName ?? "missing")
                }
                joiner.add(s, entity: entity(item, type: item["type"]?.stringValue ?? "plain"))
            default:
                throw .wrongType(field: "\(field)[\(i)]", expected: "a string or an object", found: item.typeName)
            }
        }
        return joiner.message(id: id)
    }

    /// Joins a message's parts into its text and entities: the text's UTF-8, joined once
    /// into a string at the end, and each entity over its part's UTF-16 units.
    struct Joiner {
        private var text: [UInt8] = []
        private var offset = 0
        private var entities: [MessageEntity] = []

        /// An empty joiner.
        init() {}

        /// An empty joiner with room for `bytes` bytes of text.
        init(reserving bytes: Int) {
            text.reserveCapacity(bytes)
        }

        /// Appends `piece`, covered by `entity` when it is one (an empty piece has none).
        mutating func add(_ piece: String, entity: MessageEntity?) {
            var bytes = piece
            bytes.withUTF8 { add(utf8: $0, entity: entity) }
        }

        /// Appends the valid UTF-8 `utf8`, covered by `entity` when it is one.
        mutating func add(utf8: UnsafeBufferPointer<UInt8>, entity: MessageEntity?) {
            text.append(bytes: utf8)
            let length = ExportTextDecoder.utf16Count(utf8)
            if var e = entity, length > 0 {
                e.offset = offset
                e.length = length
                // Room for a message's usual few entities at once, not grown one by one.
                if entities.isEmpty { entities.reserveCapacity(8) }
                entities.append(e)
            }
            offset += length
        }

        /// The joined message.
        func message(id: Int64?) -> Message {
            // Pieces of strings and of checked string bytes: valid UTF-8.
            Message(id: id, text: text.withUnsafeBufferPointer(ValidUTF8.string), entities: entities)
        }
    }

    /// The number of UTF-16 units of valid UTF-8: one per scalar, two for those of four
    /// bytes (CByteScan, sixteen bytes at a time).
    static func utf16Count(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = utf8.baseAddress else { return 0 }
        return msgfmt_byte_scan_utf16_count(base, utf8.count)
    }

    /// What an entity part may say besides its `type` and `text`.
    struct PartFields {
        var href: String?
        var userID: Int64?
        var language: String?
        var collapsed = false
        var documentID: String?

        /// The fields of a parsed part.
        init(_ part: JSONValue) {
            href = part["href"]?.stringValue
            userID = part["user_id"]?.int64Value ?? part["user_id"]?.stringValue.flatMap { Int64($0) }
            language = part["language"]?.stringValue
            collapsed = part["collapsed"]?.boolValue == true
            documentID = part["document_id"]?.stringValue ?? part["document_id"]?.int64Value.map(String.init)
        }

        /// No fields.
        init() {}
    }

    /// The entity for one part, or nil for plain text.
    static func entity(_ part: JSONValue, type: String) -> MessageEntity? {
        entity(type: type, fields: PartFields(part))
    }

    /// `entity(type:fields:)` for a type given as its bytes: `plain` and the names that are
    /// Bot API names with no field to read are answered without making a string.
    static func entity(typeBytes: UnsafeBufferPointer<UInt8>, fields: PartFields) -> MessageEntity? {
        // Lengths first: most names differ in length, and the bytes are compared in place.
        func named(_ name: StaticString) -> Bool {
            guard typeBytes.count == name.utf8CodeUnitCount else { return false }
            let expected = name.utf8Start
            for i in 0..<typeBytes.count where typeBytes[i] != expected[i] { return false }
            return true
        }
        if named("plain") { return nil }
        if !named("pre"), !named("text_link"), !named("blockquote"), !named("custom_emoji"),
            let kind = EntityKind(botAPIBytes: typeBytes)
        {
            return MessageEntity(kind: kind, offset: 0, length: 0)
        }
        return entity(type: String(decoding: typeBytes, as: UTF8.self), fields: fields)
    }

    /// The entity a part of `type` with `fields` stands for, or nil for plain text.
    static func entity(type: String, fields: PartFields) -> MessageEntity? {
        func make(_ kind: EntityKind) -> MessageEntity { MessageEntity(kind: kind, offset: 0, length: 0) }
        switch type {
        case "plain", "unknown": return nil
        case "link": return make(.url)
        case "text_link":
            var e = make(.textLink)
            e.url = fields.href ?? ""
            return e
        case "mention_name":
            var e = make(.textMention)
            e.userID = fields.userID
            return e
        case "phone": return make(.phoneNumber)
        case "pre":
            var e = make(.pre)
            if let lang = fields.language, !lang.isEmpty { e.language = lang }
            return e
        case "blockquote":
            return make(fields.collapsed ? .expandableBlockquote : .blockquote)
        case "custom_emoji":
            var e = make(.customEmoji)
            e.customEmojiID = fields.documentID
            return e
        default:
            return MessageEntity(botAPIType: type, offset: 0, length: 0)
        }
    }
}
