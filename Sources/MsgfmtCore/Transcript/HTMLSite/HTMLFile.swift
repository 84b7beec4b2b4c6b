#if canImport(Glibc)
    import Glibc
#endif

/// One file of the HTML site being written inside the temporary output directory.
final class HTMLFile {
    let sink: OutputSink
    private var fd: Int32
    /// True when the file could not be created or written.
    private(set) var failed = false

    /// Creates `path` as a new file. A file already there is unlinked first, never written
    /// through: with `--update` it may be a hard link to the previous site's file, which
    /// must stay as it was until the new site replaces it.
    init(path: String) {
        var fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0, errno == EEXIST, unlink(path) == 0 { fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        self.fd = fd
        sink = OutputSink(fd: fd < 0 ? -1 : fd)
        if fd < 0 { failed = true }
    }

    func write(_ s: String) { sink.write(s) }

    /// Writes UTF-8 bytes.
    func write(_ bytes: ArraySlice<UInt8>) { sink.write(bytes) }

    /// Flushes and closes the file.
    func close() {
        sink.flush()
        if sink.failed { failed = true }
        if fd >= 0 {
            _ = Glibc.close(fd)
            fd = -1
        }
    }
}
