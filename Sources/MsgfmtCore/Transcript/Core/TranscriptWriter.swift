/// Writes a transcript in one format, in two steps: `prepare` does the work that depends
/// on one message alone and runs on worker threads, many messages at a time and in any
/// order; everything else is called on one thread, in message order, and `write` receives
/// each message with the piece `prepare` made of it.
public protocol TranscriptWriter: AnyObject, TranscriptWriterMetatype {
    /// What the prepare step makes of one message for `write`.
    associatedtype Piece: Sendable
    /// The prepare step: the part of `message`'s output that depends on it alone (called
    /// on worker threads).
    static func prepare(_ message: TranscriptMessage, options: ExportOptions) -> Piece
    /// The exporting account's `from_id` became known: its messages are outgoing.
    func setOwner(_ fromID: String)
    /// A selected chat begins.
    func beginChat(_ chat: ExportChatInfo)
    /// One message of the current chat (already filtered), with its piece.
    func write(_ message: TranscriptMessage, piece: Piece)
    /// The current chat ended; `chat` may hold fields written after the messages.
    func endChat(_ chat: ExportChatInfo)
    /// Everything was written: finish indexes and flush.
    func finish()
    /// True once output could not be written.
    var failed: Bool { get }
    /// A batch was written: output composed but not yet drawn may be drawn now, on worker
    /// threads, and written in order.
    func drainOutput()
    /// `--update` of an HTML site (`SitePageReuse`): the next page of the current chat is
    /// kept from the previous site.
    func keep(_ page: SiteKeptPage)
    /// `--update` of an HTML site: how many of the check's pages, from the first, can be
    /// kept after what was written so far.
    func keepable(_ check: SiteKeepCheck) -> SiteKeepCheck.Answer
    /// `--update` of an HTML site: a search block of the current chat is kept.
    func keepSearchBlock(index: Int, count: Int, scalars: String)
    /// `--update` of an HTML site: a message of a kept page, read again for its preview or
    /// search record.
    func replay(_ message: SiteReplayed)
    /// An input message of the current chat that is not written: left out by a filter, or
    /// `unreadable` (reported as an error); with where it lies when `--update` keeps page
    /// records.
    func pass(over place: SiteInputPlace?, unreadable: Bool)
}

extension TranscriptWriter {
    /// Nothing is held back by default.
    public func drainOutput() {}
    /// Only the HTML site keeps pages; `SitePageReuse` sends these to nothing else.
    public func keep(_ page: SiteKeptPage) {}
    public func keepable(_ check: SiteKeepCheck) -> SiteKeepCheck.Answer { .init(pages: 0, before: check.before) }
    public func keepSearchBlock(index: Int, count: Int, scalars: String) {}
    public func replay(_ message: SiteReplayed) {}
    public func pass(over place: SiteInputPlace?, unreadable: Bool) {}
}

extension TranscriptWriter {
    /// Whether the layout cache can keep this writer's pieces (`CachedPiece`).
    public var cachesPieces: Bool { Piece.self is any CachedPiece.Type }
}

extension TranscriptWriter where Piece == Void {
    /// No work ahead of `write` by default.
    public static func prepare(_ message: TranscriptMessage, options: ExportOptions) {}
}

#if compiler(>=6.2)
    /// What a transcript writer's type is, since worker threads call its prepare step: usable
    /// from any thread (compilers before Swift 6.2 do not check this).
    public typealias TranscriptWriterMetatype = SendableMetatype
#else
    /// What a transcript writer's type is (checked from Swift 6.2 on: usable from any thread).
    public typealias TranscriptWriterMetatype = Any
#endif
