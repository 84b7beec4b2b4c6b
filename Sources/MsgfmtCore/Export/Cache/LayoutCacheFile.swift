import CCrypto
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A layout cache file, opened for one run: its index (`LayoutCacheIndex`), the entries it
/// was opened with read in place from a read-only mapping (with `pread` where the file
/// cannot be mapped), and new entries appended with `pwrite` from any thread (each append
/// takes its place at the end atomically); the records of new entries are added on the
/// writing thread for the messages written.
///
/// The file is a 16-byte header (`magic`, format version), entries (each the CRC-32 of its
/// bytes in 4 bytes, then the bytes: its key's low half in 8, then `LayoutCacheEntry`'s
/// encoding), and at its end the index (`LayoutCacheRecord`s
/// sorted by key) and a 32-byte footer (the index's offset, its record count, the stamp of
/// the run that wrote it, `magic`). A run appends its new entries and a new index after the
/// old one, so entries never move and an unchanged cache is not copied; bytes no index
/// points to are dropped once they are half the entries (`finish` then writes the live
/// ones to a fresh file). A file that does not hold together this way is started again; an
/// entry whose bytes do not match their checksum reads as missing (the checksum finds
/// damage; the key, a SHA-256, is what tells messages apart). The file is locked for the
/// run, so two runs never write it at once, and cut back to its size when the run does
/// not complete or is interrupted; it never shrinks below the mapped bytes while open.
final class LayoutCacheFile: @unchecked Sendable {
    /// The file's first and last 8 bytes.
    static let magic: [UInt8] = Array("msgfmtLC".utf8)
    /// Bumped whenever the layout of the file or of an entry changes.
    static let formatVersion: UInt64 = 3
    /// The bytes before each entry's own: its CRC-32, little-endian.
    static let checkSize = 4
    static let headerSize = 16
    static let footerSize = 32
    /// Entries (with their checksum) are shorter than this: a longer one is not appended.
    static let entryLimit = 1 << 26
    /// Larger indexes are refused (a cache that big was not written within msgfmt's limits).
    static let maximumRecords = 8_000_000

    /// The index the file was opened with.
    let index: LayoutCacheIndex
    let fd: Int32
    let path: String
    /// The file's size when opened: `discard` goes back to it.
    let openedSize: UInt64
    /// The entries the file was opened with (its bytes up to the opened index), mapped; nil
    /// for a new file or one that cannot be mapped.
    private let opened: FileMapping?
    /// Bytes of entries read through `opened` since its pages were last let go of.
    private let mappedRead = Atomic<Int>(0)
    /// Every this many bytes of entries read through the mapping, its pages are let go of,
    /// so the run's memory stays flat however large the cache (the pages stay in the page
    /// cache, where a later read finds them).
    static let mappedReadWindow = 4 << 20
    /// Where the next byte is appended.
    private let tail: Atomic<UInt64>
    private let writeFailed = Atomic<Bool>(false)
    /// The records of the entries this run added.
    let added: LayoutCacheRuns

    /// Where the next byte is appended (once every append is done: the file's end).
    var end: UInt64 { tail.load(ordering: .acquiring) }
    /// True once the file could not be written.
    var failed: Bool { writeFailed.load(ordering: .acquiring) }

    /// Notes that the file could not be written.
    func fail() {
        writeFailed.store(true, ordering: .releasing)
    }

    init(fd: Int32, path: String, index: LayoutCacheIndex, size: UInt64) {
        self.fd = fd
        self.path = path
        self.index = index
        added = LayoutCacheRuns(cache: path)
        openedSize = size
        opened = index.count > 0 ? FileMapping(fd: fd, count: Int(index.offset)) : nil
        tail = Atomic(size)
        TemporaryOutputs.registerRestore(fd: fd, size: Int64(size))
    }

    deinit {
        TemporaryOutputs.unregisterRestore(fd: fd)
        close(fd)
    }

