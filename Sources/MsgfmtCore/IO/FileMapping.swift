#if canImport(Glibc)
    import Glibc
#endif

/// A read-only mapping of the first bytes of an open file, unmapped when released: reading
/// it in place costs no system call and no copy, which matters for many small reads.
///
/// The holder must keep the file from shrinking below the mapped bytes while it is mapped
/// (a page past the file's end cannot be read): map only what a lock or the holder's own
/// writes keep as it is.
final class FileMapping: @unchecked Sendable {
    /// The mapped bytes.
    let bytes: UnsafeRawBufferPointer

    /// Maps the first `count` bytes of `fd`; nil when `count` is 0 or the file cannot be
    /// mapped (a pipe, a file system without mappings): read it another way then.
    init?(fd: Int32, count: Int) {
        guard count > 0, let base = mmap(nil, count, PROT_READ, MAP_SHARED, fd, 0), base != MAP_FAILED else { return nil }
        bytes = UnsafeRawBufferPointer(start: base, count: count)
    }

    /// Lets go of the pages read so far (they count as the process's memory while mapped):
    /// a later read maps them again from the page cache, or the file. Safe while other
    /// threads read: the bytes are the file's, not the mapping's.
    func release() {
        madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count, MADV_DONTNEED)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
