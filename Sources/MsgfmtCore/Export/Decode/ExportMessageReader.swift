internal import CByteScan

/// Reads the everyday export message — a `message` with its `text_entities`, sender,
/// dates, reply, forward and album fields, reactions and photo or file — straight from its
/// bytes into an `ExportMessage`, without building a JSON tree.
///
/// Like `BotAPIMessageReader`, it handles only what it is sure of and gives nil for anything
/// else: another type (service messages read their action from the whole object), media
/// other than a photo or file (locations, polls, …), any member it does not know, a repeated
/// member, a value of another type, a number that is no plain integer, a date given only in
/// local time, invalid JSON. The caller then decodes the message through `JSONParser` and
/// `ExportMessageDecoder` as always, so whatever it returns is what the tree path returns
/// (tested against it on mutated messages), and every error still comes from the tree path.
enum ExportMessageReader {
    /// The message of one message object, or nil to take the tree path.
    static func message(_ bytes: [UInt8]) -> ExportMessage? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONParser(bytes: buffer, options: ExportMessageDecoder.parserOptions)
            return try? read(&reader)
        }
    }

    /// The fields of a message as read, before they are checked.
    private struct Fields {
        var id: Int64?
        var type: String?
        var date: Int64?
        var edited: Int64?
        var editedLocal = false
        var from: String??
        var fromID: String??
        var author: String??
        var viaBot: String??
        var forwarded: String??
        var replyTo: Int64?
        var groupedID: Int64?
        var text = false
        var body: ExportTextDecoder.Joiner?
        var reactions: [ExportReaction]?
        var media = ExportMediaFields()
    }

    private static func read(_ p: inout JSONParser) throws -> ExportMessage {
        p.skipWhitespace()
        try JSONDirect.expect(UInt8(ascii: "{"), &p)
        var f = Fields()
        var localDate = false
        try JSONDirect.members(&p) { name, p in
            if JSONDirect.equals(name, "id", p) {
                try JSONDirect.once(&f.id, &p, JSONDirect.integer)
            } else if JSONDirect.equals(name, "type", p) {
                try JSONDirect.once(&f.type, &p, JSONDirect.string)
            } else if JSONDirect.equals(name, "date_unixtime", p) {
                try JSONDirect.once(&f.date, &p, unixTime)
            } else if JSONDirect.equals(name, "date", p) {
                // Read only when `date_unixtime` is missing, which leaves the message to
                // the tree path.
                guard !localDate else { throw JSONDirect.Unsure() }
                localDate = true
                try p.skipValue()
            } else if JSONDirect.equals(name, "edited_unixtime", p) {
                try JSONDirect.once(&f.edited, &p, unixTime)
            } else if JSONDirect.equals(name, "edited", p) {
                guard !f.editedLocal else { throw JSONDirect.Unsure() }
                f.editedLocal = true
                try p.skipValue()
            } else if JSONDirect.equals(name, "from", p) {
                f.from = try optionalString(&p, once: f.from)
            } else if JSONDirect.equals(name, "from_id", p) {
                f.fromID = try optionalString(&p, once: f.fromID)
            } else if JSONDirect.equals(name, "author", p) {
                f.author = try optionalString(&p, once: f.author)
            } else if JSONDirect.equals(name, "via_bot", p) {
                f.viaBot = try optionalString(&p, once: f.viaBot)
            } else if JSONDirect.equals(name, "forwarded_from", p) {
                f.forwarded = try optionalString(&p, once: f.forwarded)
            } else if JSONDirect.equals(name, "reply_to_message_id", p) {
                try JSONDirect.once(&f.replyTo, &p, JSONDirect.integer)
            } else if JSONDirect.equals(name, "grouped_id", p) {
                try JSONDirect.once(&f.groupedID, &p, JSONDirect.integer)
            } else if JSONDirect.equals(name, "text", p) {
                // The `text_entities` say the same; the text is only checked.
                // (A value of another type than a string, an array or null is reported by
                // the tree path.)
                guard !f.text, try ExportMessageDecoder.mayBeText(first: JSONDirect.peek(&p)) else { throw JSONDirect.Unsure() }
                f.text = true
                try p.skipValue()
            } else if JSONDirect.equals(name, "text_entities", p) {
                try JSONDirect.once(&f.body, &p, parts)
            } else if JSONDirect.equals(name, "reactions", p) {
                try JSONDirect.once(&f.reactions, &p, reactions)
            } else if let index = ExportMediaFields.names.firstIndex(where: { JSONDirect.equals(name, $0, p) }) {
                let key = ExportMediaFields.names[index].description
                guard !f.media.has(key) else { throw JSONDirect.Unsure() }
                let value = try mediaValue(&p)
                // A value of the other type is reported by the tree path.
                guard ExportMediaFields.fits(value, at: index) else { throw JSONDirect.Unsure() }
                f.media.add(key, value)
            } else {
                throw JSONDirect.Unsure()
            }
        }
        p.skipWhitespace()
        guard p.pos == p.bytes.count, let id = f.id, let date = f.date, let body = f.body, f.type ?? "message" == "message",
            f.edited != nil || !f.editedLocal
        else { throw JSONDirect.Unsure() }
        var message = ExportMessage(type: "message", id: id, date: date, edited: f.edited, body: body.message(id: id))
        message.from = f.from ?? nil
        message.fromID = f.fromID ?? nil
        message.author = f.author ?? nil
        if let forwarded = f.forwarded {
            message.forwarded = true
            message.forwardedFrom = forwarded
        }
        message.replyTo = f.replyTo
        message.viaBot = f.viaBot ?? nil
        message.groupedID = f.groupedID
        message.reactions = f.reactions ?? []
        if !f.media.isEmpty {
            message.media = ExportMediaDecoder.fileMedia(in: f.media)
            message.file = ExportMediaDecoder.file(in: f.media)
        }
        return message
    }

    /// A media member's value: a string, a plain integer or null.
    private static func mediaValue(_ p: inout JSONParser) throws -> ExportMediaFields.Value {
        switch try JSONDirect.peek(&p) {
        case UInt8(ascii: "\""): return .string(try JSONDirect.string(&p))
        case UInt8(ascii: "n"):
            try p.skipValue()
            return .null
        default: return .integer(try JSONDirect.integer(&p))
        }
    }

    /// A `reactions` array of objects, read as the tree path reads it: each reaction's
    /// `type`, `count` and `emoji` once (a string, a plain integer, a string), its other
    /// members checked and skipped; an emoji reaction without `emoji` is left out.
    private static func reactions(_ p: inout JSONParser) throws -> [ExportReaction] {
        var out: [ExportReaction] = []
        try JSONDirect.elements(&p) { p in
            try JSONDirect.expect(UInt8(ascii: "{"), &p)
            var type: String?
            var count: Int64?
            var emoji: String?
            try JSONDirect.members(&p) { name, p in
                if JSONDirect.equals(name, "type", p) {
                    try JSONDirect.once(&type, &p, JSONDirect.string)
                } else if JSONDirect.equals(name, "count", p) {
                    try JSONDirect.once(&count, &p, JSONDirect.integer)
                } else if JSONDirect.equals(name, "emoji", p) {
                    try JSONDirect.once(&emoji, &p, JSONDirect.string)
                } else {
                    try p.skipValue()
                }
            }
            if let reaction = ExportMessageDecoder.reaction(type: type, count: count, emoji: emoji) { out.append(reaction) }
        }
        return out
    }

    /// A Unix time: a string of digits (as exports write it) or a plain integer.
    private static func unixTime(_ p: inout JSONParser) throws -> Int64 {
        switch try JSONDirect.stringOrInteger(&p) {
        case .string(let digits):
            guard let value = Int64(digits) else { throw JSONDirect.Unsure() }
            return value
        case .integer(let value): return value
        }
    }

    /// A string or null, for a member met for the first time (`once` is nil).
    private static func optionalString(_ p: inout JSONParser, once: String??) throws -> String?? {
        guard once == nil else { throw JSONDirect.Unsure() }
        if try JSONDirect.peek(&p) == UInt8(ascii: "n") {
            try p.skipValue()
            return .some(nil)
        }
        return .some(try JSONDirect.string(&p))
    }

    /// The text and entities of a `text_entities` array of strings and part objects.
    private static func parts(_ p: inout JSONParser) throws -> ExportTextDecoder.Joiner {
        // The text is no longer than what is left of the message (usually most of it).
        var joiner = ExportTextDecoder.Joiner(reserving: min(p.bytes.count - p.pos, 1 << 16))
        try JSONDirect.elements(&p) { p in
            guard try JSONDirect.peek(&p) == UInt8(ascii: "\"") else { return try part(&p, into: &joiner) }
            if let plain = try p.plainStringBytes() {
                joiner.add(utf8: UnsafeBufferPointer(rebasing: p.bytes[plain]), entity: nil)
            } else {
                joiner.add(try p.parseString(), entity: nil)
            }
        }
        return joiner
    }

    /// One part object: its `type`, `text` and the fields its entity may take, each once;
    /// other members are checked and skipped, as the tree path ignores them.
    private static func part(_ p: inout JSONParser, into joiner: inout ExportTextDecoder.Joiner) throws {
        // Most parts hold only a type and a plain text: matched in one C call.
        if p.depth < p.maxDepth, let base = p.bytes.baseAddress {
            var found = msgfmt_byte_scan_export_part()
            let after = msgfmt_byte_scan_type_and_text_part(base, p.pos, p.bytes.count, &found)
            if after >= 0 {
                let type = UnsafeBufferPointer(rebasing: p.bytes[found.type_start..<found.type_end])
                let entity = ExportTextDecoder.entity(typeBytes: type, fields: ExportTextDecoder.PartFields())
                joiner.add(utf8: UnsafeBufferPointer(rebasing: p.bytes[found.text_start..<found.text_end]), entity: entity)
                p.pos = after
                return
            }
        }
        try JSONDirect.expect(UInt8(ascii: "{"), &p)
        var type: Range<Int>?
        var text: Range<Int>?
        var escapedText: String?
        var fields = ExportTextDecoder.PartFields()
        var seen: UInt8 = 0
        func first(_ bit: UInt8) throws {
            guard seen & bit == 0 else { throw JSONDirect.Unsure() }
            seen |= bit
        }
        try JSONDirect.members(&p) { name, p in
            if JSONDirect.equals(name, "type", p) {
                try first(1)
                guard let plain = JSONDirect.plain(&p) else { throw JSONDirect.Unsure() }
                type = plain
            } else if JSONDirect.equals(name, "text", p) {
                try first(2)
                guard try JSONDirect.peek(&p) == UInt8(ascii: "\"") else { throw JSONDirect.Unsure() }
                text = try p.plainStringBytes()
                if text == nil { escapedText = try p.parseString() }
            } else if JSONDirect.equals(name, "href", p) {
                try first(4)
                fields.href = try JSONDirect.string(&p)
            } else if JSONDirect.equals(name, "user_id", p) {
                try first(8)
                switch try JSONDirect.stringOrInteger(&p) {
                case .string(let digits): fields.userID = Int64(digits)
                case .integer(let value): fields.userID = value
                }
            } else if JSONDirect.equals(name, "language", p) {
                try first(16)
                fields.language = try JSONDirect.string(&p)
            } else if JSONDirect.equals(name, "collapsed", p) {
                try first(32)
                switch try JSONDirect.peek(&p) {
                case UInt8(ascii: "t"), UInt8(ascii: "f"):
                    fields.collapsed = try JSONDirect.peek(&p) == UInt8(ascii: "t")
                    try p.skipValue()
                default: throw JSONDirect.Unsure()
                }
            } else if JSONDirect.equals(name, "document_id", p) {
                try first(64)
                switch try JSONDirect.stringOrInteger(&p) {
                case .string(let id): fields.documentID = id
                case .integer(let id): fields.documentID = String(id)
                }
            } else {
                try p.skipValue()
            }
        }
        let entity = type.map { ExportTextDecoder.entity(typeBytes: UnsafeBufferPointer(rebasing: p.bytes[$0]), fields: fields) }
        if let text {
            joiner.add(utf8: UnsafeBufferPointer(rebasing: p.bytes[text]), entity: entity ?? nil)
        } else if let escapedText {
            joiner.add(escapedText, entity: entity ?? nil)
        } else {
            throw JSONDirect.Unsure()
        }
    }
}
