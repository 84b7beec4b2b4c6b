import MsgfmtCore

/// Writes diagnostics to stderr in CLI.md's format and counts errors.
///
/// One message prints at most `perMessage` diagnostics, and always its first error: the
/// rest are counted (errors still count toward `errorCount`) and said in one line when
/// its diagnostics end (`finishMessage()`), so a message with thousands of broken
/// entities does not bury the other messages' diagnostics.
///
/// A run that may be redone (an `--update` that keeps pages, redone in full when a page
/// cannot be kept) records the lines it prints (`recordLines()`); the redo (`redo()`)
/// then passes over each of those lines once when it comes again, so every diagnostic
/// reaches the user once, as it happens.
final class DiagnosticPrinter {
    private let sink: OutputSink
    /// How many errors were printed.
    private(set) var errorCount = 0
    /// While recording: each printed line's hash, with how often it was printed.
    private var printed: [Int: Int] = [:]
    private var recording = false
    /// During a redo: the lines the first attempt printed that have not come again yet.
    private var printedBefore: [Int: Int] = [:]

    /// Creates a printer writing to `fd` (standard error unless a test says otherwise).
    init(fd: Int32 = 2) {
        sink = OutputSink(fd: fd, capacity: 4096)
    }

    /// The most diagnostics printed for one message.
    static let perMessage = 10
    /// The message the last diagnostic was about, its diagnostics printed, and those held
    /// back (how many, how many of them errors).
    private var message: MessageKey?
    private var shown = 0
    private var hidden = 0
    private var hiddenErrors = 0
    private var printedError = false
    /// Set by `redo()`: the errors held back were counted by the first attempt.
    private var redoing = false

    /// Identifies a message in an input: its file and its index or id, and its line in
    /// JSON Lines.
    private struct MessageKey: Equatable {
        var source: String
        var index: Int?
        var id: Int64?
        var line: Int?
    }

    /// Prints one diagnostic about `source`, unless its message has printed `perMessage`
    /// already (then it is counted).
    func report(_ diagnostic: Diagnostic, source: String) {
        let isError = diagnostic.severity == .error
        guard admit(diagnostic, source: diagnostic.source ?? source) else {
            if isError, !redoing { errorCount += 1 }
            return
        }
        guard write(diagnostic.formatted(source: source) + "\n") else { return }
        if isError { errorCount += 1 }
    }

    /// Says how many diagnostics of the last message were not printed, if any; called when
    /// its diagnostics end (another message's come, a file or the run is over). The next
    /// diagnostic starts a count of its own, even about the same message of a file read
    /// again.
    func finishMessage() {
        defer {
            (hidden, hiddenErrors, shown, printedError) = (0, 0, 0, false)
            message = nil
        }
        guard hidden > 0, let message else { return }
        let location = Diagnostic.Location(messageID: message.id, messageIndex: message.index, line: message.line)
        let kind = hiddenErrors == hidden ? "error" : hiddenErrors == 0 ? "warning" : "diagnostic"
        let count = "\(hidden) more \(kind)\(hidden == 1 ? "" : "s")"
        let line = Diagnostic(hiddenErrors > 0 ? .error : .warning, location, "\(count) about this message not shown")
        _ = write(line.formatted(source: message.source) + "\n")
    }

    /// Whether to print `diagnostic`: always when it is about no message in particular or
    /// is its message's first error, else while the message has printed fewer than
    /// `perMessage`.
    private func admit(_ diagnostic: Diagnostic, source: String) -> Bool {
        let location = diagnostic.location
        let key =
            location.messageIndex == nil && location.messageID == nil
            ? nil : MessageKey(source: source, index: location.messageIndex, id: location.messageID, line: location.line)
        if key != message {
            finishMessage()
            message = key
        }
        guard key != nil else { return true }
        let isError = diagnostic.severity == .error
        guard shown < Self.perMessage || (isError && !printedError) else {
            hidden += 1
            if isError { hiddenErrors += 1 }
            return false
        }
        shown += 1
        if isError { printedError = true }
        return true
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
        finishMessage()
        printedBefore = printed
        printed = [:]
        recording = false
        redoing = true
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
    /// Prints a free-form warning line `msgfmt: warning: MESSAGE` (an option that does
    /// nothing here, say); it does not change the exit status.
    func warning(_ message: String) {
        info("warning: \(message)")
    }

    /// Prints an informational line `msgfmt: MESSAGE` (for --stats).
    func info(_ message: String) {
        let sink = OutputSink(fd: 2, capacity: 256)
        sink.write("msgfmt: \(message)\n")
        sink.flush()
    }
}
