/// Writes a transcript in one format. Called on one thread, in message order.
public protocol TranscriptWriter: AnyObject {
    /// The exporting account's `from_id` became known: its messages are outgoing.
    func setOwner(_ fromID: String)
    /// A selected chat begins.
    func beginChat(_ chat: ExportChatInfo)
    /// One message of the current chat (already filtered).
    func write(_ message: TranscriptMessage)
    /// The current chat ended; `chat` may hold fields written after the messages.
    func endChat(_ chat: ExportChatInfo)
    /// Everything was written: finish indexes and flush.
    func finish()
    /// True once output could not be written.
    var failed: Bool { get }
    /// A batch was written: output composed but not yet drawn may be drawn now, on worker
    /// threads, and written in order.
    func drainOutput()
}

extension TranscriptWriter {
    /// Nothing is held back by default.
    public func drainOutput() {}
}
