#if canImport(Glibc)
    import Glibc
#endif

/// The index records a run adds, kept in sorted runs of at most `runLength` so memory
/// stays flat however many messages are laid out: each full run is sorted and written to
/// a temporary file beside the cache, removed as soon as it is opened; `readers` streams
/// every run back, the last one from memory, for `LayoutCacheFile.finish` to merge.
final class LayoutCacheRuns {
    /// Records sorted in memory before a run is written out (2 MiB of them).
    static let runLength = 65_536

    private var pending: [LayoutCacheRecord] = []
    /// Where each written run starts in the file (in records), and its length.
    private var written: [(start: Int, count: Int)] = []
    private var fd: Int32 = -1
    /// The cache file's path: a run file, when one is needed, is made beside it.
    private let cache: String
    /// True once a run could not be written.
    private(set) var failed = false

    /// Runs of the cache file at `cache`.
    init(cache: String) {
        self.cache = cache
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// Whether no record was added.
    var isEmpty: Bool { pending.isEmpty && written.isEmpty }

    /// Adds a record; a full run is sorted and written out.
    func add(_ record: LayoutCacheRecord) {
        pending.append(record)
        if pending.count >= Self.runLength { spill() }
    }

    /// Forgets every record.
    func removeAll() {
        pending = []
        written = []
    }

    /// Sorts the pending records (by key, the latest first for a key added twice).
    private func sortPending() {
        pending.sort { $0.key != $1.key ? $0.key.precedes($1.key) : $0.offset > $1.offset }
    }

    /// Writes the pending records out as a sorted run.
    private func spill() {
        sortPending()
        if fd < 0 {
            var template = Array((cache + ".runs-XXXXXX").utf8CString)
            fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else {
                failed = true
                return
            }
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        }
        var out = CacheByteWriter()
        out.bytes.reserveCapacity(pending.count * LayoutCacheRecord.size)
        for record in pending { record.encode(into: &out) }
        let start = written.last.map { $0.start + $0.count } ?? 0
        if !PositionalIO.write(fd, out.bytes, at: UInt64(start * LayoutCacheRecord.size)) { failed = true }
        written.append((start, pending.count))
        pending.removeAll(keepingCapacity: true)
    }

    /// A reader of each run, in key order.
    func readers() -> [LayoutCacheRecordReader] {
        sortPending()
        return written.map { LayoutCacheRecordReader(fd: fd, offset: UInt64($0.start * LayoutCacheRecord.size), count: $0.count) }
            + [LayoutCacheRecordReader(records: pending)]
    }
}

/// Reads index records in order: from a file region (32 bytes each, a chunk at a time) or
/// from memory.
final class LayoutCacheRecordReader {
    /// Records read at a time from a file.
    static let chunkLength = 2048

    private let fd: Int32
    private let offset: UInt64
    private let count: Int
    private var read = 0
    private var chunk: [LayoutCacheRecord] = []
    private var at = 0
    /// True once a chunk could not be read (the reader then ends early).
    private(set) var failed = false

    /// The `count` records at `offset` of `fd`.
    init(fd: Int32, offset: UInt64, count: Int) {
        self.fd = fd
        self.offset = offset
        self.count = count
    }

    /// The records of `records`, in order.
    init(records: [LayoutCacheRecord]) {
        fd = -1
        offset = 0
        count = records.count
        chunk = records
        read = records.count
    }

    /// How many records were handed out.
    private(set) var handed = 0

    /// The next record, nil at the end.
    func next() -> LayoutCacheRecord? {
        if at == chunk.count {
            guard read < count, !failed else { return nil }
            let n = min(Self.chunkLength, count - read)
            guard let records = LayoutCacheRecord.read(fd, at: Int(offset) + read * LayoutCacheRecord.size, count: n) else {
                failed = true
                return nil
            }
            chunk = records
            read += n
            at = 0
        }
        defer {
            at += 1
            handed += 1
        }
        return chunk[at]
    }
}
