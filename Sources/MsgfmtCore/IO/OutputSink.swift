#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A buffered writer to a file descriptor that remembers, instead of crashing, when the
/// other end is gone (closed pipe, full disk). `OutputSink.memory()` collects the bytes
/// instead, so emitters can compose output off the main thread (export workers).
public final class OutputSink {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private let capacity: Int
    /// True once a write failed; later writes are dropped.
    public private(set) var failed = false
    /// The `errno` of the failed write (`EPIPE` when the reader went away), or 0.
    public private(set) var errorNumber: Int32 = 0

    /// One sentence for stderr about the failed write, or nil when there is nothing to say:
    /// no failure, or a reader that stopped reading (`msgfmt … | head`), which is quiet.
    public var failureMessage: String? {
        guard failed, errorNumber != EPIPE else { return nil }
        return "cannot write output: \(String(cString: strerror(errorNumber)).lowercased())"
    }

    /// Creates a sink over `fd` (1 for stdout) flushing every `capacity` bytes.
    public init(fd: Int32 = 1, capacity: Int = 1 << 16) {
        self.fd = fd
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    deinit { flush() }

    /// A sink that keeps everything written in memory; read it with `takeBytes()`.
    public static func memory(capacity: Int = 4096) -> OutputSink {
        OutputSink(fd: -1, capacity: capacity)
    }

    /// For a memory sink: the bytes written so far, leaving the sink empty.
    public func takeBytes() -> [UInt8] {
        precondition(fd < 0, "takeBytes() is for memory sinks")
        defer { buffer.removeAll(keepingCapacity: true) }
        return buffer
    }

    /// Appends bytes.
    public func write<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        if failed { return }
        buffer.append(contentsOf: bytes)
        if fd >= 0, buffer.count >= capacity { flush() }
    }

    /// Lets `fill` write at most `maximum` bytes at the end of the buffer and keep the
    /// number it returns, without an intermediate array.
    func withAppendingCapacity(_ maximum: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Int) {
        if failed { return }
        buffer.appendBytes(upTo: maximum) { fill(UnsafeMutableBufferPointer(start: $0, count: maximum)) }
        if fd >= 0, buffer.count >= capacity { flush() }
    }

    /// Appends a string's UTF-8.
    public func write(_ string: String) {
        var s = string
        s.withUTF8 { write($0) }
    }

    /// Writes out everything buffered; sets `failed` on any error.
    public func flush() {
        if fd < 0 { return }
        if failed || buffer.isEmpty {
            buffer.removeAll(keepingCapacity: true)
            return
        }
        var offset = 0
        buffer.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    errorNumber = errno
                    failed = true
                    return
                }
                offset += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Ignores SIGPIPE so a closed pipe shows up as a failed write (exit 3), not a kill.
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }
}
