import ArgumentParser
import MsgfmtCore

/// One `msgfmt diff` run: compares the two exports its settings name and writes the
/// differences, with the exit status diff(1) would give.
struct DiffJob {
    let settings: DiffSettings

    /// Runs the comparison; throws `DiffCommand.differences` when there are differences
    /// and `DiffCommand.trouble` when something went wrong, after saying what.
    func run() throws {
        OutputSink.ignoreBrokenPipe()
        let printer = DiagnosticPrinter()
        let options = try makeOptions()
        let output: AtomicOutput
        do {
            output =
                outputPath == nil
                ? AtomicOutput() : try AtomicOutput(path: outputPath!, kind: .file, inputs: [settings.old, settings.new])
        } catch {
            printer.error(error.message)
            throw DiffCommand.trouble
        }
        let signals = SignalCleanup.armed()
        defer { signals.cancel() }

        let comparison = ArchiveComparison(options: options) { printer.report($0, source: $1) }
        let counts: DiffStats
        do {
            counts = try comparison.run(old: settings.old, new: settings.new, into: output.sink ?? OutputSink())
            printer.finishMessage()
        } catch {
            printer.finishMessage()
            printer.error(error.message)
            output.abandon()
            throw DiffCommand.trouble
        }
        do {
            try output.commit()
        } catch {
            output.abandon()
            if error != .readerGone {
                printer.error(error.message)
                throw DiffCommand.trouble
            }
        }
        if settings.stats { printer.info(counts.summary) }
        if counts.failed > 0 || printer.errorCount > 0 { throw DiffCommand.trouble }
        if counts.differences > 0 { throw DiffCommand.differences }
    }

    /// `-o`, with `-` meaning standard output.
    private var outputPath: String? {
        settings.output == "-" ? nil : settings.output
    }

    /// The diff options from the settings and the environment.
    private func makeOptions() throws -> DiffOptions {
        var options = DiffOptions()
        options.jobs = settings.jobs ?? ProcessorCount.available
        var styleOptions = TerminalEnvironment.styleOptions(settings.style, escapes: settings.escapes)
        if outputPath != nil, settings.escapes.color == .auto {
            styleOptions.color = false
            styleOptions.attributes = false
            if settings.escapes.hyperlinks == .auto { styleOptions.hyperlinks = false }
        }
        let escapes = styleOptions.color || styleOptions.attributes
        options.format = settings.to ?? (escapes ? .ansi : .text)
        if options.format == .text {
            styleOptions.color = false
            styleOptions.attributes = false
            styleOptions.hyperlinks = false
        }
        options.style = styleOptions
        options.width = TerminalEnvironment.width(explicit: settings.width?.cells)
        options.layout = try settings.layout.resolved(width: options.width)
        options.clock = .named(settings.timeZone)
        options.chats = settings.chat
        options.me = settings.me.map(MessageSender.fromID(me:))
        return options
    }
}
