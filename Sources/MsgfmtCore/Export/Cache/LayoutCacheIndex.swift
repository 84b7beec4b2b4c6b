#if canImport(Glibc)
    import Glibc
#endif

/// The index of a layout cache file as a run opened it: where it lies, and in memory the
/// high half of each record's key and where its entry lies (16 bytes a record); an entry
/// begins with its key's low half, which the lookup checks (`LayoutCacheFile.entry(for:)`),
/// so a lookup reads nothing but the entry. An index of more than `residentLimit` records
/// keeps only every `fenceSpacing`-th key's high half in memory (its fences) and reads the
/// records between two fences from the file when it looks a key up, so the run's memory
/// stays flat however large the cache. The records themselves are streamed in order when
/// the next index is made.
struct LayoutCacheIndex {
    /// Where the index starts in the file, and its record count.
    let offset: UInt64
    let count: Int
    /// The stamp of the run that wrote it (0 for a new file).
    let stamp: UInt32
    /// Each record's `key.high`, in index order; for an index not `resident`, that of every
    /// `fenceSpacing`-th record.
    let highs: [UInt64]
    /// Each record's entry offset and length packed into one word (`place(of:)`), in index
    /// order; `unplaced` for one too far into the file to pack, read from the file instead.
    /// Empty for an index not `resident`.
    let places: [UInt64]

    /// The most records an index keeps whole in memory (4 MiB of it): a larger one keeps
    /// its fences.
    static let residentLimit = 1 << 18
    /// Records from one fence to the next in an index not `resident`: a lookup reads the
    /// records between two fences (2 KiB) from the file in one read and bisects them.
    static let fenceSpacing = 64

    /// True when every record's key half and place are in memory.
    var resident: Bool { places.count == count }

    /// The index of a new file.
    static let empty = LayoutCacheIndex(
        offset: UInt64(LayoutCacheFile.headerSize), count: 0, stamp: 0, highs: [], places: [])

    /// Bits of a packed place that hold the entry's length (below
    /// `LayoutCacheFile.entryLimit`); the offset takes the rest.
    private static let lengthBits = UInt64(LayoutCacheFile.entryLimit.trailingZeroBitCount)
    /// The place of a record whose offset does not fit beside its length.
    private static let unplaced = UInt64.max

    /// `record`'s offset and length in one word, or `unplaced`.
    static func place(of record: LayoutCacheRecord) -> UInt64 {
        guard UInt64(record.length) < 1 << lengthBits, record.offset < 1 << (64 - lengthBits) - 1 else { return unplaced }
        return record.offset << lengthBits | UInt64(record.length)
    }

    /// Reads and checks the index of the file `fd` of `size` bytes (its header, footer and
    /// every record: in key order, pointing inside the entries); it keeps every record in
    /// memory when there are at most `residentLimit`, else its fences.
    static func read(_ fd: Int32, size: Int, residentLimit: Int = residentLimit) -> Result<LayoutCacheIndex, LayoutCacheDamage> {
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
            offset + count * UInt64(LayoutCacheRecord.size) + UInt64(footerSize) == UInt64(size)
        else { return .failure(.indexDoesNotFit) }
        let index = LayoutCacheIndex(
            offset: offset, count: Int(count), stamp: UInt32(truncatingIfNeeded: stamp), highs: [], places: [])
        let resident = Int(count) <= residentLimit
        var highs: [UInt64] = []
        var places: [UInt64] = []
        highs.reserveCapacity(resident ? Int(count) : (Int(count) + fenceSpacing - 1) / fenceSpacing)
        if resident { places.reserveCapacity(Int(count)) }
        var last: ContentHash?
        var outOfOrder = false
        let complete = index.forEach(fd) { position, record in
            guard record.offset >= UInt64(headerSize), record.offset + record.size <= offset, last.map({ $0.precedes(record.key) }) ?? true
            else {
                outOfOrder = true
                return false
            }
            last = record.key
            if resident {
                highs.append(record.key.high)
                places.append(place(of: record))
            } else if position % fenceSpacing == 0 {
                highs.append(record.key.high)
            }
            return true
        }
        guard complete else { return .failure(outOfOrder ? .indexOutOfOrder : .indexUnreadable) }
        return .success(LayoutCacheIndex(offset: offset, count: Int(count), stamp: index.stamp, highs: highs, places: places))
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
        records(at: position..<position + 1, fd)?.first
    }

    /// The positions of the records whose key's high half is `high`, in a `resident` index:
    /// one, or none, but for a collision of high halves.
    func positions(ofHigh high: UInt64) -> Range<Int> {
        let low = firstHigh(notBelow: high)
        var end = low
        while end < highs.count, highs[end] == high { end += 1 }
        return low..<end
    }

    /// In an index not `resident`: the records among which the first whose key's high half
    /// is not below `high` lies — from the fence before the first fence not below it up to
    /// and with that fence's own record (to the end when every fence is below), at most
    /// `fenceSpacing` + 1 records.
    func block(ofHigh high: UInt64) -> Range<Int> {
        let fence = firstHigh(notBelow: high)
        let first = max(0, fence - 1) * Self.fenceSpacing
        return first..<(fence < highs.count ? fence * Self.fenceSpacing + 1 : count)
    }

    /// The index into `highs` of the first not below `high` (`highs.count` when none is).
    private func firstHigh(notBelow high: UInt64) -> Int {
        Self.firstNotBelow(high, count: highs.count) { highs[$0] }
    }

    /// The first of `count` ascending high halves (`highAt`) not below `high`, by
    /// bisection; `count` when none is.
    static func firstNotBelow(_ high: UInt64, count: Int, highAt: (Int) -> UInt64) -> Int {
        var low = 0
        var top = count
        while low < top {
            let mid = (low + top) / 2
            if highAt(mid) < high { low = mid + 1 } else { top = mid }
        }
        return low
    }

    /// The records at `positions`, read from the file in one go.
    func records(at positions: Range<Int>, _ fd: Int32) -> [LayoutCacheRecord]? {
        LayoutCacheRecord.read(fd, at: Int(offset) + positions.lowerBound * LayoutCacheRecord.size, count: positions.count)
    }

    /// Where the entry of the record at `position` lies (its offset and length, as in
    /// `LayoutCacheRecord`): from memory, or read from the file for an unplaced one (or any,
    /// in an index not `resident`).
    func place(at position: Int, _ fd: Int32) -> (offset: UInt64, length: UInt32)? {
        let place = resident ? places[position] : Self.unplaced
        if place != Self.unplaced {
            return (place >> Self.lengthBits, UInt32(truncatingIfNeeded: place & (1 << Self.lengthBits - 1)))
        }
        guard let record = record(at: position, fd) else { return nil }
        return (record.offset, record.length)
    }
}
