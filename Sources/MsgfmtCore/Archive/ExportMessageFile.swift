#if canImport(Glibc)
    import Glibc
#endif

/// Reads single messages of an export again by their place in the file, for the few
/// messages a comparison shows, and digests ranges of its bytes (the spans of a site's
/// pages, `SitePageReuse`). Needs a regular file: standard input and pipes cannot be read
/// twice.
public final class ExportMessageFile: @unchecked Sendable {
    private let fd: Int32
    /// The name diagnostics use.
    public let name: String
    /// The file's signature when opened (`ArchiveOutputFiles.signature(_:)`: size,
    /// modification time and inode).
    private let opened: String

    /// Opens `path` for reading messages by offset.
    public init(path: String) throws(ExportReadError) {
        name = path
        fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .unreadable(path: path, reason: "not a regular file (msgfmt diff and merging exports read each file twice)")
        }
        opened = ArchiveOutputFiles.signature(info)
    }

    /// Whether the file was written to since it was opened (its size or time changed).
    public var changedSinceOpened: Bool {
        var info = stat()
        return fstat(fd, &info) != 0 || ArchiveOutputFiles.signature(info) != opened
    }

    /// The digest (`MessageDigester`) of the bytes `range` of the file, nil when they are not
    /// all there; `buffer` is scratch space, reused across calls on one thread.
    func digest(of range: Range<Int>, with digester: MessageDigester, buffer: inout [UInt8]) -> ContentHash? {
        guard range.lowerBound >= 0 else { return nil }
        if buffer.isEmpty { buffer = [UInt8](repeating: 0, count: 1 << 16) }
        var at = range.lowerBound
        var complete = true
        buffer.withUnsafeMutableBufferPointer { scratch in
            while at < range.upperBound {
                let n = pread(fd, scratch.baseAddress, min(scratch.count, range.upperBound - at), off_t(at))
                if n < 0, errno == EINTR { continue }
                guard n > 0 else {
                    complete = false
                    return
                }
                digester.add(UnsafeBufferPointer(rebasing: scratch[0..<n]))
                at += n
            }
        }
        let digest = digester.finish()
        return complete ? digest : nil
    }

    /// The byte at `offset`, nil when it cannot be read.
    func byte(at offset: Int) -> UInt8? {
        PositionalIO.read(fd, at: offset, upTo: 1)?.first
    }

    /// The first byte at or after `offset` that is not JSON white space; nil at the end of
    /// the file or when it cannot be read.
    func firstNonBlank(from offset: Int) -> UInt8? {
        var at = max(0, offset)
        while let chunk = PositionalIO.read(fd, at: at, upTo: 4_096), !chunk.isEmpty {
            if let byte = chunk.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) { return byte }
            at += chunk.count
        }
        return nil
    }

    deinit {
        close(fd)
    }

    /// The bytes of the message `entry` points at, or nil when they cannot be read (the
    /// file shrank or failed since it was indexed).
    public func message(at entry: ArchiveEntry) -> RawExportMessage? {
        let length = Int(entry.length)
        guard length > 0, let bytes = PositionalIO.read(fd, at: entry.offset, count: length) else { return nil }
        return RawExportMessage(bytes: bytes, byteOffset: entry.offset, index: 0)
    }
}
