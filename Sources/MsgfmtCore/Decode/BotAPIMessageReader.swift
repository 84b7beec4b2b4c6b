internal import CByteScan

/// Reads the everyday Bot API message straight from its bytes into a `Message`, without
/// building a JSON tree: `text`, `entities`, `message_id`, `date` and the names and id of
/// `from` are read, every other member that decoding does not look at (`chat`, …) is
/// checked and skipped.
///
/// It handles only what it is sure of and gives nil for anything else — a member decoding
/// reads (`caption`, media, `update_id`, `ok`, `id`, …), a repeated name, a value of another
/// type, a number that is no plain integer, an entity field the tree path would read or warn
/// about, invalid JSON — and the caller then decodes the line through `JSONParser` and
/// `BotAPIDecoder` as always. So whatever it returns is exactly what the tree path returns
/// for the line: a message without diagnostics (tested against it on random lines).
enum BotAPIMessageReader {
    /// The message of one JSON Lines line, or nil to take the tree path.
    static func message(_ line: ArraySlice<UInt8>) -> Message? {
        line.withUnsafeBufferPointer(message)
    }

    /// `message(_:)` of a line read in place (render's workers read their batch's lines so).
    static func message(_ line: UnsafeBufferPointer<UInt8>) -> Message? {
        var reader = JSONParser(bytes: line, options: JSONParser.Options())
        return try? read(&reader)
    }

    /// The top-level members decoding may look at for a message object; any of them sends
    /// the line to the tree path, except the three read here.
    private static let readByDecoding: Set<String> = [
        "ok", "result", "update_id", "id", "caption", "caption_entities", "photo", "animation", "video", "video_note",
        "voice", "audio", "sticker", "document", "paid_media", "story", "venue", "location", "contact", "poll", "checklist",
        "dice", "game", "invoice", "giveaway", "giveaway_winners", "message", "edited_message", "channel_post",
        "edited_channel_post", "business_message", "edited_business_message", "callback_query", "sender_chat",
    ]

    private static func read(_ p: inout JSONParser) throws -> Message {
        p.skipWhitespace()
        try JSONDirect.expect(UInt8(ascii: "{"), &p)
        var id: Int64?
        var text: String?
        var entities: [MessageEntity]?
        var date: Int64?
        var sender: MessageSender??
        try JSONDirect.members(&p) { name, p in
            if JSONDirect.equals(name, "message_id", p) {
                guard id == nil else { throw JSONDirect.Unsure() }
                id = try JSONDirect.integer(&p)
            } else if JSONDirect.equals(name, "date", p) {
                guard date == nil else { throw JSONDirect.Unsure() }
                date = try JSONDirect.integer(&p)
            } else if JSONDirect.equals(name, "from", p) {
                guard sender == nil else { throw JSONDirect.Unsure() }
                sender = .some(try user(&p))
            } else if JSONDirect.equals(name, "text", p) {
                guard text == nil else { throw JSONDirect.Unsure() }
                text = try JSONDirect.string(&p)
            } else if JSONDirect.equals(name, "entities", p) {
                guard entities == nil else { throw JSONDirect.Unsure() }
                entities = try entityArray(&p)
            } else {
                let other = String(decoding: UnsafeBufferPointer(rebasing: p.bytes[name]), as: UTF8.self)
                guard !readByDecoding.contains(other) else { throw JSONDirect.Unsure() }
                try p.skipValue()
            }
        }
        p.skipWhitespace()
        guard p.pos == p.bytes.count, let text else { throw JSONDirect.Unsure() }
        return Message(id: id, text: text, entities: entities ?? [], sender: sender ?? nil, date: BotAPIDecoder.date(date))
    }

