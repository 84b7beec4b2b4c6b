/// What the transcript writers into one output stream (text, ANSI, JSON Lines, Markdown)
/// share: their options, the stream, and the state kept from message to message.
/// Subclasses write chats and messages; the rest is here.
public class StreamTranscriptWriter {
    let options: ExportOptions
    let sink: OutputSink
    var state: TranscriptState

    /// Creates a writer into `sink`.
    public init(options: ExportOptions, sink: OutputSink) {
        self.options = options
        self.sink = sink
        self.state = TranscriptState(options: options)
    }

    /// True once output could not be written.
    public var failed: Bool { sink.failed }

    /// The exporting account's `from_id` became known: its messages are outgoing.
    public func setOwner(_ fromID: String) {
        state.setOwner(fromID)
    }

    /// The current chat ended (nothing to add by default).
    public func endChat(_ chat: ExportChatInfo) {}

    /// A message of the current chat that is not written: one that could not be read is
    /// counted for the chat's notice when it shows no message (`EmptyChatNotice`).
    public func pass(over place: SiteInputPlace?, unreadable: Bool) {
        if unreadable { state.countUnreadable() }
    }

    /// Everything was written: flush.
    public func finish() {
        sink.flush()
    }
}
