#if canImport(Glibc)
import Glibc
#endif

/// One input read whole into memory, with the name diagnostics use for it.
public struct InputFile: Sendable {
    /// `<stdin>` or the path as given.
    public var name: String
    /// The raw bytes.
    public var bytes: [UInt8]

    /// Creates an input from bytes.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    /// Reads `path` (`-` is standard input).
    public static func read(_ path: String) throws(InputError) -> InputFile {
        if path == "-" {
            var info = stat()
            let regular = fstat(0, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
            return InputFile(name: "<stdin>", bytes: try readAll(fd: 0, path: "<stdin>", sizeHint: regular ? Int(info.st_size) : 0))
        }
        let fd = open(path, O_RDONLY)
        if fd < 0 { throw InputError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        var size = 0
        if fstat(fd, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw InputError.unreadable(path: path, reason: "Is a directory")
            }
            if (info.st_mode & S_IFMT) == S_IFREG { size = Int(info.st_size) }
        }
        return InputFile(name: path, bytes: try readAll(fd: fd, path: path, sizeHint: size))
    }

    /// Reads `fd` to its end. A regular file's size is known, so its bytes are read straight
    /// into an array of that size (one allocation, no copy); pipes grow a buffer as they go.
    private static func readAll(fd: Int32, path: String, sizeHint: Int = 0) throws(InputError) -> [UInt8] {
        var result: [UInt8] = []
        var failure: Int32 = 0
        if sizeHint > 0 {
            result = [UInt8](unsafeUninitializedCapacity: sizeHint) { buffer, count in
                count = 0
                while count < sizeHint {
                    let n = Glibc.read(fd, buffer.baseAddress! + count, sizeHint - count)
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    if n == 0 { break }
                    count += n
                }
            }
            if failure != 0 { throw InputError.unreadable(path: path, reason: String(cString: strerror(failure))) }
            if result.count < sizeHint { return result }  // the file shrank while being read
        }
        // A pipe, or a file that grew: read the rest in chunks.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw InputError.unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            result.append(contentsOf: chunk[0..<n])
        }
        return result
    }
}

/// An input that could not be read at all (a usage error, exit status 2).
public enum InputError: Error, Sendable, Hashable {
    case unreadable(path: String, reason: String)

    /// One sentence for stderr.
    public var message: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason.lowercased())"
        }
    }
}
