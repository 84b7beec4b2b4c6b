/// Writes the changes of a comparison in one format: called on one thread, chat by chat,
/// change by change in date order.
protocol DiffWriter: AnyObject {
    /// What the writer's transcript writer prepares of a message before writing it.
    associatedtype Piece: Sendable
    /// Makes a message's piece: on any thread, for the lanes that lay changes out.
    var pieceMaker: @Sendable (TranscriptMessage) -> Piece { get }
    /// The comparison of `old` with `new` begins; `stats` are its final counts.
    func begin(old: String, new: String, stats: DiffStats)
    /// The changes of a chat follow.
    func beginChat(_ chat: ExportChatInfo)
    /// One change: the message before (deleted, edited) and after (added, edited).
    func write(_ change: ArchiveChange, chat: ExportChatInfo, before: DiffVersion<Piece>?, after: DiffVersion<Piece>?)
    /// Everything was written.
    func finish()
}
