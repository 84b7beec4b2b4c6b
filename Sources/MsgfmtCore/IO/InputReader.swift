#if canImport(Glibc)
import Glibc
#endif

/// Reads one input line by line as its bytes arrive, so JSON Lines from a pipe are rendered
/// while the writer is still writing; `readAll()` gives the whole input instead when a
/// format needs it.
///
/// Until `forget()` is called every byte read stays in memory, so `readAll()` can still
/// return the input from its first byte; after it, lines already returned are dropped as
/// reading goes on and memory holds about one line.
public final class InputReader {
    /// `<stdin>` or the path as given.
    public let name: String
    /// Called before a read that may block (a pipe waiting for its writer): the place to
    /// flush output, so what is rendered so far reaches the reader. Returning false stops
    /// reading (the output is gone, say): the input then ends there and `stopped` is true.
    public var willRead: () -> Bool = { true }
    /// True once `willRead` stopped the reading.
    public private(set) var stopped = false

    private enum Source {
        case descriptor(Int32, closes: Bool)
        case memory([UInt8], offset: Int)
    }

    private var source: Source
    private let chunkSize: Int
    private var buffer: [UInt8] = []
    /// Start of the next line in `buffer`.
    private var lineStart = 0
    /// Bytes before this offset hold no newline after `lineStart`.
    private var searched = 0
    private var atEnd = false
    private var keepsAll = true
    /// A regular file's size, so reading it whole takes one allocation.
    private var sizeHint = 0

    /// Opens `path` (`-` is standard input).
    public init(path: String, chunkSize: Int = 1 << 16) throws(InputError) {
        name = path == "-" ? "<stdin>" : path
        self.chunkSize = max(1, chunkSize)
        if path == "-" {
            var info = stat()
            if fstat(0, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { sizeHint = Int(info.st_size) }
            source = .descriptor(0, closes: false)
            return
        }
        let fd = open(path, O_RDONLY)
        if fd < 0 { throw InputError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        var info = stat()
        if fstat(fd, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                close(fd)
                throw InputError.unreadable(path: path, reason: "Is a directory")
            }
            if (info.st_mode & S_IFMT) == S_IFREG { sizeHint = Int(info.st_size) }
        }
        source = .descriptor(fd, closes: true)
    }

    /// Reads `bytes` as if they arrived `chunkSize` at a time (for tests).
    public init(name: String, bytes: [UInt8], chunkSize: Int) {
        self.name = name
        self.chunkSize = max(1, chunkSize)
        source = .memory(bytes, offset: 0)
    }

    deinit {
        if case .descriptor(let fd, true) = source { close(fd) }
    }

    /// The next line without its newline (a final line may lack one), numbered from 1
    /// counting every newline; nil at the end of the input. The slice is valid until the
    /// next call.
    public func nextLine() throws(InputError) -> ArraySlice<UInt8>? {
        while true {
            if let newline = firstNewline() {
                let line = buffer[lineStart..<newline]
                lineStart = newline + 1
                searched = lineStart
                return line
            }
            searched = buffer.count
            if atEnd {
                // A stopped reader holds a cut line, not a final one.
                guard !stopped, lineStart < buffer.count else { return nil }
                let line = buffer[lineStart...]
                lineStart = buffer.count
                return line
            }
            if !keepsAll, lineStart > 0 {
                buffer.removeFirst(lineStart)
                searched -= lineStart
                lineStart = 0
            }
            try fill()
        }
    }

    /// Stops keeping lines already returned: `readAll()` is no longer available.
    public func forget() {
        keepsAll = false
    }

    /// Every byte of the input from its first, reading what is left. Only before `forget()`.
    public func readAll() throws(InputError) -> [UInt8] {
        precondition(keepsAll, "readAll() after forget()")
        while !atEnd {
            guard case .descriptor(let fd, _) = source else {
                try fill()
                continue
            }
            // The rest of a regular file in one read, plus one byte to see its end, so the
            // buffer is allocated once at the file's size (reading a whole chunk past it
            // would double the allocation); pipes and files that grew go by chunks.
            let rest = sizeHint - buffer.count
            try readChunk(fd, size: sizeHint > 0 && rest >= 0 ? rest + 1 : chunkSize)
        }
        lineStart = buffer.count
        searched = buffer.count
        return buffer
    }

    private func firstNewline() -> Int? {
        guard searched < buffer.count else { return nil }
        return buffer.withUnsafeBufferPointer { p -> Int? in
            guard let base = p.baseAddress, let hit = memchr(base + searched, 0x0A, p.count - searched) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Appends the next chunk to `buffer`, or sets `atEnd`.
    private func fill() throws(InputError) {
        guard willRead() else {
            stopped = true
            atEnd = true
            return
        }
        switch source {
        case .memory(let bytes, let offset):
            let end = min(bytes.count, offset + chunkSize)
            buffer.append(contentsOf: bytes[offset..<end])
            source = .memory(bytes, offset: end)
            if end == bytes.count { atEnd = true }
        case .descriptor(let fd, _):
            try readChunk(fd, size: chunkSize)
        }
    }

    /// Reads once, up to `size` bytes of `fd`, onto the end of `buffer`; a read of nothing
    /// is the end of the input. One read, not a loop: a pipe hands over what its writer
    /// wrote so far, and that is to be rendered now.
    private func readChunk(_ fd: Int32, size: Int) throws(InputError) {
        let old = buffer.count
        var got = 0
        var failure: Int32 = 0
        buffer.append(contentsOf: repeatElement(0, count: size))
        buffer.withUnsafeMutableBufferPointer { p in
            repeat {
                got = read(fd, p.baseAddress! + old, size)
                failure = got < 0 ? errno : 0
            } while failure == EINTR
        }
        buffer.removeLast(size - max(got, 0))
        if failure != 0 { throw InputError.unreadable(path: name, reason: String(cString: strerror(failure))) }
        if got == 0 { atEnd = true }
    }
}
