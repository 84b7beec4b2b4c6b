import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Places a file into the output for `--media copy`: a hard link when source and output
/// are on the same file system, else a copy written under a temporary name and renamed, so
/// a file shared by several messages (or placed by two threads at once) is whole.
enum MediaCopier {
    /// Numbers the temporary names of copies in progress.
    private static let serial = Atomic<Int>(0)

    /// Links or copies `source` to `destination`, creating its folders; true when the
    /// destination holds the file afterwards (also when it was placed before).
    static func place(_ source: String, at destination: String) -> Bool {
        makeFolders(containing: destination)
        if link(source, destination) == 0 { return true }
        let linkError = errno
        if linkError == EEXIST { return true }
        return copy(source, to: destination)
    }

    /// Creates the folders above `path` that do not exist yet.
    private static func makeFolders(containing path: String) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/").dropLast() {
            prefix += "/" + part
            _ = mkdir(prefix, 0o755)
        }
    }

    /// Copies `source` to a temporary name next to `destination`, then renames it.
    private static func copy(_ source: String, to destination: String) -> Bool {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { return false }
        defer { close(input) }
        let temporary = destination + ".part-\(getpid())-\(serial.wrappingAdd(1, ordering: .relaxed).oldValue)"
        let output = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { return false }
        var ok = true
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        loop: while true {
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                ok = false
                break
            }
            var written = 0
            while written < n {
                let w = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, n - written) }
                if w < 0 {
                    if errno == EINTR { continue }
                    ok = false
                    break loop
                }
                written += w
            }
        }
        if close(output) != 0 { ok = false }
        if ok, rename(temporary, destination) == 0 { return true }
        unlink(temporary)
        return false
    }
}
