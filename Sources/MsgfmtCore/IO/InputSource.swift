#if canImport(Glibc)
    import Glibc
#endif

/// The bytes of one input, a read at a time: a file or standard input read with `read(2)`,
/// or bytes in memory handed out as a pipe would hand them. Each read appends to the
/// caller's buffer, straight into its spare capacity (`appendBytes`).
///
/// `InputReader` (messages to render) and `ExportByteSource` (an export to convert) read
/// through it.
final class InputSource {
    private enum Storage {
        case descriptor(Int32, closes: Bool)
        case memory([UInt8], offset: Int, keeps: Bool)
    }

    /// `<stdin>` or the path as given.
    let name: String
    /// The most bytes a read asks for unless told otherwise.
    let chunkSize: Int
    /// The size of a regular file (standard input too, when redirected from one), else nil.
    let fileSize: Int?
    private var storage: Storage

    /// Opens `path` (`-` is standard input); a directory is refused.
    init(path: String, chunkSize: Int) throws(InputError) {
        self.chunkSize = max(1, chunkSize)
        let standardInput = path == "-"
        name = standardInput ? "<stdin>" : path
        let fd = standardInput ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        var info = stat()
        let kind = fstat(fd, &info) == 0 ? info.st_mode & S_IFMT : 0
        // Standard input that is a directory fails at its first read instead.
        if kind == S_IFDIR, !standardInput {
            close(fd)
            throw .unreadable(path: path, reason: "Is a directory")
        }
        fileSize = kind == S_IFREG ? Int(info.st_size) : nil
        storage = .descriptor(fd, closes: !standardInput)
    }

    /// Hands out `bytes` at most `chunkSize` at a time, as if read; `keeps` holds on to them
    /// once handed out, so they can be read again (`seek(to:)`).
    init(name: String, bytes: [UInt8], chunkSize: Int, keeps: Bool = false) {
        self.name = name
        self.chunkSize = max(1, chunkSize)
        fileSize = nil
        storage = .memory(bytes, offset: 0, keeps: keeps)
    }

    deinit {
        if case .descriptor(let fd, true) = storage { close(fd) }
    }

    /// Makes the next read start at byte `offset` of the input; false when it cannot (a pipe,
    /// or bytes in memory already let go).
    func seek(to offset: Int) -> Bool {
        guard offset >= 0 else { return false }
        switch storage {
        case .memory(let bytes, _, let keeps):
            guard keeps, offset <= bytes.count else { return false }
            storage = .memory(bytes, offset: offset, keeps: true)
            return true
        case .descriptor(let fd, _):
            return lseek(fd, off_t(offset), SEEK_SET) == off_t(offset)
        }
    }

    /// Reads once, up to `size` bytes (`chunkSize` when nil), onto the end of `buffer`, and
    /// returns how many came; none is the end of the input. One `read(2)` (retried when a
    /// signal interrupts it), not a loop: a pipe hands over what its writer wrote so far.
    func read(into buffer: inout [UInt8], upTo size: Int? = nil) throws(InputError) -> Int {
        let size = max(1, size ?? chunkSize)
        switch storage {
        case .memory(let bytes, let offset, let keeps):
            let end = offset + min(size, bytes.count - offset)
            buffer.append(contentsOf: bytes[offset..<end])
            // The bytes are let go once handed out, unless they are to be read again.
            storage = end == bytes.count && !keeps ? .memory([], offset: 0, keeps: false) : .memory(bytes, offset: end, keeps: keeps)
            return end - offset
        case .descriptor(let fd, _):
            var got = 0
            var failure: Int32 = 0
            buffer.appendBytes(upTo: size) { spare in
                repeat {
                    got = Glibc.read(fd, spare, size)
                    failure = got < 0 ? errno : 0
                } while failure == EINTR
                return got
            }
            if failure != 0 { throw .unreadable(path: name, reason: String(cString: strerror(failure))) }
            return got
        }
    }
}
