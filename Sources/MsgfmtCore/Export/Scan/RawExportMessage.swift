/// The undecoded bytes of one message object, as the scanner cut them out.
public struct RawExportMessage: Sendable {
    /// The message's JSON text.
    public var bytes: [UInt8]
    /// Offset of the first byte in the file.
    public var byteOffset: Int
    /// Position of the message in its chat (0-based).
    public var index: Int
    /// The chat it is in, as far as the export said before its messages (for `chat:`).
    public var chat: ExportChatInfo
    /// Set by a merge of several exports (`--deleted mark`): a later export that covers
    /// the message's date no longer has it. The scanner never sets it.
    public var deleted = false
    /// Set by a merge: which of the merged exports (in the order given) the message was
    /// read from, so its media are found in that export's folder. Nil from the scanner.
    public var source: Int?
    /// Set by `--update` of a site (`SitePageReuse`): where the message lies in its chat.
    public var place: SiteInputPlace?
    /// Set by `--update` of a site: the message is on a page kept from the previous site
    /// and is read again only for what later pages need of it.
    public var replay: SiteReplay?

    /// Set by a merge: the name of the export the message was read from, which a
    /// diagnostic about it names instead of the merge's. Nil from the scanner.
    public var sourceName: String?

    /// A diagnostic about the message, saying what (`text`) and where: its id (`id`, when
    /// it has one), its position `index`, and always its byte offset in its file, since ids
    /// repeat from chat to chat; and the file, in a merge.
    public func diagnostic(_ severity: Diagnostic.Severity, _ text: String, id: Int64?, index: Int) -> Diagnostic {
        var diagnostic = Diagnostic(severity, Diagnostic.Location(messageID: id, messageIndex: index, byteOffset: byteOffset), text)
        diagnostic.source = sourceName
        return diagnostic
    }

    /// Places the diagnostics the shared pipeline gave about the message's body (its
    /// repairs, the links an output refuses), which know only its position, as `diagnostic`
    /// places the export's own: by its id, its byte offset and the file, in a merge; what
    /// they say of an entity stays.
    public func place(_ diagnostics: inout [Diagnostic], id: Int64?) {
        for i in diagnostics.indices where diagnostics[i].location.byteOffset == nil {
            diagnostics[i].location.messageID = id
            diagnostics[i].location.byteOffset = byteOffset
            if diagnostics[i].source == nil { diagnostics[i].source = sourceName }
        }
    }

    /// Creates a raw message.
    public init(bytes: [UInt8], byteOffset: Int, index: Int, chat: ExportChatInfo = ExportChatInfo()) {
        self.bytes = bytes
        self.byteOffset = byteOffset
        self.index = index
        self.chat = chat
    }
}
