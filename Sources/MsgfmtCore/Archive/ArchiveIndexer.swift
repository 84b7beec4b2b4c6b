/// Builds an `ArchiveIndex` by streaming an export once: each message is cut out by the
/// export scanner, decoded, hashed and dropped, so memory holds the index and one message.
public struct ArchiveIndexer: Sendable {
    /// The zone legacy `date` strings are read in.
    public var clock: ExportClock
    /// What the hashes cover.
    public var scope: ContentHash.Scope
    /// Reads only each message's id and times from its bytes when it can (see
    /// `QuickMessageFields`), without decoding it: the hash is then of the message's bytes
    /// (`MessageBytesHash`), not its content. Enough for a merge, which tells versions
    /// apart by export, not by hash; a message whose fields cannot be read so is decoded
    /// as usual.
    public var bytesOnly = false
    /// The index is for a merge, not a diff. It then keeps what was read of a file that
    /// breaks off (cut short, or its structure broken after some messages): the break is
    /// reported as an error where it is, and the index holds the messages before it, as
    /// `msgfmt export` of that file writes them; a newer export cut short reaches only as
    /// far as it was read, so nothing after that is taken for deleted. (A diff refuses
    /// such a file: every message after the break would show as deleted.) And a message
    /// whose id comes again in its chat is said to be left out, not left uncompared.
    public var forMerge = false

    /// Creates an indexer.
    public init(clock: ExportClock, scope: ContentHash.Scope = .content) {
        self.clock = clock
        self.scope = scope
    }

    /// Indexes everything `source` holds. A message that cannot be decoded is reported
    /// (located by id, else by byte offset, as `msgfmt export` reports it) and kept as a
    /// failed entry when its id is known; an id repeated within a chat is reported as a
    /// warning and its first occurrence kept. Throws when the file as a whole is
    /// unreadable, truncated or not an export.
    public func index(_ source: ExportByteSource, report: (Diagnostic) -> Void) throws(ExportReadError) -> ArchiveIndex {
        var index = ArchiveIndex(source: source.name)
        var scanner = ExportScanner(source: source)
        var position: Int?
        do {
            while let event = try scanner.next() { read(event, into: &index, position: &position, report: report) }
        } catch {
            let offset: Int
            switch error {
            case .truncated(let at), .malformed(let at, _): offset = at
            case .unreadable, .notAnExport: throw error
            }
            guard forMerge, index.messages > 0 else { throw error }
            report(Diagnostic(.error, Diagnostic.Location(byteOffset: offset), error.message))
        }
        for (chatPosition, ids) in index.finish() {
            let name = index.chats[chatPosition].info.displayName
            for id in ids {
                report(
                    Diagnostic(
                        .warning, Diagnostic.Location(messageID: id),
                        "message id \(id) appears more than once in chat \(name); "
                            + (forMerge ? "the first is kept, the others are left out" : "the first is compared")))
            }
        }
        return index
    }

    /// Takes one event of the scan into `index`; `position` is the open chat's.
    private func read(_ event: ExportEvent, into index: inout ArchiveIndex, position: inout Int?, report: (Diagnostic) -> Void) {
        switch event {
        case .personalInformation(let info):
            if index.owner == nil, let id = info["user_id"]?.int64Value { index.owner = "user\(id)" }
        case .chatStart(let chat):
            position = index.chatPosition(for: chat)
        case .chatEnd(let chat):
            if let position { index.update(chat, at: position) }
            position = nil
        case .keptPage, .keptSearchBlock, .keepCheck:
            break  // only `SitePageReuse` makes these; the scanner never does
        case .message(let raw):
            let chat = position ?? index.chatPosition(for: ExportChatInfo())
            index.messages += 1
            let (entry, failed, latest) = self.entry(for: raw, report: report)
            if failed { index.failed += 1 }
            index.asOf = max(index.asOf, latest)
            if let entry {
                index.add(entry, toChatAt: chat)
            } else {
                index.addUnidentified(toChatAt: chat)
            }
        }
    }

    /// The entry of one message (nil when it cannot be identified), whether it failed to
    /// decode, and its latest time (date or last edit; 0 when it failed).
    func entry(for raw: RawExportMessage, report: (Diagnostic) -> Void) -> (ArchiveEntry?, failed: Bool, latest: Int64) {
        if bytesOnly, let quick = QuickMessageFields.read(raw.bytes) {
            let entry = ArchiveEntry(
                id: quick.id, date: quick.date, hash: ContentHash(high: 0, low: MessageBytesHash.of(raw.bytes)),
                offset: raw.byteOffset,
                length: raw.bytes.count)
            return (entry, false, max(quick.date, quick.edited ?? 0))
        }
        switch ExportMessageDecoder.decode(raw, clock: clock) {
        case .success(let message):
            // What the decoder left out or repaired (a byte that is not UTF-8 read as
            // U+FFFD) is said as `msgfmt export` says it; a merge says it when it renders.
            if !forMerge {
                for problem in message.problems {
                    report(raw.diagnostic(problem.severity, problem.error.message, id: message.id, index: raw.index))
                }
            }
            let entry = ArchiveEntry(
                id: message.id, date: message.date, hash: ContentHash.of(message, scope: scope),
                offset: raw.byteOffset, length: raw.bytes.count)
            return (entry, false, max(message.date, message.edited ?? 0))
        case .failure(let failure):
            report(raw.diagnostic(.error, failure.error.message, id: failure.id, index: raw.index))
            guard let id = failure.id else { return (nil, true, 0) }
            let entry = ArchiveEntry(
                id: id, date: 0, hash: ContentHash(high: 0, low: 0), offset: raw.byteOffset,
                length: raw.bytes.count, failed: true)
            return (entry, true, 0)
        }
    }
}

extension ArchiveIndexer {
    /// True when the merge's quick read of a message's `bytes` (`QuickMessageFields`)
    /// declines them or gives the id and times the decoder gives; bytes the decoder refuses
    /// are not compared (the merge then fails the message when it reads it back). For tests
    /// and fuzz targets (`@_spi(Testing) import MsgfmtCore`).
    @_spi(Testing)
    public static func quickFieldsAgree(_ bytes: [UInt8], clock: ExportClock) -> Bool {
        guard let quick = QuickMessageFields.read(bytes),
            case .success(let message) = ExportMessageDecoder.decode(RawExportMessage(bytes: bytes, byteOffset: 0, index: 0), clock: clock)
        else { return true }
        return quick.id == message.id && quick.date == message.date && quick.edited == message.edited
    }
}
