#if canImport(Glibc)
    import Glibc
#endif

/// Reads single messages of an export again by their place in the file, for the few
/// messages a comparison shows. Needs a regular file: standard input and pipes cannot be
/// read twice.
public final class ExportMessageFile {
    private let fd: Int32
    /// The name diagnostics use.
    public let name: String

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
    }

    deinit {
        close(fd)
    }

    /// The bytes of the message `entry` points at, or nil when they cannot be read (the
    /// file shrank or failed since it was indexed).
    public func message(at entry: ArchiveEntry) -> RawExportMessage? {
        let length = Int(entry.length)
        guard length > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let n = bytes.withUnsafeMutableBytes { raw in
                pread(fd, raw.baseAddress! + done, length - done, off_t(entry.offset + done))
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        return RawExportMessage(bytes: bytes, byteOffset: entry.offset, index: 0)
    }
}
