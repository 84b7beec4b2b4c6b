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
        // The text's UTF-8, joined once into a string at the end.
        var text: [UInt8] = []
        var offset = 0
        var entities: [MessageEntity] = []
        for (i, item) in items.enumerated() {
            let piece: String
            var entity: MessageEntity?
            switch item {
            case .string(let s):
                piece = s
            case .object:
                guard let s = item["text"]?.stringValue else {
                    throw .wrongType(field: "\(field)[\(i)].text", expected: "a string", found: item["text"]?.typeName ?? "missing")
                }
                piece = s
                entity = self.entity(item, type: item["type"]?.stringValue ?? "plain")
            default:
                throw .wrongType(field: "\(field)[\(i)]", expected: "a string or an object", found: item.typeName)
            }
            var bytes = piece
            let length = bytes.withUTF8 { utf8 in
                text.append(contentsOf: utf8)
                return Self.utf16Count(utf8)
            }
            if var e = entity, length > 0 {
                e.offset = offset
                e.length = length
                entities.append(e)
            }
            offset += length
        }
        return Message(id: id, text: String(decoding: text, as: UTF8.self), entities: entities)
    }

    /// The number of UTF-16 units of valid UTF-8: one per scalar, two for those of four
    /// bytes.
    static func utf16Count(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for b in utf8 {
            if b & 0xC0 != 0x80 { count &+= 1 }
            if b >= 0xF0 { count &+= 1 }
        }
        return count
    }

    /// The entity for one part, or nil for plain text.
    static func entity(_ part: JSONValue, type: String) -> MessageEntity? {
        func make(_ kind: EntityKind) -> MessageEntity { MessageEntity(kind: kind, offset: 0, length: 0) }
        switch type {
        case "plain", "unknown": return nil
        case "link": return make(.url)
        case "text_link":
            var e = make(.textLink)
            e.url = part["href"]?.stringValue ?? ""
            return e
        case "mention_name":
            var e = make(.textMention)
            e.userID = part["user_id"]?.int64Value ?? part["user_id"]?.stringValue.flatMap { Int64($0) }
            return e
        case "phone": return make(.phoneNumber)
        case "pre":
            var e = make(.pre)
            if let lang = part["language"]?.stringValue, !lang.isEmpty { e.language = lang }
            return e
        case "blockquote":
            return make(part["collapsed"]?.boolValue == true ? .expandableBlockquote : .blockquote)
        case "custom_emoji":
            var e = make(.customEmoji)
            e.customEmojiID = part["document_id"]?.stringValue ?? part["document_id"]?.int64Value.map(String.init)
            return e
        default:
            return make(EntityKind(botAPIName: type))
        }
    }
}
