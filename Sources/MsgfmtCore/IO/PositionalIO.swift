#if canImport(Glibc)
    import Glibc
#endif

/// Whole byte ranges read from or written to an open file at given offsets (`pread` and
/// `pwrite`, repeated over short counts and interruptions), from any thread.
enum PositionalIO {
    /// Exactly `count` bytes at `offset` of `fd`, or nil when they cannot all be read.
    static func read(_ fd: Int32, at offset: Int, count: Int) -> [UInt8]? {
        guard let out = read(fd, at: offset, upTo: count), out.count == count else { return nil }
        return out
    }

    /// Up to `count` bytes at `offset` of `fd`: fewer when the file ends first (none past
    /// its end), nil when it cannot be read.
    static func read(_ fd: Int32, at offset: Int, upTo count: Int) -> [UInt8]? {
        guard count >= 0, offset >= 0 else { return nil }
        // Read straight into the array's storage: no bytes zeroed first.
        var ok = true
        let out = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let n = pread(fd, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if n < 0, errno == EINTR { continue }
                if n < 0 {
                    ok = false
                    break
                }
                if n == 0 { break }
                done += n
            }
            initialized = done
        }
        return ok ? out : nil
    }

    /// Writes all of `bytes` at `offset` of `fd`; false when it could not.
    static func write(_ fd: Int32, _ bytes: [UInt8], at offset: UInt64) -> Bool {
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = pwrite(fd, raw.baseAddress! + done, raw.count - done, off_t(offset) + off_t(done))
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return false }
                done += n
            }
            return true
        }
    }
}
