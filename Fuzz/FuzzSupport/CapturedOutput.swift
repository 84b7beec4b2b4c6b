#if canImport(Glibc)
import Glibc
#endif
import MsgfmtCore

/// Runs an emitter into an `OutputSink` over an anonymous temporary file and returns the
/// bytes written, so a fuzz target can scan real emitter output.
public enum CapturedOutput {
    /// The bytes `body` writes into the sink it is given.
    public static func capture(_ body: (OutputSink) -> Void) -> [UInt8] {
        let fd = memfdOrTemp()
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        do {
            let sink = OutputSink(fd: fd)
            body(sink)
            sink.flush()
        }
        let size = lseek(fd, 0, SEEK_END)
        guard size > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        return Array(bytes.prefix(max(0, n)))
    }

    private static func memfdOrTemp() -> Int32 {
        var template = Array("/tmp/msgfmt-fuzz-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
        return fd
    }
}
