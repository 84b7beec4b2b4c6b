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
        line.withUnsafeBufferPointer { buffer in
            var reader = JSONParser(bytes: buffer, options: JSONParser.Options())
            return try? read(&reader)
        }
    }

    /// Gives up: the tree path decides.
    private struct Unsure: Error {}

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
        try expect(UInt8(ascii: "{"), &p)
        // Inside the top-level object, as the tree path counts nesting.
        p.depth = 1
        var id: Int64?
        var text: String?
        var entities: [MessageEntity]?
        var date: Int64?
        var sender: MessageSender??
        try members(&p) { name, p in
            if equals(name, "message_id", p) {
                guard id == nil else { throw Unsure() }
                id = try integer(&p)
            } else if equals(name, "date", p) {
                guard date == nil else { throw Unsure() }
                date = try integer(&p)
            } else if equals(name, "from", p) {
                guard sender == nil else { throw Unsure() }
                sender = .some(try user(&p))
            } else if equals(name, "text", p) {
                guard text == nil else { throw Unsure() }
                text = try string(&p)
            } else if equals(name, "entities", p) {
                guard entities == nil else { throw Unsure() }
                entities = try entityArray(&p)
            } else {
                let other = String(decoding: UnsafeBufferPointer(rebasing: p.bytes[name]), as: UTF8.self)
                guard !readByDecoding.contains(other) else { throw Unsure() }
                try p.skipValue()
            }
        }
        p.skipWhitespace()
        guard p.pos == p.bytes.count, let text else { throw Unsure() }
        return Message(id: id, text: text, entities: entities ?? [], sender: sender ?? nil, date: BotAPIDecoder.date(date))
    }

    /// The sender a `from` user object names (`MessageSender(firstName:…)`): its names and
    /// id are read, its other members checked and skipped.
    private static func user(_ p: inout JSONParser) throws -> MessageSender? {
        try expect(UInt8(ascii: "{"), &p)
        var first: String?
        var last: String?
        var username: String?
        var id: Int64?
        try members(&p) { name, p in
            if equals(name, "first_name", p) {
                guard first == nil else { throw Unsure() }
                first = try string(&p)
            } else if equals(name, "last_name", p) {
                guard last == nil else { throw Unsure() }
                last = try string(&p)
            } else if equals(name, "username", p) {
                guard username == nil else { throw Unsure() }
                username = try string(&p)
            } else if equals(name, "id", p) {
                guard id == nil else { throw Unsure() }
                id = try integer(&p)
            } else {
                try p.skipValue()
            }
        }
        return MessageSender(firstName: first, lastName: last, username: username, id: id)
    }

    /// The entities of an array of plain entity objects.
    private static func entityArray(_ p: inout JSONParser) throws -> [MessageEntity] {
        try expect(UInt8(ascii: "["), &p)
        var entities: [MessageEntity] = []
        p.skipWhitespace()
        if try peek(&p) == UInt8(ascii: "]") {
            p.pos += 1
            return entities
        }
        // Messages with entities usually have several: grown once instead of from one.
        entities.reserveCapacity(16)
        while true {
            p.skipWhitespace()
            entities.append(try entity(&p))
            p.skipWhitespace()
            switch try peek(&p) {
            case UInt8(ascii: ","): p.pos += 1
            case UInt8(ascii: "]"):
                p.pos += 1
                return entities
            default: throw Unsure()
            }
        }
    }

    /// One entity of `type`, `offset`, `length` and optionally `url` and `language`, each
    /// once; offsets and lengths clamped as `BotAPIEntityReader` clamps them.
    private static func entity(_ p: inout JSONParser) throws -> MessageEntity {
        try expect(UInt8(ascii: "{"), &p)
        var kind: EntityKind?
        var offset: Int64?
        var length: Int64?
        var url: String?
        var language: String?
        try members(&p) { name, p in
            if equals(name, "type", p), kind == nil {
                kind = try entityKind(&p)
            } else if equals(name, "offset", p), offset == nil {
                offset = try integer(&p)
            } else if equals(name, "length", p), length == nil {
                length = try integer(&p)
            } else if equals(name, "url", p), url == nil {
                url = try string(&p)
            } else if equals(name, "language", p), language == nil {
                language = try string(&p)
            } else {
                throw Unsure()
            }
        }
        guard let kind, let offset, let length else { throw Unsure() }
        let limit = BotAPIEntityReader.limit
        return MessageEntity(
            kind: kind, offset: Int(max(-limit, min(limit, offset))),
            length: Int(max(-limit, min(limit, length))), url: url, language: language)
    }

    /// Calls `member` with each member's name (where its bytes lie) and the parser at its
    /// value, until the `}`; the `{` is read. A name that is not plain is left to the tree
    /// path. Inlined, so that each caller's `member` is too.
    @inline(__always)
    private static func members(_ p: inout JSONParser, _ member: (Range<Int>, inout JSONParser) throws -> Void) throws {
        p.skipWhitespace()
        if try peek(&p) == UInt8(ascii: "}") {
            p.pos += 1
            return
        }
        while true {
            p.skipWhitespace()
            guard let name = plain(&p) else { throw Unsure() }
            p.skipWhitespace()
            try expect(UInt8(ascii: ":"), &p)
            p.skipWhitespace()
            try member(name, &p)
            p.skipWhitespace()
            switch try peek(&p) {
            case UInt8(ascii: ","): p.pos += 1
            case UInt8(ascii: "}"):
                p.pos += 1
                return
            default: throw Unsure()
            }
        }
    }

    /// The kind an entity's `type` names: known names matched by their bytes.
    private static func entityKind(_ p: inout JSONParser) throws -> EntityKind {
        guard let name = plain(&p) else { return EntityKind(botAPIName: try string(&p)) }
        let bytes = UnsafeBufferPointer(rebasing: p.bytes[name])
        return EntityKind(botAPIBytes: bytes) ?? EntityKind(botAPIName: String(decoding: bytes, as: UTF8.self))
    }

    /// Where the bytes of a plain string (printable ASCII, no escapes) lie, the parser
    /// moved past it; nil, the parser where it was, for any other value.
    private static func plain(_ p: inout JSONParser) -> Range<Int>? {
        guard p.pos < p.bytes.count, p.bytes[p.pos] == UInt8(ascii: "\"") else { return nil }
        let end = JSONParser.plainASCIIEnd(p.bytes, from: p.pos + 1)
        guard end < p.bytes.count, p.bytes[end] == UInt8(ascii: "\"") else { return nil }
        defer { p.pos = end + 1 }
        return (p.pos + 1)..<end
    }

    /// True when the bytes at `name` are `expected`.
    private static func equals(_ name: Range<Int>, _ expected: StaticString, _ p: JSONParser) -> Bool {
        guard name.count == expected.utf8CodeUnitCount, let base = p.bytes.baseAddress else { return false }
        let expectedBytes = expected.utf8Start
        for i in 0..<name.count where base[name.lowerBound &+ i] != expectedBytes[i] { return false }
        return true
    }

    /// A string; any other value is left to the tree path.
    private static func string(_ p: inout JSONParser) throws -> String {
        guard try peek(&p) == UInt8(ascii: "\"") else { throw Unsure() }
        return try p.parseString()
    }

    /// A plain integer of at most 18 digits (no fraction, exponent or string), which
    /// `Int64` reads exactly; anything else is left to the tree path.
    private static func integer(_ p: inout JSONParser) throws -> Int64 {
        var i = p.pos
        let bytes = p.bytes
        let negative = i < bytes.count && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var value: Int64 = 0
        let start = i
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            guard i - start < 18 else { throw Unsure() }
            value = value * 10 + Int64(bytes[i] - 0x30)
            i += 1
        }
        guard i > start else { throw Unsure() }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            throw Unsure()
        }
        p.pos = i
        return negative ? -value : value
    }

    /// The byte at the parser's position; at the end of the input, unsure.
    private static func peek(_ p: inout JSONParser) throws -> UInt8 {
        guard p.pos < p.bytes.count else { throw Unsure() }
        return p.bytes[p.pos]
    }

    /// Reads `byte`, or gives up.
    private static func expect(_ byte: UInt8, _ p: inout JSONParser) throws {
        guard try peek(&p) == byte else { throw Unsure() }
        p.pos += 1
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
        return BotAPIDecoder.items(from: value, line: 1, nextIndex: &index) == [.message(message, diagnostics: [])]
    }
}
