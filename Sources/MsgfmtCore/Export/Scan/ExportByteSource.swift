/// Where the export scanner gets its bytes: a file read in fixed-size chunks, or bytes
/// already in memory, through the same `InputSource` the renderer reads with.
public final class ExportByteSource {
    private let source: InputSource
    /// The name diagnostics use (the path, or `<stdin>`).
    public var name: String { source.name }
    /// Total size when known (regular files), for progress.
    public let totalBytes: Int?

    /// Opens `path` (`-` is standard input), reading `chunkSize` bytes at a time.
    public init(path: String, chunkSize: Int = 1 << 20) throws(ExportReadError) {
        do {
            source = try InputSource(path: path, chunkSize: chunkSize)
        } catch {
            throw Self.readError(error)
        }
        // Standard input shows no total, even redirected from a file: it may not start at
        // the file's first byte.
        totalBytes = path == "-" ? nil : source.fileSize
    }

    /// A source over bytes in memory, handed out `chunkSize` bytes at a time (all at once
    /// when nil); `seekable` keeps them for `ExportScanner.jump`.
    public init(bytes: [UInt8], name: String, chunkSize: Int? = nil, seekable: Bool = false) {
        source = InputSource(name: name, bytes: bytes, chunkSize: chunkSize ?? bytes.count, keeps: seekable)
        totalBytes = bytes.count
    }

    /// Appends the next chunk to `buffer`; returns false at the end of input.
    func readChunk(into buffer: inout [UInt8]) throws(ExportReadError) -> Bool {
        do {
            return try source.read(into: &buffer) > 0
        } catch {
            throw Self.readError(error)
        }
    }

    /// Makes the next chunk start at byte `offset` of the file (`ExportScanner.jump`).
    func seek(to offset: Int) throws(ExportReadError) {
        guard source.seek(to: offset) else { throw .unreadable(path: name, reason: "it cannot be read again at byte \(offset)") }
    }

    private static func readError(_ error: InputError) -> ExportReadError {
        switch error {
        case .unreadable(let path, let reason): .unreadable(path: path, reason: reason)
        }
    }
}