    /// The sender a `from` user object names (`MessageSender(firstName:…)`): its names and
    /// id are read, its other members checked and skipped.
    private static func user(_ p: inout JSONParser) throws -> MessageSender? {
        try JSONDirect.expect(UInt8(ascii: "{"), &p)
        var first: String?
        var last: String?
        var username: String?
        var id: Int64?
        try JSONDirect.members(&p) { name, p in
            if JSONDirect.equals(name, "first_name", p) {
                try JSONDirect.once(&first, &p, JSONDirect.string)
            } else if JSONDirect.equals(name, "last_name", p) {
                try JSONDirect.once(&last, &p, JSONDirect.string)
            } else if JSONDirect.equals(name, "username", p) {
                try JSONDirect.once(&username, &p, JSONDirect.string)
            } else if JSONDirect.equals(name, "id", p) {
                try JSONDirect.once(&id, &p, JSONDirect.integer)
            } else {
                try p.skipValue()
            }
        }
        return MessageSender(firstName: first, lastName: last, username: username, id: id)
    }

    /// The entities of an array of plain entity objects.
    private static func entityArray(_ p: inout JSONParser) throws -> [MessageEntity] {
        var entities: [MessageEntity] = []
        try JSONDirect.elements(&p) { p in
            // Messages with entities usually have several: grown once instead of from one.
            if entities.isEmpty { entities.reserveCapacity(16) }
            entities.append(try entity(&p))
        }
        return entities
    }

    /// Runs `reader` with the parser placed at `i`, then moves `i` past what it read.
    @inline(__always)
    private static func read<T>(
        at i: inout Int, _ p: inout JSONParser, _ reader: (inout JSONParser) throws -> T
    ) throws -> T {
        p.pos = i
        defer { i = p.pos }
        return try reader(&p)
    }

    /// One entity of `type`, `offset`, `length` and optionally `url` and `language`, each
    /// once; offsets and lengths clamped as `BotAPIEntityReader` clamps them. Entities are
    /// most of a line's members, so the object is walked here with a position of its own
    /// rather than through `JSONDirect.members`: names matched where they lie
    /// (`EntityMember.read`), white space, integers and the type's name read in place.
    private static func entity(_ p: inout JSONParser) throws -> MessageEntity {
        guard let base = p.bytes.baseAddress, p.pos < p.bytes.count, base[p.pos] == UInt8(ascii: "{") else {
            throw JSONDirect.Unsure()
        }
        try JSONDirect.enter(&p)
        defer { p.depth -= 1 }
        let end = p.bytes.count
        var kind: EntityKind?
        var unknownType: String?  // the name of a kind msgfmt does not know
        var offset: Int64?
        var length: Int64?
        var url: String?
        var language: String?
        var i = p.pos &+ 1
        // The usual `{"type": …, "offset": …, "length": …` is matched in one C call; the
        // members after it, or an object written otherwise, are read one by one.
        var head = msgfmt_byte_scan_entity_head()
        let headEnd = msgfmt_byte_scan_bot_entity_head(base, p.pos, end, &head)
        var afterValue = headEnd >= 0
        if afterValue {
            let name = head.type_start..<head.type_end
            kind = EntityKind.botAPIKind(in: p.bytes, at: name)
            if kind == nil { (kind, unknownType) = entityType(p.bytes, name) }
            offset = head.offset
            length = head.length
            i = headEnd
        }
        while true {
            if !afterValue {
                p.pos = JSONParser.whitespaceEnd(base, from: i, end: end)
                let member = try EntityMember.read(&p)
                i = JSONParser.whitespaceEnd(base, from: p.pos, end: end)
                guard i < end, base[i] == UInt8(ascii: ":") else { throw JSONDirect.Unsure() }
                i = JSONParser.whitespaceEnd(base, from: i &+ 1, end: end)
                switch member {
                case .type where kind == nil: (kind, unknownType) = try read(at: &i, &p, entityType)
                case .offset where offset == nil: offset = try JSONDirect.integer(base, at: &i, end: end)
                case .length where length == nil: length = try JSONDirect.integer(base, at: &i, end: end)
                case .url where url == nil: url = try read(at: &i, &p, JSONDirect.string)
                case .language where language == nil: language = try read(at: &i, &p, JSONDirect.string)
                default: throw JSONDirect.Unsure()
                }
            }
            afterValue = false
            i = JSONParser.whitespaceEnd(base, from: i, end: end)
            guard i < end else { throw JSONDirect.Unsure() }
            if base[i] == UInt8(ascii: ",") {
                i &+= 1
                continue
            }
            guard base[i] == UInt8(ascii: "}") else { throw JSONDirect.Unsure() }
            p.pos = i &+ 1
            break
        }
        guard let kind, let offset, let length else { throw JSONDirect.Unsure() }
        let limit = BotAPIEntityReader.limit
        var entity = MessageEntity(
            kind: kind, offset: Int(max(-limit, min(limit, offset))),
            length: Int(max(-limit, min(limit, length))), url: url, language: language)
        if let unknownType { entity.unknownType = unknownType }
        return entity
    }

