import MsgfmtCore

#if canImport(Glibc)
    import Glibc
#endif

/// A one-line progress display on stderr: messages done, throughput and time left.
final class ExportProgress {
    private let total: Int?
    private let sink = OutputSink(fd: 2, capacity: 512)
    private let start: Double
    private var last: Double = 0
    private var shown = false

    /// Creates a display for an input of `totalBytes` (nil when unknown, e.g. a pipe).
    init(totalBytes: Int?) {
        total = totalBytes
        start = Self.now()
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Updates the line (at most five times a second).
    func update(_ stats: ExportStats, bytesRead: Int) {
        let t = Self.now()
        guard t - last >= 0.2 else { return }
        last = t
        let elapsed = max(t - start, 0.001)
        let rate = Double(bytesRead) / elapsed / 1_048_576
        var line = "\r\u{1B}[2Kmsgfmt: \(stats.read) messages · \(Self.fixed(rate)) MB/s"
        if let total, total > 0 {
            let fraction = min(1, Double(bytesRead) / Double(total))
            line += " · \(Int(fraction * 100))%"
            if fraction > 0.01, fraction < 1 {
                let left = Int(elapsed / fraction * (1 - fraction))
                line += " · ETA \(left / 60):\(left % 60 < 10 ? "0" : "")\(left % 60)"
            }
        }
        sink.write(line)
        sink.flush()
        shown = true
    }

    /// Clears the line.
    func finish() {
        guard shown else { return }
        sink.write("\r\u{1B}[2K")
        sink.flush()
    }

    private static func fixed(_ v: Double) -> String {
        guard v.isFinite else { return "0.0" }
        let tenths = Int((v * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
