/// Reads Bot API JSON: a Message object (`text`+`entities` or `caption`+`caption_entities`),
/// an array of them, an Update, or a `getUpdates` response.
enum BotAPIDecoder {
    /// The keys of an Update that carry a message.
    static let updateKeys = [
        "message", "edited_message", "channel_post", "edited_channel_post", "business_message",
        "edited_business_message",
    ]

    /// The messages in `value`; `line` is the JSON Lines line number, if any. Messages
    /// `filter` does not keep are `.filtered`.
    static func items(from value: JSONValue, line: Int?, nextIndex: inout Int, filter: MessageFilter? = nil) -> [DecodedItem] {
        var result: [DecodedItem] = []
        var pending: [JSONValue] = [value]
        while let current = pending.popLast() {
            switch current {
            case .array(let elements):
                pending.append(contentsOf: elements.reversed())
            case .object:
                if let ok = current["ok"], current["result"] != nil || ok == .bool(false) {
                    if ok == .bool(false) {
                        let text = current["description"]?.stringValue ?? "no description"
                        result.append(.failure(Diagnostic(.error, .init(line: line), "the Bot API response is not ok: \(text)")))
                        nextIndex += 1
                    } else if let inner = current["result"] {
                        pending.append(inner)
                    }
                } else if current["update_id"] != nil, current["text"] == nil {
                    if let key = updateKeys.first(where: { current[$0] != nil }), let inner = current[key] {
                        pending.append(inner)
                    }
                } else {
                    result.append(message(current, index: nextIndex, line: line, filter: filter))
                    nextIndex += 1
                }
            default:
                let location = Diagnostic.Location(messageIndex: nextIndex, line: line)
                result.append(.failure(Diagnostic(.error, location, "expected a message object, not \(current.typeName)")))
                nextIndex += 1
            }
        }
        return result
    }

    /// One Message object.
    static func message(_ object: JSONValue, index: Int, line: Int?) -> DecodedItem {
        let idValue = object["message_id"] ?? object["id"]
        let id = idValue?.int64Value
        var location = Diagnostic.Location(messageID: id, messageIndex: index, line: line)
        var diagnostics: [Diagnostic] = []
        if let idValue, id == nil {
            diagnostics.append(Diagnostic(.warning, location, "\"message_id\" must be an integer, not \(idValue.typeName); ignored"))
            location.messageID = nil
        }
        let textKey = object["text"] != nil ? "text" : object["caption"] != nil ? "caption" : nil
        guard let textKey, let textValue = object[textKey] else {
            return .failure(Diagnostic(.error, location, "message has no \"text\" or \"caption\""))
        }
        guard let text = textValue.stringValue else {
            return .failure(Diagnostic(.error, location, "\"\(textKey)\" must be a string, not \(textValue.typeName)"))
        }
        let entitiesKey = textKey == "text" ? "entities" : "caption_entities"
        var entities: [MessageEntity] = []
        if let value = object[entitiesKey] {
            let (read, problems) = BotAPIEntityReader.read(value, at: location)
            entities = read
            diagnostics += problems
        }
        return .message(Message(id: id, text: text, entities: entities), diagnostics: diagnostics)
    }
}
