/// One worker thread's use of the layout cache: it makes keys (with a digester of its
/// own), looks them up and makes entries.
struct LayoutCacheProbe {
    let cache: LayoutCache
    let digester: MessageDigester
    /// The bytes of the entry being made, kept between messages.
    let scratch: LayoutCacheScratch

    /// The key of `raw`, decoded as `message`, under `options` (see `LayoutCache`).
    func key(_ raw: RawExportMessage, _ message: ExportMessage, options: ExportOptions) -> ContentHash {
        var out = CacheByteWriter()
        out.hash(cache.prefix)
        out.bytes.append(raw.chat.id == nil ? 0 : 1)
        out.signed(raw.chat.id ?? 0)
        out.bytes.append(raw.deleted ? 1 : 0)
        out.signed(Int64(raw.source ?? -1))
        let media = options.media.forSource(raw.source)
        out.hash(MediaFingerprint.combined(MediaFingerprint.filePaths(of: message, options: options), options: media))
        out.count(raw.bytes.count)
        out.bytes.withUnsafeBufferPointer { digester.add($0) }
        raw.bytes.withUnsafeBufferPointer { digester.add($0) }
        return digester.finish()
    }

    /// The cache's entry for `key`, when it is intact, holds a piece of `pieceType`
    /// and the sticker files of its custom emoji are as they were; with the outcome that
    /// carries it into the next file.
    func lookup(
        _ key: ContentHash, _ raw: RawExportMessage, _ message: ExportMessage, pieceType: any CachedPiece.Type, options: ExportOptions
    ) -> (LayoutCacheEntry, LayoutCacheOutcome)? {
        guard let (position, stored) = cache.file.entry(for: key),
            let entry = LayoutCacheEntry(
                decoding: stored, pieceType: pieceType, message: message, index: raw.index, options: options),
            entry.emojiPrint == emojiPrint(entry.emojiIDs, raw, message, options: options)
        else { return nil }
        return (entry, LayoutCacheOutcome(key: key, reused: position))
    }

    /// The outcome of a message laid out now: its entry, made of `piece`, the custom emoji
    /// `emojiIDs` its body names and the `diagnostics` laying it out gave, appended to the
    /// cache file.
    func outcome(
        key: ContentHash, _ raw: RawExportMessage, _ message: ExportMessage, emojiIDs: [String], diagnostics: [Diagnostic],
        piece: any CachedPiece, options: ExportOptions
    ) -> LayoutCacheOutcome {
        let entry = LayoutCacheEntry(
            emojiIDs: emojiIDs, emojiPrint: emojiPrint(emojiIDs, raw, message, options: options), diagnostics: diagnostics,
            piece: piece)
        // The checksum goes before the bytes: room is left for it, then it is filled in.
        var out = scratch.out
        scratch.out = CacheByteWriter()
        out.bytes.removeAll(keepingCapacity: true)
        out.bytes.append(contentsOf: repeatElement(0, count: LayoutCacheFile.checkSize))
        // The key's low half, which a lookup checks (its high half is in the index).
        out.fixed(key.low)
        entry.encode(index: raw.index, into: &out)
        LayoutCacheFile.fillChecksum(&out.bytes)
        let offset = cache.file.append(out.bytes)
        let length = UInt32(out.bytes.count - LayoutCacheFile.checkSize)
        scratch.out = out
        return LayoutCacheOutcome(
            key: key, appended: offset.map { LayoutCacheRecord(key: key, offset: $0, length: length, stamp: cache.stamp) })
    }

    /// The fingerprints of the sticker files of the custom emoji `ids` (none outside the
    /// site, which alone shows them).
    private func emojiPrint(_ ids: [String], _ raw: RawExportMessage, _ message: ExportMessage, options: ExportOptions) -> ContentHash {
        MediaFingerprint.combined(
            MediaFingerprint.emojiPaths(ids, of: message, options: options), options: options.media.forSource(raw.source))
    }
}

/// A worker's buffer for the entries it makes, reused from message to message.
final class LayoutCacheScratch {
    var out = CacheByteWriter()
}
