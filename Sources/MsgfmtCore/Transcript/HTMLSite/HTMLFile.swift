#if canImport(Glibc)
    import Glibc
#endif

/// One file of the HTML site being written inside the temporary output directory.
final class HTMLFile {
    let sink: OutputSink
    private var fd: Int32
    /// True when the file could not be created or written.
    private(set) var failed = false

    /// Creates (truncates) `path`.
    init(path: String) {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        sink = OutputSink(fd: fd < 0 ? -1 : fd)
        if fd < 0 { failed = true }
    }

    func write(_ s: String) { sink.write(s) }

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
