/// One entry of a layout cache file's index: the message's key, where its entry lies and
/// the run that last used it. Stored as 32 little-endian bytes.
struct LayoutCacheRecord: Sendable {
    /// The bytes a record takes in the file.
    static let size = 32

    /// `LayoutCache.key`.
    var key: ContentHash
    /// Offset of the entry in the file: its checksum (`LayoutCacheFile.checkSize` bytes),
    /// then its `length` bytes.
    var offset: UInt64
    var length: UInt32
    /// The run that made or last used the entry (`LayoutCacheFile.stamp`): least recently
    /// used entries are dropped first when the cache is full.
    var stamp: UInt32

    /// The bytes the entry takes in the file, with its checksum.
    var size: UInt64 { UInt64(LayoutCacheFile.checkSize) + UInt64(length) }

    /// Whether the key orders before `other`'s (the index is sorted by key).
    func precedes(_ other: LayoutCacheRecord) -> Bool {
        key.precedes(other.key)
    }

    /// Appends the record's 32 bytes.
    func encode(into out: inout CacheByteWriter) {
        out.fixed(key.high)
        out.fixed(key.low)
        out.fixed(offset)
        out.fixed(UInt64(length) | UInt64(stamp) << 32)
    }

    /// The record at `start` of `bytes` (32 bytes must be there).
    init(_ bytes: UnsafeRawBufferPointer, at start: Int) {
        func word(_ i: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start + 8 * i, as: UInt64.self)) }
        key = ContentHash(high: word(0), low: word(1))
        offset = word(2)
        let last = word(3)
        length = UInt32(truncatingIfNeeded: last)
        stamp = UInt32(truncatingIfNeeded: last >> 32)
    }

    /// The `count` records stored from `offset` of `fd`, read in one go; nil when they
    /// cannot be read.
    static func read(_ fd: Int32, at offset: Int, count: Int) -> [LayoutCacheRecord]? {
        guard count > 0 else { return [] }
        guard let bytes = PositionalIO.read(fd, at: offset, count: count * size) else { return nil }
        return bytes.withUnsafeBytes { raw in (0..<count).map { LayoutCacheRecord(raw, at: $0 * size) } }
    }

    init(key: ContentHash, offset: UInt64, length: UInt32, stamp: UInt32) {
        self.key = key
        self.offset = offset
        self.length = length
        self.stamp = stamp
    }
}

extension ContentHash {
    /// Whether the hash orders before `other` (high half first): the layout cache's index order.
    func precedes(_ other: ContentHash) -> Bool {
        (high, low) < (other.high, other.low)
    }
}