    /// The members an entity object may have here, each as the little-endian word of its
    /// name's bytes (zero above them).
    private enum EntityMember: UInt64 {
        case type = 0x6570_7974  // "type"
        case offset = 0x7465_7366_666F  // "offset"
        case length = 0x6874_676E_656C  // "length"
        case url = 0x6C_7275  // "url"
        case language = 0x6567_6175_676E_616C  // "language"

        var nameLength: Int {
            switch self {
            case .type: 4
            case .offset, .length: 6
            case .url: 3
            case .language: 8
            }
        }

        /// The member whose quoted name is at the parser, the parser moved past its closing
        /// quote: the name's bytes as one word, and the quote after them. Any other name
        /// (an escape in it too) gives up. The word lies inside the line, which goes on
        /// after a name.
        @inline(__always)
        static func read(_ p: inout JSONParser) throws -> EntityMember {
            let name = p.pos &+ 1
            guard name &+ 8 < p.bytes.count, let base = p.bytes.baseAddress, base[p.pos] == UInt8(ascii: "\"") else {
                throw JSONDirect.Unsure()
            }
            let word = UInt64(littleEndian: UnsafeRawPointer(base + name).loadUnaligned(as: UInt64.self))
            let member: EntityMember
            if base[name &+ 4] == UInt8(ascii: "\""), word & 0xFFFF_FFFF == type.rawValue {
                member = .type
            } else if base[name &+ 6] == UInt8(ascii: "\""), let m = EntityMember(rawValue: word & 0xFFFF_FFFF_FFFF),
                m == .offset || m == .length
            {
                member = m
            } else if base[name &+ 3] == UInt8(ascii: "\""), word & 0xFF_FFFF == url.rawValue {
                member = .url
            } else if base[name &+ 8] == UInt8(ascii: "\""), word == language.rawValue {
                member = .language
            } else {
                throw JSONDirect.Unsure()
            }
            p.pos = name &+ member.nameLength &+ 1
            return member
        }
    }

    /// The kind an entity's `type` names (known names matched by their bytes), and the
    /// name when msgfmt does not know it.
    private static func entityType(_ p: inout JSONParser) throws -> (EntityKind, String?) {
        guard let name = JSONDirect.plain(&p) else { return MessageEntity.kind(botAPIType: try JSONDirect.string(&p)) }
        return entityType(p.bytes, name)
    }

    /// The kind named by the plain ASCII bytes at `name`, and the name when msgfmt does
    /// not know it: a known name is matched by its bytes, without making a string.
    @inline(__always)
    private static func entityType(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> (EntityKind, String?) {
        if let kind = EntityKind.botAPIKind(in: bytes, at: name) { return (kind, nil) }
        return MessageEntity.kind(botAPIType: String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self))
    }

}

extension MessageDecoder {
    /// Whether reading `line` without a JSON tree (`BotAPIMessageReader`) gives what the
    /// tree path gives: it may decline a line, never differ. For tests and fuzz targets
    /// (`@_spi(Testing) import MsgfmtCore`).
    @_spi(Testing)
    public static func directReadingAgrees(_ line: ArraySlice<UInt8>) -> Bool {
        guard let message = BotAPIMessageReader.message(line) else { return true }
        guard let value = try? JSONParser.parse(line) else { return false }
        var index = 0
        return BotAPIDecoder.items(from: value, line: InputLine(1), nextIndex: &index) == [.message(message, diagnostics: [])]
    }
}
