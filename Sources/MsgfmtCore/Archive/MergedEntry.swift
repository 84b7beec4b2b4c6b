/// One message of a merged transcript: the export whose version of it wins, where that
/// version's bytes are, and whether a later export deleted the message.
public struct MergedEntry: Sendable, Hashable {
    /// Position of the winning export among the merged files (as given).
    public var source: Int
    /// The winning version's index entry (id, date, hash, place in the file).
    public var entry: ArchiveEntry
    /// True when an export that covers the message's date lacks it.
    public var deleted: Bool

    /// Creates an entry.
    public init(source: Int, entry: ArchiveEntry, deleted: Bool) {
        self.source = source
        self.entry = entry
        self.deleted = deleted
    }
}
