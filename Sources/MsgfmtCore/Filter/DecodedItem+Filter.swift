extension DecodedItem {
    /// This item, or `.filtered` when it is a message `filter` does not keep; the filter
    /// sees only the message's text and entities.
    func kept(by filter: MessageFilter?) -> DecodedItem {
        guard let filter, case .message(let message, _) = self else { return self }
        return filter.matches(FilterSubject(message: message)) ? self : .filtered
    }
}
