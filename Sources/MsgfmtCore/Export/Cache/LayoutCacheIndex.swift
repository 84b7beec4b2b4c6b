#if canImport(Glibc)
    import Glibc
#endif

/// The index of a layout cache file as a run opened it: where it lies, and the high half of
/// each record's key in memory (8 bytes a record); the records themselves are read from
/// the file when a key's half matches, and streamed in order when the next index is made.
struct LayoutCacheIndex {
    /// Where the index starts in the file, and its record count.
    let offset: UInt64
    let count: Int
    /// The stamp of the run that wrote it (0 for a new file).
    let stamp: UInt32
    /// Each record's `key.high`, in index order.
    let highs: [UInt64]

    /// The index of a new file.
    static let empty = LayoutCacheIndex(offset: UInt64(LayoutCacheFile.headerSize), count: 0, stamp: 0, highs: [])

    /// Reads and checks the index of the file `fd` of `size` bytes (its header, footer and
    /// every record: in key order, pointing inside the entries).
    static func read(_ fd: Int32, size: Int) -> Result<LayoutCacheIndex, LayoutCacheDamage> {
        let headerSize = LayoutCacheFile.headerSize
        let footerSize = LayoutCacheFile.footerSize
        guard size >= headerSize + footerSize, let header = PositionalIO.read(fd, at: 0, count: headerSize),
            let footer = PositionalIO.read(fd, at: size - footerSize, count: footerSize)
        else { return .failure(.tooShort) }
        guard Array(header[0..<8]) == LayoutCacheFile.magic, Array(footer[24..<32]) == LayoutCacheFile.magic else {
            return .failure(.notACache)
        }
        var head = CacheByteReader(header, from: 8)
        var foot = CacheByteReader(footer)
        guard head.fixed() == LayoutCacheFile.formatVersion else { return .failure(.otherFormat) }
        guard let offset = foot.fixed(), let count = foot.fixed(), let stamp = foot.fixed(),
            count <= UInt64(LayoutCacheFile.maximumRecords), offset >= UInt64(headerSize),
            offset + count * 32 + UInt64(footerSize) == UInt64(size)
        else { return .failure(.indexDoesNotFit) }
        let index = LayoutCacheIndex(offset: offset, count: Int(count), stamp: UInt32(truncatingIfNeeded: stamp), highs: [])
        var highs: [UInt64] = []
        highs.reserveCapacity(Int(count))
        var last: ContentHash?
        var outOfOrder = false
        let complete = index.forEach(fd) { _, record in
            guard record.offset >= UInt64(headerSize), record.offset + record.size <= offset, last.map({ $0.precedes(record.key) }) ?? true
            else {
                outOfOrder = true
                return false
            }
            last = record.key
            highs.append(record.key.high)
            return true
        }
        guard complete else { return .failure(outOfOrder ? .indexOutOfOrder : .indexUnreadable) }
        return .success(LayoutCacheIndex(offset: offset, count: Int(count), stamp: index.stamp, highs: highs))
    }

    /// Calls `body` with each record in order, read a chunk at a time
    /// (`LayoutCacheRecordReader`); false when a chunk cannot be read or `body` returned
    /// false.
    func forEach(_ fd: Int32, _ body: (Int, LayoutCacheRecord) -> Bool) -> Bool {
        let reader = LayoutCacheRecordReader(fd: fd, offset: offset, count: count)
        var position = 0
        while let record = reader.next() {
            guard body(position, record) else { return false }
            position += 1
        }
        return !reader.failed
    }

    /// The record at `position`, read from the file.
    func record(at position: Int, _ fd: Int32) -> LayoutCacheRecord? {
        guard let bytes = PositionalIO.read(fd, at: Int(offset) + position * 32, count: 32) else { return nil }
        return bytes.withUnsafeBytes { LayoutCacheRecord($0, at: 0) }
    }

    /// Where `key` is, with its record.
    func position(of key: ContentHash, _ fd: Int32) -> (Int, LayoutCacheRecord)? {
        var low = 0
        var high = highs.count
        while low < high {
            let mid = (low + high) / 2
            if highs[mid] < key.high { low = mid + 1 } else { high = mid }
        }
        while low < highs.count, highs[low] == key.high {
            guard let record = record(at: low, fd) else { return nil }
            if record.key == key { return (low, record) }
            low += 1
        }
        return nil
    }
}
