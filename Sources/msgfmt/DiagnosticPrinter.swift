import MsgfmtCore

/// Writes diagnostics to stderr in CLI.md's format and counts errors.
final class DiagnosticPrinter {
    private let sink = OutputSink(fd: 2, capacity: 4096)
    /// How many errors were printed.
    private(set) var errorCount = 0

    /// Prints one diagnostic about `source`.
    func report(_ diagnostic: Diagnostic, source: String) {
        if diagnostic.severity == .error { errorCount += 1 }
        sink.write(diagnostic.formatted(source: source) + "\n")
        sink.flush()
    }

    /// Prints a free-form error line `msgfmt: error: MESSAGE`.
    func error(_ message: String) {
        errorCount += 1
        sink.write("msgfmt: error: \(message)\n")
        sink.flush()
    }
}

extension DiagnosticPrinter {
    /// Prints an informational line `msgfmt: MESSAGE` (for --stats).
    func info(_ message: String) {
        let sink = OutputSink(fd: 2, capacity: 256)
        sink.write("msgfmt: \(message)\n")
        sink.flush()
    }
}
