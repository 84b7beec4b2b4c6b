/// Reads the everyday Bot API message straight from its bytes into a `Message`, without
/// building a JSON tree: `text`, `entities` and `message_id` are read, every other member
/// that decoding does not look at (`date`, `from`, `chat`, …) is checked and skipped.
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
        "edited_channel_post", "business_message", "edited_business_message", "callback_query",
    ]

    private static func read(_ p: inout JSONParser) throws -> Message {
        p.skipWhitespace()
        try expect(UInt8(ascii: "{"), &p)
        // Inside the top-level object, as the tree path counts nesting.
        p.depth = 1
        var id: Int64?
        var text: String?
        var entities: [MessageEntity]?
        try members(&p) { name, p in
            switch name {
            case "message_id":
                guard id == nil else { throw Unsure() }
                id = try integer(&p)
            case "text":
                guard text == nil else { throw Unsure() }
                text = try string(&p)
            case "entities":
                guard entities == nil else { throw Unsure() }
                entities = try entityArray(&p)
            default:
                guard !readByDecoding.contains(name) else { throw Unsure() }
                try p.skipValue()
            }
        }
        p.skipWhitespace()
        guard p.pos == p.bytes.count, let text else { throw Unsure() }
        return Message(id: id, text: text, entities: entities ?? [])
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
        var type: String?
        var offset: Int64?
        var length: Int64?
        var url: String?
        var language: String?
        try members(&p) { name, p in
            switch name {
            case "type" where type == nil: type = try string(&p)
            case "offset" where offset == nil: offset = try integer(&p)
            case "length" where length == nil: length = try integer(&p)
            case "url" where url == nil: url = try string(&p)
            case "language" where language == nil: language = try string(&p)
            default: throw Unsure()
            }
        }
        guard let type, let offset, let length else { throw Unsure() }
        let limit = BotAPIEntityReader.limit
        return MessageEntity(
            kind: EntityKind(botAPIName: type), offset: Int(max(-limit, min(limit, offset))),
            length: Int(max(-limit, min(limit, length))), url: url, language: language)
    }

    /// Calls `member` with each member's name, the parser at its value, until the `}`;
    /// the `{` is read.
    private static func members(_ p: inout JSONParser, _ member: (String, inout JSONParser) throws -> Void) throws {
        p.skipWhitespace()
        if try peek(&p) == UInt8(ascii: "}") {
            p.pos += 1
            return
        }
        while true {
            p.skipWhitespace()
            let name = try string(&p)
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
