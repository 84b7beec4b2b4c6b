#if canImport(Glibc)
    import Glibc
#endif

extension LayoutCacheFile {
    /// Writes the index of this run: the entries of the opened index, those in `used`
    /// stamped `stamp`, with this run's; at most `limit` bytes of entries, the least
    /// recently used left out first (within one run, its earliest). The opened index and
    /// this run's records are streamed (`LayoutCacheRuns`), twice or three times, so
    /// memory holds neither. Then drops the bytes no index points to once they are half
    /// the entries (and 16 MiB): the file stays within 1.5 times `limit` and 16 MiB.
    /// False when the file could not be written.
    func finish(used: PackedFlags, stamp: UInt32, limit: UInt64) -> Bool {
        guard !added.failed, !failed else { return false }
        var total: UInt64 = 0
        var byStamp: [UInt32: UInt64] = [:]
        guard
            merged(
                used: used, stamp: stamp,
                { r in
                    total += r.size
                    byStamp[r.stamp, default: 0] += r.size
                })
        else { return false }
        var keep: (LayoutCacheRecord) -> Bool = { _ in true }
        var live = total
        if total > limit {
            // Whole runs, oldest first, then part of the run where the excess ends.
            var cut: UInt32 = 0
            var excess = total - limit
            for (runStamp, bytes) in byStamp.sorted(by: { $0.key < $1.key }) {
                cut = runStamp
                if bytes >= excess { break }
                excess -= bytes
                live -= bytes
            }
            var group: [(offset: UInt64, size: UInt64)] = []
            guard merged(used: used, stamp: stamp, { r in if r.stamp == cut { group.append((r.offset, r.size)) } }) else {
                return false
            }
            group.sort { $0.offset < $1.offset }
            var threshold = UInt64.max
            for entry in group {
                if excess == 0 {
                    threshold = entry.offset
                    break
                }
                excess = excess > entry.size ? excess - entry.size : 0
                live -= entry.size
            }
            keep = { $0.stamp > cut || ($0.stamp == cut && $0.offset >= threshold) }
        }
        if end > live + live / 2 + (16 << 20), compact(used: used, stamp: stamp, keep: keep) { return true }
        return writeIndex(to: fd, at: end, used: used, stamp: stamp, keep: keep, moved: nil) && !failed
    }

    /// Calls `body` with every record of the next index in key order: the opened index's
    /// (streamed from the file, stamped `stamp` when `used`) merged with this run's sorted
    /// runs, one record a key, this run's first. False when a record could not be read.
    func merged(used: PackedFlags, stamp: UInt32, _ body: (LayoutCacheRecord) -> Void) -> Bool {
        let old = LayoutCacheRecordReader(fd: fd, offset: index.offset, count: index.count)
        // The opened index is source 0; a key this run has too (its opened entry was
        // damaged) is taken from this run's.
        let sources = [old] + added.readers()
        var heads = sources.map { $0.next() }
        var last: ContentHash?
        while true {
            var pick = -1
            for (i, head) in heads.enumerated() {
                guard let head else { continue }
                if pick < 0 || head.key.precedes(heads[pick]!.key) || head.key == heads[pick]!.key { pick = i }
            }
            guard pick >= 0, var record = heads[pick] else { break }
            if pick == 0, used[old.handed - 1] { record.stamp = stamp }
            if record.key != last { body(record) }
            last = record.key
            heads[pick] = sources[pick].next()
        }
        return !sources.contains { $0.failed }
    }

    /// Writes the next index (the records `keep` keeps, at the offsets `moved` gives them
    /// when the entries moved) and the footer at `offset` of `target`, and cuts it there.
    private func writeIndex(
        to target: Int32, at offset: UInt64, used: PackedFlags, stamp: UInt32,
        keep: (LayoutCacheRecord) -> Bool, moved: ((LayoutCacheRecord) -> UInt64)?
    ) -> Bool {
        var out = CacheByteWriter()
        var at = offset
        var count: UInt64 = 0
        var newest = index.stamp
        var ok = true
        let write = { (bytes: [UInt8], offset: UInt64) -> Bool in
            target == self.fd ? self.write(bytes, at: offset) : PositionalIO.write(target, bytes, at: offset)
        }
        let complete = merged(used: used, stamp: stamp) { r in
            guard keep(r) else { return }
            var record = r
            if let moved { record.offset = moved(r) }
            record.encode(into: &out)
            count += 1
            newest = max(newest, r.stamp)
            if out.bytes.count >= 1 << 16 {
                ok = ok && write(out.bytes, at)
                at += UInt64(out.bytes.count)
                out.bytes.removeAll(keepingCapacity: true)
            }
        }
        out.fixed(offset)
        out.fixed(count)
        out.fixed(UInt64(newest))
        out.bytes.append(contentsOf: Self.magic)
        ok = complete && ok && write(out.bytes, at)
        at += UInt64(out.bytes.count)
        let cut = at
        let truncated =
            target == fd
            ? TemporaryOutputs.unlessInterrupted({ ok = ok && ftruncate(target, off_t(cut)) == 0 }) : ftruncate(target, off_t(cut)) == 0
        return ok && truncated
    }

    /// Writes the kept entries and their index to a new file that replaces this one;
    /// false when that could not be done (the file is then as it was).
    private func compact(used: PackedFlags, stamp: UInt32, keep: (LayoutCacheRecord) -> Bool) -> Bool {
        let next = path + ".compact"
        TemporaryOutputs.register(next)
        defer { TemporaryOutputs.unregister(next) }
        let target = Glibc.open(next, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard target >= 0 else { return false }
        defer { close(target) }
        var at = UInt64(Self.headerSize)
        var ok = PositionalIO.write(target, Self.header(), at: 0)
        let complete = merged(used: used, stamp: stamp) { r in
            guard ok, keep(r) else { return }
            guard let bytes = PositionalIO.read(fd, at: Int(r.offset), count: Int(r.size)) else {
                ok = false
                return
            }
            ok = PositionalIO.write(target, bytes, at: at)
            at += r.size
        }
        var place = UInt64(Self.headerSize)
        guard ok, complete,
            writeIndex(
                to: target, at: at, used: used, stamp: stamp, keep: keep,
                moved: { r in
                    defer { place += r.size }
                    return place
                }), rename(next, path) == 0
        else {
            unlink(next)
            return false
        }
        // The opened file (a site's: the previous site's, linked) is as it was again.
        _ = ftruncate(fd, off_t(openedSize))
        return true
    }
}
