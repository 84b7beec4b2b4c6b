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
    public var name: String { source.name }
    /// Called before a read that may block (a pipe waiting for its writer): the place to
    /// flush output, so what is rendered so far reaches the reader. Returning false stops
    /// reading (the output is gone, say): the input then ends there and `stopped` is true.
    public var willRead: () -> Bool = { true }
    /// True once `willRead` stopped the reading.
    public private(set) var stopped = false
    /// True when the input is a regular file, whose reads never wait for a writer.
    public var isRegularFile: Bool { source.fileSize != nil }

    private let source: InputSource
    private var buffer: [UInt8] = []
    /// Start of the next line in `buffer`.
    private var lineStart = 0
    /// Bytes before this offset hold no newline after `lineStart`.
    private var searched = 0
    private var atEnd = false
    private var keepsAll = true

    /// Opens `path` (`-` is standard input).
    public init(path: String, chunkSize: Int = 1 << 16) throws(InputError) {
        source = try InputSource(path: path, chunkSize: chunkSize)
    }

    /// Reads `bytes` as if they arrived `chunkSize` at a time (for tests).
    public init(name: String, bytes: [UInt8], chunkSize: Int) {
        source = InputSource(name: name, bytes: bytes, chunkSize: chunkSize)
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
            // The rest of a regular file in one read, plus one byte to see its end, so the
            // buffer is allocated once at the file's size (reading a whole chunk past it
            // would double the allocation); pipes and files that grew go by chunks.
            if let size = source.fileSize, size > 0, size >= buffer.count {
                try read(upTo: size - buffer.count + 1)
            } else {
                try read(upTo: source.chunkSize)
            }
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
        try read(upTo: source.chunkSize)
    }

    /// Reads once onto the end of `buffer`; a read of nothing is the end of the input.
    /// One read, not a loop: a pipe hands over what its writer wrote so far, and that is
    /// to be rendered now.
    private func read(upTo size: Int) throws(InputError) {
        if try source.read(into: &buffer, upTo: size) == 0 { atEnd = true }
    }
}
