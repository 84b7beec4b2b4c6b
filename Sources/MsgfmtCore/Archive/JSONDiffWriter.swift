/// `msgfmt diff --to json`: JSON Lines, one object per change:
/// `{"change":"added|deleted|edited","chat_id":…,"id":…,"before":…,"after":…}`, where
/// `before` and `after` are the message objects `msgfmt export --to json` writes (layout
/// boxes included), or null.
final class JSONDiffWriter: DiffWriter {
    private let transcript: ExportOptions
    private let sink: OutputSink
    private let owner: String?
    private let scratch = OutputSink.memory(capacity: 1 << 12)

    /// Creates a writer into `sink`.
    init(transcript: ExportOptions, sink: OutputSink, owner: String?) {
        self.transcript = transcript
        self.sink = sink
        self.owner = owner
    }

    /// The transcript writer's piece of a message: `JSONLinesTranscriptWriter.prepare`.
    var pieceMaker: @Sendable (TranscriptMessage) -> [UInt8] {
        { [transcript] in JSONLinesTranscriptWriter.prepare($0, options: transcript) }
    }

    func begin(old: String, new: String, stats: DiffStats) {}

    func beginChat(_ chat: ExportChatInfo) {}

    func write(_ change: ArchiveChange, chat: ExportChatInfo, before: DiffVersion<[UInt8]>?, after: DiffVersion<[UInt8]>?) {
        var w = JSONWriter()
        w.raw("{")
        w.key("change"); w.string(change.kind.rawValue)
        w.comma(); w.key("chat_id")
        if let id = chat.id { w.number(id) } else { w.null() }
        w.comma(); w.key("id"); w.number(change.id)
        w.comma(); w.key("before")
        sink.write(w.bytes)
        sink.write(object(before, chat: chat))
        sink.write(",\"after\":")
        sink.write(object(after, chat: chat))
        sink.write("}\n")
    }

    func finish() {
        sink.flush()
    }

    /// The message's line as the export's JSON Lines writer writes it, without its
    /// newline; `null` for no message.
    private func object(_ version: DiffVersion<[UInt8]>?, chat: ExportChatInfo) -> [UInt8] {
        guard let version else { return Array("null".utf8) }
        let prepared = version.shown
        let writer = JSONLinesTranscriptWriter(options: transcript, sink: scratch)
        if let owner { writer.setOwner(owner) }
        writer.beginChat(chat)
        writer.write(prepared, piece: version.piece)
        var bytes = scratch.takeBytes()
        if bytes.last == 0x0A { bytes.removeLast() }
        return bytes
    }
}
