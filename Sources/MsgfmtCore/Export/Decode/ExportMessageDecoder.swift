/// Decodes one message object cut out by `ExportScanner`.
public enum ExportMessageDecoder {
    /// A message that could not be decoded, with its id when it could be found.
    public struct Failure: Error, Sendable {
        public var id: Int64?
        public var error: ExportDecodeError
    }

    /// How a message's JSON is parsed, by the tree path and the direct reader alike:
    /// `\xHH` escapes allowed, at most 64 levels of nesting.
    static let parserOptions: JSONParser.Options = {
        var options = JSONParser.Options()
        options.allowHexEscapes = true
        options.maxDepth = 64
        return options
    }()

    /// The decoded message; legacy `date` strings are read in `clock`'s zone.
    public static func decode(_ raw: RawExportMessage, clock: ExportClock) -> Result<ExportMessage, Failure> {
        // The everyday message is read without a tree; the rest, and every error, below.
        if let message = ExportMessageReader.message(raw.bytes) { return .success(message) }
        return decodeThroughTree(raw, clock: clock)
    }

    /// The message through a JSON tree: what `decode` gives for anything the direct reader
    /// declines.
    static func decodeThroughTree(_ raw: RawExportMessage, clock: ExportClock) -> Result<ExportMessage, Failure> {
        let options = parserOptions
        var value: JSONValue
        var deferredText: UInt8?
        do {
            // A message's `text` repeats its `text_entities`, which is what is read when
            // both are there: the `text` is only checked. Service messages (whose action
            // may read it) and messages without `text_entities` are parsed whole.
            var deferring = options
            deferring.deferredMember = "text"
            let parsed = try JSONParser.parseDeferring(raw.bytes[...], options: deferring)
            value = parsed.value
            let whole: Bool
            switch parsed.deferred {
            case .missing: whole = false
            case .at(let range):
                whole = value["text_entities"] == nil || value["type"]?.stringValue == "service"
                deferredText = range.isEmpty ? nil : raw.bytes[range.lowerBound]
            case .repeated: whole = true
            }
            if whole {
                value = try JSONParser.parse(raw.bytes, options: options)
                deferredText = nil
            }
        } catch {
            if let repaired = decodeReadingBadBytes(raw, clock: clock, error: error) { return .success(repaired) }
            return .failure(Failure(id: sniffID(raw.bytes), error: .syntax(error)))
        }
        let id = value["id"]?.int64Value
        do {
            var message = try decode(value, clock: clock)
            if let first = deferredText, let problem = deferredTextProblem(first: first) { message.problems.append(problem) }
            return .success(message)
        } catch {
            return .failure(Failure(id: id, error: error))
        }
    }

    /// The message when the only thing wrong with its JSON is `error`, a byte that is not
    /// UTF-8 (a name cut in the middle of a character): every such byte read as U+FFFD and
    /// said in a warning at the first one, the rest of the message kept. Nil otherwise.
    private static func decodeReadingBadBytes(_ raw: RawExportMessage, clock: ExportClock, error: JSONParseError) -> ExportMessage? {
        guard error.reason.contains("UTF-8") else { return nil }
        var readable = raw
        readable.bytes = UTF8Validation.repaired(raw.bytes)
        guard readable.bytes != raw.bytes, case .success(var message) = decodeThroughTree(readable, clock: clock) else { return nil }
        var said = error
        said.reason += "; read as U+FFFD"
        message.problems.insert(ExportFieldProblem(.warning, .syntax(said)), at: 0)
        return message
    }

    /// The message of a parsed object.
    public static func decode(_ value: JSONValue, clock: ExportClock) throws(ExportDecodeError) -> ExportMessage {
        guard case .object = value else { throw .notAnObject(found: value.typeName) }
        guard let idValue = value["id"] else { throw .missing(field: "id") }
        guard let id = idValue.int64Value else {
            throw .wrongType(field: "id", expected: "an integer", found: idValue.typeName)
        }
        let type = value["type"]?.stringValue ?? "message"
        let date = try self.date(value, unixKey: "date_unixtime", localKey: "date", clock: clock, required: true) ?? 0
        let edited = try self.date(value, unixKey: "edited_unixtime", localKey: "edited", clock: clock, required: false)
        var message = ExportMessage(type: type, id: id, date: date, edited: edited, body: try ExportTextDecoder.decode(value, id: id))
        if type == "service" {
            message.from = value["actor"]?.stringValue
            message.fromID = value["actor_id"]?.stringValue
            message.action = ExportAction(name: value["action"]?.stringValue ?? "unknown", fields: value)
        } else {
            message.from = value["from"]?.stringValue
            message.fromID = value["from_id"]?.stringValue
        }
        message.author = value["author"]?.stringValue
        if let forwarded = value["forwarded_from"] {
            message.forwarded = true
            message.forwardedFrom = forwarded.stringValue
        }
        message.replyTo = value["reply_to_message_id"]?.int64Value
        message.viaBot = value["via_bot"]?.stringValue
        message.media = ExportMediaDecoder.media(of: value)
        message.file = ExportMediaDecoder.file(of: value)
        message.groupedID = value["grouped_id"]?.int64Value
        if type == "unsupported", message.media == nil {
            message.media = ExportMedia(kind: "unsupported", title: "Unsupported message")
        }
        message.reactions = reactions(value["reactions"])
        message.problems = fieldProblems(value)
        return message
    }

