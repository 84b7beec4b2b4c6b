/// The messages of one chat in an `ArchiveIndex`, sorted by id once the file is read, and
/// the time range they cover.
public struct ArchiveChat: Sendable {
    /// The chat's key.
    public var key: ChatKey
    /// What the export says about the chat.
    public var info: ExportChatInfo
    /// The messages, in file order while indexing and by id after `finish()`.
    public private(set) var entries: [ArchiveEntry] = []
    /// The earliest and latest date of a decodable message, nil when there is none.
    public private(set) var firstDate: Int64?
    public private(set) var lastDate: Int64?
    /// Messages that could not be decoded and whose id could not be found either.
    public private(set) var unidentified = 0

    /// Creates an empty chat.
    public init(key: ChatKey, info: ExportChatInfo) {
        self.key = key
        self.info = info
    }

    /// Adds a message (in file order).
    public mutating func add(_ entry: ArchiveEntry) {
        entries.append(entry)
        guard !entry.failed else { return }
        firstDate = min(firstDate ?? entry.date, entry.date)
        lastDate = max(lastDate ?? entry.date, entry.date)
    }

    /// Counts a message that could not be decoded or identified.
    public mutating func addUnidentified() {
        unidentified += 1
    }

    /// Sorts the messages by id, keeps the first (in file order) of each id, and returns
    /// the ids that appeared more than once.
    public mutating func finish() -> [Int64] {
        entries.sort { ($0.id, $0.offset) < ($1.id, $1.offset) }
        var repeated: [Int64] = []
        var kept = 0
        for i in entries.indices {
            if kept > 0, entries[kept - 1].id == entries[i].id {
                if repeated.last != entries[i].id { repeated.append(entries[i].id) }
                continue
            }
            entries[kept] = entries[i]
            kept += 1
        }
        entries.removeLast(entries.count - kept)
        return repeated
    }

    /// Whether the chat's messages span `date`: a message missing from this export but
    /// sent within its range was deleted; outside it, the export simply does not reach.
    public func covers(_ date: Int64) -> Bool {
        guard let firstDate, let lastDate else { return false }
        return firstDate <= date && date <= lastDate
    }

    /// The message with `id` (after `finish()`), if present.
    public func entry(id: Int64) -> ArchiveEntry? {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].id < id { low = mid + 1 } else { high = mid }
        }
        return low < entries.count && entries[low].id == id ? entries[low] : nil
    }
}
