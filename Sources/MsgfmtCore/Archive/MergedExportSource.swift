/// The events of a merged transcript, as if one export held them: the owner, then each
/// planned chat's start, messages and end. Each message's bytes are read again from the
/// export whose version won, by their place in the file, when its turn comes, so memory
/// holds the plan and one batch of messages.
public struct MergedExportSource: ExportEventSource {
    private let files: [ExportMessageFile]
    private let merge: ArchiveMerge
    private var chat = 0
    private var message = -1
    private var ownerSent = false
    /// Bytes of messages read again so far.
    public private(set) var bytesRead = 0
    /// Bytes of every planned message: where `bytesRead` ends.
    public let totalBytes: Int
    /// Messages of the planned chats that no export could read (`ArchiveMerge.unreadable`):
    /// no event stands for them.
    public var unreadable: Int { merge.unreadable }

    /// Creates the events of `merge` over `files` (opened as the plan's sources are numbered).
    public init(files: [ExportMessageFile], merge: ArchiveMerge) {
        self.files = files
        self.merge = merge
        totalBytes = merge.chats.reduce(0) { $0 + $1.entries.reduce(0) { $0 + Int($1.entry.length) } }
    }

    /// The next event; throws when a message can no longer be read where it was found.
    public mutating func next() throws(ExportReadError) -> ExportEvent? {
        if !ownerSent {
            ownerSent = true
            if let owner = merge.owner, owner.hasPrefix("user"), let id = Int64(owner.dropFirst(4)) {
                return .personalInformation(.object([("user_id", .number(String(id)))]))
            }
        }
        guard chat < merge.chats.count else { return nil }
        let current = merge.chats[chat]
        if message < 0 {
            message = 0
            return .chatStart(current.info)
        }
        guard message < current.entries.count else {
            chat += 1
            message = -1
            return .chatEnd(current.info)
        }
        let planned = current.entries[message]
        let file = files[planned.source]
        guard var raw = file.message(at: planned.entry) else {
            throw .unreadable(path: file.name, reason: "it changed while msgfmt was reading it")
        }
        raw.index = message
        raw.chat = current.info
        raw.deleted = planned.deleted
        raw.source = planned.source
        raw.sourceName = file.name
        bytesRead += raw.bytes.count
        message += 1
        return .message(raw)
    }
}