    /// The stamp of the run that wrote the file (0 for a new one).
    var stamp: UInt32 { index.stamp }

    /// The reason `open` gives when another process holds the file's lock.
    static let lockedReason = "another msgfmt is using it"

    /// Opens or creates the cache at `path` for reading and appending; nil with the reason
    /// when it cannot be (a symbolic link, locked by another run, not writable). A file
    /// that is not a layout cache of this format is emptied and started again, with the
    /// reason in `restarted`. The index is kept whole in memory up to `residentLimit`
    /// records (`LayoutCacheIndex.read`).
    static func open(_ path: String, residentLimit: Int = LayoutCacheIndex.residentLimit)
        -> (file: LayoutCacheFile?, restarted: String?, failure: String?)
    {
        let fd = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { return (nil, nil, errno == ELOOP ? "it is a symbolic link" : String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return (nil, nil, "it is not a regular file")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return (nil, nil, lockedReason)
        }
        let size = Int(info.st_size)
        var restarted: String?
        if size > 0 {
            switch LayoutCacheIndex.read(fd, size: size, residentLimit: residentLimit) {
            case .success(let index): return (LayoutCacheFile(fd: fd, path: path, index: index, size: UInt64(size)), nil, nil)
            case .failure(let damage): restarted = damage.reason
            }
        }
        guard ftruncate(fd, 0) == 0, PositionalIO.write(fd, header(), at: 0) else {
            close(fd)
            return (nil, nil, String(cString: strerror(errno)))
        }
        return (LayoutCacheFile(fd: fd, path: path, index: .empty, size: UInt64(headerSize)), restarted, nil)
    }

    /// Gives the regular file at `path` a copy of its own when it has more than `links`
    /// names, so appending to it changes no other name's file; false when it has and the
    /// copy could not be made.
    static func separate(_ path: String, links: nlink_t) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink > links else { return true }
        let source = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard source >= 0 else { return false }
        defer { close(source) }
        let next = path + ".compact"
        TemporaryOutputs.register(next)
        defer { TemporaryOutputs.unregister(next) }
        let target = Glibc.open(next, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard target >= 0 else { return false }
        var at = 0
        var ok = true
        while ok, at < Int(info.st_size) {
            let n = min(1 << 20, Int(info.st_size) - at)
            guard let bytes = PositionalIO.read(source, at: at, count: n) else { break }
            ok = PositionalIO.write(target, bytes, at: UInt64(at))
            at += n
        }
        close(target)
        guard ok, at == Int(info.st_size), rename(next, path) == 0 else {
            unlink(next)
            return false
        }
        return true
    }

    /// The file's first 16 bytes.
    static func header() -> [UInt8] {
        var out = CacheByteWriter()
        out.bytes = magic
        out.fixed(formatVersion)
        return out.bytes
    }

    /// The position of `key` in the index the file was opened with and the bytes of its
    /// entry after the key's low half; nil when the index has no such key, or its entry
    /// cannot be read or does not match its checksum.
    func entry(for key: ContentHash) -> (position: Int, bytes: [UInt8])? {
        guard index.resident else { return fencedEntry(for: key) }
        for position in index.positions(ofHigh: key.high) {
            if let place = index.place(at: position, fd), let bytes = entry(offset: place.offset, length: place.length, low: key.low) {
                return (position, bytes)
            }
        }
        return nil
    }

    /// `entry(for:)` in an index not `resident`: the records between the fences around the
    /// key read in one go (`LayoutCacheIndex.block(ofHigh:)`) and bisected, and any further
    /// records sharing its high half read one by one. The index stays out of memory: a
    /// mapping's pages would count as the run's memory.
    private func fencedEntry(for key: ContentHash) -> (position: Int, bytes: [UInt8])? {
        let block = index.block(ofHigh: key.high)
        guard let records = index.records(at: block, fd) else { return nil }
        var position =
            block.lowerBound + LayoutCacheIndex.firstNotBelow(key.high, count: records.count) { records[$0].key.high }
        while position < index.count {
            let inBlock = position < block.upperBound
            guard let record = inBlock ? records[position - block.lowerBound] : index.record(at: position, fd),
                record.key.high == key.high
            else { return nil }
            if let bytes = entry(offset: record.offset, length: record.length, low: key.low) { return (position, bytes) }
            position += 1
        }
        return nil
    }

    /// The bytes of the entry at `offset` (its checksum, then `length` bytes) after its
    /// key's low half, nil when they cannot be read, do not match their checksum or do not
    /// begin with `low`.
    private func entry(offset: UInt64, length: UInt32, low: UInt64) -> [UInt8]? {
        let size = UInt64(Self.checkSize) + UInt64(length)
        guard offset <= UInt64(Int.max) - size else { return nil }
        let start = Int(offset)
        let end = start + Int(size)
        if let opened, end <= opened.bytes.count {
            let bytes = Self.checked(UnsafeRawBufferPointer(rebasing: opened.bytes[start..<end]), low: low)
            let before = mappedRead.wrappingAdd(end - start, ordering: .relaxed).oldValue
            if before / Self.mappedReadWindow != (before + end - start) / Self.mappedReadWindow { opened.release() }
            return bytes
        }
        guard let stored = PositionalIO.read(fd, at: start, count: end - start) else { return nil }
        return stored.withUnsafeBytes { Self.checked($0, low: low) }
    }

    /// The bytes of the stored entry `stored` (checksum, then bytes) after its key's low
    /// half, copied once; nil when they do not match the checksum or do not begin with `low`.
    private static func checked(_ stored: UnsafeRawBufferPointer, low: UInt64) -> [UInt8]? {
        guard stored.count >= checkSize + 8 else { return nil }
        let bytes = UnsafeRawBufferPointer(rebasing: stored[checkSize...])
        guard UInt32(littleEndian: stored.loadUnaligned(as: UInt32.self)) == checksum(bytes),
            UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self)) == low
        else { return nil }
        return Array(bytes[8...])
    }

    /// The checksum an entry's bytes are stored with.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        msgfmt_crypto_crc32(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    /// Writes the checksum of what follows the first `checkSize` bytes of `stored` (room
    /// left for it) into them: the entry as `append` takes it.
    static func fillChecksum(_ stored: inout [UInt8]) {
        stored.withUnsafeMutableBytes { all in
            let check = checksum(UnsafeRawBufferPointer(rebasing: all[checkSize...]))
            all.storeBytes(of: check.littleEndian, toByteOffset: 0, as: UInt32.self)
        }
    }

    /// Appends `stored` (an entry's checksum and bytes) at the end, from any thread; where it
    /// went, nil when it could not be written.
    func append(_ stored: [UInt8]) -> UInt64? {
        guard !failed, stored.count < Self.entryLimit else { return nil }
        let offset = tail.wrappingAdd(UInt64(stored.count), ordering: .acquiringAndReleasing).oldValue
        guard write(stored, at: offset) else {
            fail()
            return nil
        }
        return offset
    }

    /// Goes back to the file as it was opened (the run did not complete).
    func discard() {
        added.removeAll()
        if ftruncate(fd, off_t(openedSize)) != 0 { fail() }
        TemporaryOutputs.unregisterRestore(fd: fd)
    }

    /// The run's index is written: an interruption from now on leaves the file as it is.
    func keep() {
        TemporaryOutputs.unregisterRestore(fd: fd)
    }

    /// Writes `bytes` at `offset` of the file, unless the run was interrupted.
    func write(_ bytes: [UInt8], at offset: UInt64) -> Bool {
        var ok = false
        return TemporaryOutputs.unlessInterrupted { ok = PositionalIO.write(fd, bytes, at: offset) } && ok
    }
}
