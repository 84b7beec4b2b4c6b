#if canImport(Glibc)
    import Glibc
#endif

/// What was found at the media paths of an export message, condensed to a hash: the real
/// path, device, inode, size, modification time and type of each file (or why there is
/// none). An HTML page shows what its messages' files were when it was written (their
/// links, whether they were found, an image's size read from its header), so `--update`
/// keeps a page only while the fingerprints of its files are unchanged.
public enum MediaFingerprint {
    /// The paths a message's page depends on under `options`: its media file and
    /// thumbnail, and the sticker files of its custom emoji (the site shows them), in the
    /// order the message names them.
    static func paths(of message: TranscriptMessage, options: ExportOptions) -> [String] {
        var paths = filePaths(of: message.message, options: options)
        for path in emojiPaths(message.emojiIDs, of: message.message, options: options) where !paths.contains(path) {
            paths.append(path)
        }
        return paths
    }

    /// The paths of a message's media file and thumbnail under `options`.
    static func filePaths(of message: ExportMessage, options: ExportOptions) -> [String] {
        guard options.media.mode != .none, !message.isService, let file = message.file, !file.notIncluded else { return [] }
        return [file.path] + (file.thumbnail.map { [$0] } ?? [])
    }

    /// The sticker files of the custom emoji `ids` a message's body names, as the site
    /// shows them under `options` (none for other formats).
    static func emojiPaths(_ ids: [String], of message: ExportMessage, options: ExportOptions) -> [String] {
        guard options.media.mode != .none, options.format == .html, !message.isService else { return [] }
        var paths: [String] = []
        for id in ids {
            guard let file = MediaFile.customEmoji(documentID: id), !paths.contains(file.path) else { continue }
            paths.append(file.path)
        }
        return paths
    }

    /// One hash of the fingerprints of `paths`, in order.
    static func combined(_ paths: [String], options: MediaOptions) -> ContentHash {
        guard !paths.isEmpty else { return ContentHash(high: 0, low: 0) }
        var hasher = ContentHasher()
        for path in paths {
            let print = of(path, options: options)
            hasher.combine(Int64(bitPattern: print.high))
            hasher.combine(Int64(bitPattern: print.low))
        }
        return hasher.hash
    }

    /// The fingerprint of what is at `path` (as the export names it) under `options`,
    /// looked up through the run's `MediaFolderCache`.
    public static func of(_ path: String, options: MediaOptions) -> ContentHash {
        var hasher = ContentHasher()
        hasher.combine(path)
        guard let components = MediaPath.components(of: path) else {
            hasher.combine(Int64(1))
            return hasher.hash
        }
        switch options.folders.lookUp(components, under: options.exportFolder) {
        case .unresolved:
            hasher.combine(Int64(2))
        case .unreadable(let real):
            hasher.combine(real)
            hasher.combine(Int64(3))
        case .found(let real, let info):
            hasher.combine(real)
            for value in [
                Int64(truncatingIfNeeded: info.st_dev), Int64(truncatingIfNeeded: info.st_ino), Int64(info.st_size),
                Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec), Int64(info.st_mode),
            ] {
                hasher.combine(value)
            }
        }
        return hasher.hash
    }
}
