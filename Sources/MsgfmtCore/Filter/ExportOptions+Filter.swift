extension ExportOptions {
    /// Whether `--since`, `--until` and `--filter` keep `message` of `chat`.
    public func keeps(_ message: ExportMessage, in chat: ExportChatInfo) -> Bool {
        guard keeps(message.date) else { return false }
        guard let filter else { return true }
        return filter.matches(FilterSubject(message, chat: chat))
    }
}