    private static func date(
        _ value: JSONValue, unixKey: String, localKey: String, clock: ExportClock, required: Bool
    ) throws(ExportDecodeError) -> Int64? {
        if let unix = value[unixKey] {
            if let n = unix.stringValue.flatMap({ Int64($0) }) ?? unix.int64Value { return n }
            throw .wrongType(field: unixKey, expected: "a string of digits", found: unix.stringValue.map { "\"\($0)\"" } ?? unix.typeName)
        }
        if let local = value[localKey] {
            if let s = local.stringValue, let n = clock.unix(ofLocalDate: s) { return n }
            throw .wrongType(
                field: localKey, expected: "a date like 2024-01-31T10:00:00", found: local.stringValue.map { "\"\($0)\"" } ?? local.typeName
            )
        }
        if required { throw .missing(field: "date_unixtime") }
        return nil
    }

    private static func reactions(_ value: JSONValue?) -> [ExportReaction] {
        guard let items = value?.arrayValue else { return [] }
        return items.compactMap { item in
            reaction(type: item["type"]?.stringValue, count: item["count"]?.int64Value, emoji: item["emoji"]?.stringValue)
        }
    }

    /// The reaction of a `reactions` item with these members (each nil when missing or not
    /// of its type): one reacted when no count is given; nil for an emoji reaction without
    /// its emoji. The direct reader makes its reactions here too.
    static func reaction(type: String?, count: Int64?, emoji: String?) -> ExportReaction? {
        let count = Int(clamping: count ?? 1)
        switch type {
        case "custom_emoji": return ExportReaction(emoji: "custom emoji", count: count)
        case "paid": return ExportReaction(emoji: "⭐", count: count)
        default:
            guard let emoji else { return nil }
            return ExportReaction(emoji: emoji, count: count)
        }
    }

    /// The `"id": N` of a message whose JSON is broken, found by a plain byte search.
    static func sniffID(_ bytes: [UInt8]) -> Int64? {
        let key = Array("\"id\"".utf8)
        guard bytes.count > key.count else { return nil }
        var i = 0
        while i + key.count < bytes.count {
            if bytes[i] == key[0], Array(bytes[i..<(i + key.count)]) == key {
                var j = i + key.count
                while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x0A || bytes[j] == 0x09 || bytes[j] == 0x0D { j += 1 }
                guard j < bytes.count, bytes[j] == UInt8(ascii: ":") else { i += 1; continue }
                j += 1
                while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x0A || bytes[j] == 0x09 || bytes[j] == 0x0D { j += 1 }
                var k = j
                if k < bytes.count, bytes[k] == UInt8(ascii: "-") { k += 1 }
                while k < bytes.count, bytes[k] >= 0x30, bytes[k] <= 0x39, k - j < 20 { k += 1 }
                return Int64(String(decoding: bytes[j..<k], as: UTF8.self))
            }
            i += 1
        }
        return nil
    }
}

extension ExportMessageDecoder {
    /// Whether reading `bytes` without a JSON tree (`ExportMessageReader`) gives what the
    /// tree path gives: it may decline a message, never differ. For tests and fuzz targets
    /// (`@_spi(Testing) import MsgfmtCore`).
    @_spi(Testing)
    public static func directReadingAgrees(_ bytes: [UInt8], clock: ExportClock) -> Bool {
        guard let message = ExportMessageReader.message(bytes) else { return true }
        let raw = RawExportMessage(bytes: bytes, byteOffset: 0, index: 0)
        guard case .success(let expected) = decodeThroughTree(raw, clock: clock) else { return false }
        return message == expected
    }
}
