#if canImport(Glibc)
    import Glibc
#endif

/// The layout cache of one `--update` run: the messages earlier runs laid out, found by
/// each message's key, and those this run lays out, added for the next.
///
/// A message's key is the SHA-256 (cut to 128 bits) of everything its writer's piece
/// (`CachedPiece`) is made from: the msgfmt version, the options that shape output and
/// the output format (`prefix`), the chat's id, the message's own bytes in the export,
/// whether a merge marks it deleted and which export it came from, and the fingerprints
/// of its media file and thumbnail (`MediaFingerprint`). The custom emoji sticker files an
/// entry's body shows are checked when it is found. A message whose key is in the cache
/// is not normalized, styled, laid out or composed again: its piece, and the warnings
/// laying it out gave, come from the cache.
///
/// Memory holds 16 bytes per entry of the cache's index up to `LayoutCacheIndex.residentLimit`
/// entries, 8 bytes per 64 entries of a larger one (`LayoutCacheIndex`), a bit per entry for
/// `used`,
/// and at most 65 536 records of the entries this run adds (`LayoutCacheRuns` writes the
/// rest to disk); entries stay on disk (`LayoutCacheFile`), at most `limit` bytes of them,
/// those least recently used left out first.
public final class LayoutCache: @unchecked Sendable {
    /// The name of a site's cache file, inside the site (beside its manifest).
    public static let fileName = "msgfmt-layout-cache"
    /// What a file output's cache is called: the file's name with this added.
    public static let suffix = ".msgfmt-layout-cache"

    /// Whether `path`, relative to a site, is its layout cache (or one being compacted).
    public static func isCacheFile(_ path: String) -> Bool {
        path == fileName || path == fileName + ".compact"
    }

    let file: LayoutCacheFile
    let prefix: ContentHash
    private let limit: UInt64
    /// This run's stamp (`LayoutCacheRecord.stamp`).
    let stamp: UInt32
    /// Which entries of the opened index this run used (set on the writing thread).
    private var used: PackedFlags
    /// Messages taken from the cache, and messages laid out.
    public private(set) var reused = 0
    public private(set) var laidOut = 0
    /// Why the cache file was emptied and started again, when it was.
    public let restarted: String?

    private init(file: LayoutCacheFile, prefix: ContentHash, limit: UInt64, restarted: String?) {
        self.file = file
        self.prefix = prefix
        self.limit = limit
        self.restarted = restarted
        stamp = file.stamp &+ 1
        used = PackedFlags(count: file.index.count)
    }

    /// Opens the cache of an output for this run: `path` is where it is written; a site's
    /// cache is first linked there from `previous` (the site being replaced), so the new
    /// site carries it on; a file with more names than that is copied first. `prefix` is the digest of the msgfmt version, shaping options
    /// and format (`prefix(version:options:format:)`); the cache keeps at most `limit`
    /// bytes of entries. Fails with the reason when the file cannot be used.
    public static func open(path: String, linkedFrom previous: String? = nil, prefix: ContentHash, limit: UInt64)
        -> Result<LayoutCache, LayoutCacheError>
    {
        var links: nlink_t = 1
        if let previous, previous != path, link(previous, path) == 0 { links = 2 }
        // A cache that also has other names (a backup made with hard links) is copied, not
        // appended to: only the output it belongs to may see it change.
        guard LayoutCacheFile.separate(path, links: links) else {
            return .failure(.unusable(path: path, reason: "it has other names (hard links) and could not be copied"))
        }
        let (file, restarted, failure) = LayoutCacheFile.open(path)
        guard let file else { return .failure(LayoutCacheError.unusable(path: path, reason: failure ?? "unknown")) }
        return .success(LayoutCache(file: file, prefix: prefix, limit: limit, restarted: restarted))
    }

    /// A view for one worker thread (each has its own digester).
    func probe() -> LayoutCacheProbe {
        LayoutCacheProbe(cache: self, digester: MessageDigester(), scratch: LayoutCacheScratch())
    }

    /// Notes a written message's entry: marks it used, or adds the record of the entry its
    /// worker appended (on the writing thread, in order).
    func record(_ outcome: LayoutCacheOutcome) {
        if let position = outcome.reused {
            used[position] = true
            reused += 1
        } else {
            laidOut += 1
            if let record = outcome.appended { file.added.add(record) }
        }
    }

    /// Writes the run's index; false when the file could not be written (it is then left
    /// as it was opened).
    public func finish() -> Bool {
        guard !file.failed, file.finish(used: used, stamp: stamp, limit: limit) else {
            file.discard()
            return false
        }
        file.keep()
        return true
    }

    /// Leaves the file as it was opened (the run did not complete).
    public func discard() {
        file.discard()
    }

    /// Bumped whenever a writer writes something else for the same message and options
    /// or warns of something else (2: the Markdown transcript's escaping and links; 3: its
    /// style markers; 4: the warnings about refused links, `LinkRefusal`), so that
    /// `--update` lays out again what an older build kept instead of mixing the two in one
    /// output.
    static let outputRevision: UInt64 = 4

    /// The digest that starts every key: the msgfmt `version` and `outputRevision`, the
    /// `options` digest of what shapes output, and the output `format`.
    public static func prefix(version: String, options: ContentHash, format: String) -> ContentHash {
        var out = CacheByteWriter()
        out.string("msgfmt layout cache")
        out.unsigned(LayoutCacheFile.formatVersion)
        out.unsigned(outputRevision)
        out.string(version)
        out.hash(options)
        out.string(format)
        return MessageDigester().digest(out.bytes)
    }
}

/// Why an output's layout cache cannot be used.
public enum LayoutCacheError: Error, Equatable {
    case unusable(path: String, reason: String)

    /// One sentence saying so.
    public var message: String {
        switch self {
        case .unusable(let path, let reason):
            "the layout cache \(DisplaySafety.sanitize(path)) cannot be used (\(reason)); every message is laid out"
        }
    }
}

/// What became of one prepared message in the layout cache: its key, and where the opened
/// index has it or the record of the entry appended for it (nil when that failed).
struct LayoutCacheOutcome: Sendable {
    var key: ContentHash
    var reused: Int?
    var appended: LayoutCacheRecord?
}
