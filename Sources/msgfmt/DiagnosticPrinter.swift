import MsgfmtCore

/// Writes diagnostics to stderr in CLI.md's format and counts errors.
///
/// A run that may be redone (an `--update` that keeps pages, redone in full when a page
/// cannot be kept) records the lines it prints (`recordLines()`); the redo (`redo()`)
/// then passes over each of those lines once when it comes again, so every diagnostic
/// reaches the user once, as it happens.
final class DiagnosticPrinter {
    private let sink = OutputSink(fd: 2, capacity: 4096)
    /// How many errors were printed.
    private(set) var errorCount = 0
    /// While recording: each printed line's hash, with how often it was printed.
    private var printed: [Int: Int] = [:]
    private var recording = false
    /// During a redo: the lines the first attempt printed that have not come again yet.
    private var printedBefore: [Int: Int] = [:]

    /// Prints one diagnostic about `source`.
    func report(_ diagnostic: Diagnostic, source: String) {
        guard write(diagnostic.formatted(source: source) + "\n") else { return }
        if diagnostic.severity == .error { errorCount += 1 }
    }

    /// Prints a free-form error line `msgfmt: error: MESSAGE`.
    func error(_ message: String) {
        guard write("msgfmt: error: \(message)\n") else { return }
        errorCount += 1
    }

    /// Records the diagnostic and error lines printed from now on, for a `redo()`.
    func recordLines() {
        recording = true
    }

    /// The run is done again from the start: lines the recorded attempt printed are not
    /// printed again (each as often as it was printed); new ones are.
    func redo() {
        printedBefore = printed
        printed = [:]
        recording = false
    }

    /// Writes `line` unless a redo meets it again; false when it was passed over.
    private func write(_ line: String) -> Bool {
        if !printedBefore.isEmpty || recording {
            let key = line.hashValue
            if let times = printedBefore[key] {
                printedBefore[key] = times > 1 ? times - 1 : nil
                return false
            }
            if recording { printed[key, default: 0] += 1 }
        }
        sink.write(line)
        sink.flush()
        return true
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
