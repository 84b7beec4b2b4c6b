import ArgumentParser
import Dispatch
import MsgfmtCore

#if canImport(Glibc)
    import Glibc
#endif

/// `msgfmt export`: a Telegram Desktop export in, a transcript out.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Convert a Telegram Desktop export (one chat or a whole account) into a transcript.",
        discussion: """
            Reads result.json as a stream (memory stays flat however large it is), lays \
            messages out in parallel and writes an HTML site (index, chats paginated by count \
            or date, day index, search that works offline), an ANSI or text transcript (list \
            or bubbles), JSON Lines (layout boxes plus metadata) or Markdown, to one file or \
            one per chat and period. Output is written under a temporary name and moved \
            into place when complete. A message that cannot be read is reported with its \
            id and the rest is converted (exit status 1).
            """
    )

    @Argument(help: "The export's result.json ('-' reads standard input).")
    var file: String

    @OptionGroup(title: "Export")
    var export: ExportOptionGroup

    @OptionGroup(title: "Filter")
    var filter: FilterOptionGroup

    @OptionGroup(title: "Layout")
    var layout: LayoutOptionGroup

    @OptionGroup(title: "Style")
    var style: StyleOptionGroup

    func run() throws {
        OutputSink.ignoreBrokenPipe()
        let printer = DiagnosticPrinter()
        var options = try makeOptions()
        options.filter = try FilterOptionGroup.compile(filter.filter, clock: options.clock, printer: printer)
        let source: ExportByteSource
        do {
            source = try ExportByteSource(path: file)
        } catch {
            printer.error(error.message)
            throw ExitStatus.usage
        }
        let pattern = try outputPattern(printer)
        let output = pattern == nil ? try openOutput(printer) : AtomicOutput()
        let signals = Self.cleanUpOnSignals()
        defer { for signal in signals { signal.cancel() } }

        let writer: any TranscriptWriter
        var splitter: (any FileSplittingWriter)?
        if let pattern {
            let files = TranscriptWriters.make(options: options, pattern: pattern)
            writer = files
            splitter = files
        } else {
            writer = TranscriptWriters.make(options: options, output: output)
        }
        let showProgress = export.progress == .always || (export.progress == .auto && isatty(2) != 0)
        let progress = showProgress ? ExportProgress(totalBytes: source.totalBytes) : nil
        let converter = ExportConverter(
            options: options, writer: writer,
            report: { printer.report($0, source: source.name) },
            progress: progress.map { p in { p.update($0, bytesRead: $1) } })
        let stats: ExportStats
        do {
            stats = try converter.run(source)
            progress?.finish()
        } catch {
            progress?.finish()
            switch error {
            case .truncated(let offset), .malformed(let offset, _):
                printer.error("\(source.name):byte \(offset): \(error.message)")
            default:
                printer.error("\(source.name): \(error.message)")
            }
            if case .notAnExport = error { output.abandon() } else { try commit(output, printer) }
            printStats(converter.stats, printer)
            try check(splitter, printer)
            throw ExitStatus.invalidInput
        }
        try commit(output, printer)
        printStats(stats, printer)
        try check(splitter, printer)
        if !export.chat.isEmpty, stats.chats == 0 {
            printer.error("\(source.name): no chat matches --chat \(export.chat.joined(separator: ", "))")
        }
        if stats.failed > 0 || printer.errorCount > 0 { throw ExitStatus.invalidInput }
    }

    /// The `--stats` line on stderr, when asked for.
    private func printStats(_ stats: ExportStats, _ printer: DiagnosticPrinter) {
        guard export.stats else { return }
        printer.info(
            "chats \(stats.chats), read \(stats.read), written \(stats.written), filtered \(stats.filtered), failed \(stats.failed)")
    }

    private func commit(_ output: AtomicOutput, _ printer: DiagnosticPrinter) throws {
        do {
            try output.commit()
        } catch {
            output.abandon()
            // A reader that stopped reading (`| head`) is not worth a message.
            if error != .readerGone { printer.error(error.message) }
            throw ExitStatus.outputFailed
        }
    }

    /// The `-o` pattern, when the path has placeholders (`out/{chat}/{year}-{month}.md`);
    /// a pattern that cannot be used is a usage error.
    private func outputPattern(_ printer: DiagnosticPrinter) throws -> OutputPattern? {
        guard let path = export.output, OutputPattern.isPattern(path) else { return nil }
        do {
            return try OutputPattern(parsing: path, format: export.to)
        } catch {
            printer.error(error.message)
            throw ExitStatus.usage
        }
    }

    /// Reports the first file a pattern's writer could not write (exit status 3).
    private func check(_ splitter: (any FileSplittingWriter)?, _ printer: DiagnosticPrinter) throws {
        guard let error = splitter?.error else { return }
        printer.error(error.message)
        throw ExitStatus.outputFailed
    }

    /// The export options from the flags.
    private func makeOptions() throws -> ExportOptions {
        var options = ExportOptions()
        options.format = export.to
        options.style = export.style ?? (export.to == .html ? .bubbles : .list)
        options.chats = export.chat
        options.clock = export.timeZone.flatMap { ExportClock(timeZone: $0) } ?? ExportClock.local
        options.since = export.since.flatMap(ExportClock.parseDay)
        options.until = export.until.flatMap(ExportClock.parseDay)
        options.jobs = export.jobs ?? max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        options.pageSize = export.pageSize
        options.pages = export.pages
        if export.noSearch { options.search = false }
        if let me = export.me { options.me = me.hasPrefix("user") ? me : "user\(me)" }
        let format: OutputFormat
        switch export.to {
        case .html: format = .html
        case .ansi: format = .ansi
        case .json: format = .json
        case .text, .markdown: format = .text
        }
        // The transcript pads day headers to the middle of its width: clamp it as layout does.
        let width = min(TerminalEnvironment.width(explicit: layout.width), LayoutConstraints.maximumWidth)
        options.width = width
        let bodyWidth =
            export.to == .ansi || export.to == .text
            ? TerminalTranscriptWriter.bodyWidth(style: options.style, width: width) : width
        options.render.to = format
        options.render.skipsLayout = export.to == .markdown
        options.render.layout = try layout.constraints.resolved(width: max(1, bodyWidth))
        var styleOptions = TerminalEnvironment.styleOptions(style.options, escapes: style.escapes)
        if export.output != nil, export.output != "-", style.color == .auto {
            styleOptions.color = false
            if style.hyperlinks == .auto { styleOptions.hyperlinks = false }
        }
        styleOptions.standalone = false
        options.render.style = styleOptions
        return options
    }

    /// Opens the output: a temporary directory or file, or stdout.
    private func openOutput(_ printer: DiagnosticPrinter) throws -> AtomicOutput {
        do {
            if export.to == .html {
                return try AtomicOutput(path: export.output ?? defaultDirectory(), kind: .directory)
            }
            guard let path = export.output, path != "-" else { return AtomicOutput() }
            return try AtomicOutput(path: path, kind: .file)
        } catch {
            printer.error(error.message)
            throw ExitStatus.outputFailed
        }
    }

    /// `result_transcript` for `result.json` (in the current directory).
    private func defaultDirectory() -> String {
        guard file != "-" else { return "transcript" }
        var name = String(file.split(separator: "/").last ?? "export")
        if name.hasSuffix(".json") { name.removeLast(5) }
        return name + "_transcript"
    }

    /// On SIGINT/SIGTERM: remove temporary outputs and exit with 128 + the signal.
    static func cleanUpOnSignals() -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { sig in
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                TemporaryOutputs.removeAll()
                _exit(128 + sig)
            }
            source.resume()
            return source
        }
    }
}
