import ArgumentParser
import MsgfmtCore

/// `msgfmt render` (the default command): messages in, formatted messages out.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render messages (the default command)."
    )

    @OptionGroup(title: "Input")
    var input: InputOptionGroup

    @OptionGroup(title: "Filter")
    var filter: FilterOptionGroup

    @Option(help: ArgumentHelp(
        "Output format: ansi, text, html, json, bot-api, markdown-v2 or telegram-html.",
        discussion: "json and bot-api write one JSON object per message, one per line; markdown-v2 and telegram-html write each message followed by a newline (a message may span several lines)."))
    var to: OutputFormat = .ansi

    @OptionGroup(title: "Layout")
    var layout: LayoutOptionGroup

    @OptionGroup(title: "Style")
    var style: StyleOptionGroup

    @Argument(help: "Input files; none or '-' reads standard input.")
    var files: [String] = []

    /// The parsed values.
    var settings: RenderSettings {
        RenderSettings(
            from: input.from, entities: input.entities, detect: input.detect, strict: input.strict,
            stats: input.stats, filter: filter.filter, to: to, layout: layout.settings, style: style.settings, files: files)
    }

    func run() throws {
        try Self.run(settings)
    }

    /// Renders every input file as `settings` say; throws the exit status when not 0.
    static func run(_ settings: RenderSettings) throws {
        OutputSink.ignoreBrokenPipe()
        let printer = DiagnosticPrinter()
        var options = RenderOptions()
        options.from = settings.from
        options.detect = settings.detect
        options.strict = settings.strict
        // Bot API dates are Unix times; before: and after: read days in the system's zone.
        options.filter = try FilterOptionGroup.compile(settings.filter, clock: .local, printer: printer)
        options.to = settings.to
        options.entitiesJSON = try entitiesJSON(settings.entities)
        options.layout = try settings.layout.constraints(width: TerminalEnvironment.width(explicit: settings.layout.width))
        options.style = TerminalEnvironment.styleOptions(settings.style, format: settings.to)

        let out = OutputSink()
        let renderer = Renderer(options: options)
        var emitter = renderer.makeEmitter()
        var total = Renderer.Stats()
        var unreadable = 0
        emitter.begin(into: out)
        for path in settings.files.isEmpty ? ["-"] : settings.files where !out.failed {
            var stats = Renderer.Stats()
            do throws(InputError) {
                let reader = try InputReader(path: path)
                // Whatever is rendered reaches a pipe before msgfmt waits for more input;
                // once the output is gone (`| head`), reading stops.
                reader.willRead = {
                    out.flush()
                    return !out.failed
                }
                try renderer.render(reader, emitter: &emitter, into: out, stats: &stats) { diagnostic in
                    var d = diagnostic
                    if options.strict, d.severity == .warning { d.severity = .error }
                    printer.report(d, source: reader.name)
                }
            } catch {
                // Reported now; the other files are still rendered, then the run exits 2.
                printer.error(error.message)
                unreadable += 1
            }
            total.read += stats.read
            total.rendered += stats.rendered
            total.failed += stats.failed
            total.filtered += stats.filtered
        }
        emitter.end(into: out)
        out.flush()
        if settings.stats {
            // `filtered N` only with a filter, so the line without one stays as it was.
            let filtered = settings.filter == nil ? "" : "filtered \(total.filtered), "
            printer.info("read \(total.read), rendered \(total.rendered), \(filtered)failed \(total.failed)")
        }
        if out.failed {
            if let message = out.failureMessage { printer.error(message) }
            throw ExitStatus.outputFailed
        }
        if unreadable > 0 { throw ExitStatus.usage }
        if total.failed > 0 || printer.errorCount > 0 { throw ExitStatus.invalidInput }
    }

    /// The `--entities` value, reading `@FILE` when given so.
    private static func entitiesJSON(_ value: String?) throws -> String? {
        guard let value else { return nil }
        guard value.hasPrefix("@") else { return value }
        do {
            let file = try InputFile.read(String(value.dropFirst()))
            return String(decoding: file.bytes, as: UTF8.self)
        } catch {
            throw ValidationError("--entities: \(error.message).")
        }
    }
}

extension OutputFormat: ExpressibleByArgument {}
