extension BotAPIDecoder {
    /// One Message object, or `.filtered` when `filter` does not keep it. A message the
    /// filter leaves out is never reported, even one with no text to decode.
    static func message(_ object: JSONValue, index: Int, line: Int?, filter: MessageFilter?) -> DecodedItem {
        let item = message(object, index: index, line: line)
        guard let filter else { return item }
        let body: Message
        if case .message(let decoded, _) = item {
            body = decoded
        } else {
            body = Message(id: (object["message_id"] ?? object["id"])?.int64Value, text: "")
        }
        return filter.matches(FilterSubject(botAPI: object, message: body)) ? item : .filtered
    }
}
