/// One difference between two exports: a message added, deleted or edited.
public struct ArchiveChange: Sendable, Hashable {
    /// What happened to the message.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Only in the new export.
        case added
        /// In the old export and missing from the new one, although the new one covers
        /// its chat and its date.
        case deleted
        /// In both, with different content.
        case edited
    }

    /// What happened.
    public var kind: Kind
    /// The message id.
    public var id: Int64
    /// The message in the old export (deleted, edited).
    public var old: ArchiveEntry?
    /// The message in the new export (added, edited).
    public var new: ArchiveEntry?

    /// Creates a change.
    public init(kind: Kind, id: Int64, old: ArchiveEntry?, new: ArchiveEntry?) {
        self.kind = kind
        self.id = id
        self.old = old
        self.new = new
    }

    /// The date changes are ordered by: the new message's, else the old one's.
    public var date: Int64 { new?.date ?? old?.date ?? 0 }
}
