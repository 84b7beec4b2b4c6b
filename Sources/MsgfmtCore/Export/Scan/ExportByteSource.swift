#if canImport(Glibc)
import Glibc
#endif

/// Where the export scanner gets its bytes: a file read in fixed-size chunks, or bytes
/// already in memory.
public final class ExportByteSource {
    private var fd: Int32 = -1
    private var memory: [UInt8]?
    private let chunkSize: Int
    /// The name diagnostics use (the path, or `<stdin>`).
    public let name: String
    /// Total size when known (regular files), for progress.
    public private(set) var totalBytes: Int?

    /// Opens `path` (`-` is standard input), reading `chunkSize` bytes at a time.
    public init(path: String, chunkSize: Int = 1 << 20) throws(ExportReadError) {
        self.chunkSize = max(1, chunkSize)
        if path == "-" {
            name = "<stdin>"
            fd = 0
            return
        }
        name = path
        fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        var info = stat()
        if fstat(fd, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                close(fd)
                fd = -1
                throw .unreadable(path: path, reason: "Is a directory")
            }
            if (info.st_mode & S_IFMT) == S_IFREG { totalBytes = Int(info.st_size) }
        }
    }

    /// A source over bytes in memory.
    public init(bytes: [UInt8], name: String) {
        self.chunkSize = max(1, bytes.count)
        self.memory = bytes
        self.name = name
        self.totalBytes = bytes.count
    }

    deinit {
        if fd > 0 { close(fd) }
    }

    /// Appends the next chunk to `buffer`; returns false at the end of input.
    func readChunk(into buffer: inout [UInt8]) throws(ExportReadError) -> Bool {
        if let bytes = memory {
            memory = nil
            buffer.append(contentsOf: bytes)
            return !bytes.isEmpty
        }
        if fd < 0 { return false }
        let old = buffer.count
        buffer.reserveCapacity(old + chunkSize)
        buffer.append(contentsOf: repeatElement(0, count: chunkSize))
        while true {
            let n = buffer.withUnsafeMutableBytes { raw in
                Glibc.read(fd, raw.baseAddress! + old, chunkSize)
            }
            if n < 0 {
                if errno == EINTR { continue }
                buffer.removeLast(chunkSize)
                throw .unreadable(path: name, reason: String(cString: strerror(errno)))
            }
            buffer.removeLast(chunkSize - n)
            return n > 0
        }
    }
}
