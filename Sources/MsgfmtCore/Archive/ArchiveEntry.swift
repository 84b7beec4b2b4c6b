/// One message in an `ArchiveIndex`: its id, date and content hash, and where its bytes
/// are in the file, so the few messages a comparison shows can be read again. 48 bytes,
/// whatever the message's size.
public struct ArchiveEntry: Sendable, Hashable {
    /// The message id.
    public var id: Int64
    /// Unix time of sending (0 when the message could not be decoded).
    public var date: Int64
    /// The hash of its content (zero when the message could not be decoded).
    public var hash: ContentHash
    /// Offset of the message's first byte in the file.
    public var offset: Int
    /// Length of the message object in bytes.
    public var length: UInt32
    /// True when the message's id was found but the message could not be decoded: its
    /// content is unknown, so it cannot be compared.
    public var failed: Bool

    /// Creates an entry.
    public init(id: Int64, date: Int64, hash: ContentHash, offset: Int, length: Int, failed: Bool = false) {
        self.id = id
        self.date = date
        self.hash = hash
        self.offset = offset
        self.length = UInt32(clamping: length)
        self.failed = failed
    }
}
