extension BotAPIDecoder {
    /// One Message object, or `.filtered` when `filter` does not keep it. A message that
    /// cannot be read (no text, caption or media; a text that is no string) is its failure
    /// whatever the filter says, as it is without one: there is nothing to filter.
    static func message(_ object: JSONValue, index: Int, line: InputLine?, filter: MessageFilter?) -> DecodedItem {
        let item = message(object, index: index, line: line)
        guard let filter, case .message(let body, _) = item else { return item }
        return filter.matches(FilterSubject(botAPI: object, message: body)) ? item : .filtered
    }
}
