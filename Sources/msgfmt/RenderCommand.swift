import ArgumentParser
import MsgfmtCore

#if canImport(Glibc)
    import Glibc
#endif

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

    @Option(
        help: ArgumentHelp(
            "Output format: ansi, text, html, json, bot-api, markdown-v2, telegram-html, svg or png.",
            discussion:
                "json and bot-api write one JSON object per message, one per line; a json object's diagnostics list what msgfmt reported about the message, each with its severity and message and, where known, entity (the entity's index in the input), byte_offset (in the input), line and column. markdown-v2 and telegram-html write each message followed by a newline (a message may span several lines). svg and png draw each message as a chat bubble, laid out with fonts (see -o and --stack); a PNG is not written to a terminal."
        ))
    var to: OutputFormat = RenderOptions().to

    @OptionGroup(title: "Layout")
    var layout: LayoutOptionGroup

    @OptionGroup(title: "Style")
    var style: StyleOptionGroup

    @Option(
        parsing: .unconditional,
        help:
            "Threads rendering messages (default: the cores msgfmt may run on, as nproc counts them): the one reading and writing helps N-1 workers and output stays in input order; 1 does everything on one thread."
    )
    var jobs: Int?

    @OptionGroup(title: "Fonts and pictures")
    var fonts: FontOptionGroup

    @OptionGroup var zone: TimeZoneOptionGroup

    @Argument(help: "Input files; none or '-' reads standard input.")
    var files: [String] = []

    /// The parsed values.
    var settings: RenderSettings {
        var s = RenderSettings()
        s.options.from = input.from
        s.options.detect = input.detect
        s.options.strict = input.strict
        s.options.to = to
        s.options.layout = layout.constraints
        s.options.style = style.options
        s.width = layout.widthArgument
        s.options.measure = fonts.measure
        s.options.fonts = fonts.fonts
        s.options.picture = fonts.picture
        s.options.timeZone = zone.timeZone
        s.escapes = style.escapes
        s.entities = input.entities
        s.stats = input.stats
        s.filter = filter.filter
        s.jobs = jobs
        s.files = files
        return s
    }

    func validate() throws {
        try Self.validate(settings)
    }

    /// The command's own check (after its groups'), for either reader of the command line.
    static func validate(_ settings: RenderSettings) throws {
        if let jobs = settings.jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, not \(jobs).") }
    }

    func run() throws {
        try Self.run(settings)
    }

    /// Renders every input file as `settings` say; throws the exit status when not 0.
    static func run(_ settings: RenderSettings) throws {
        OutputSink.ignoreBrokenPipe()
        let printer = DiagnosticPrinter()
        var options = settings.options
        // Bot API dates are Unix times; before: and after: read days in --time-zone.
        options.filter = try FilterOptionGroup.compile(settings.filter, clock: options.clock, printer: printer)
        options.from = try InputFormatOptionGroup.format(options.from, entities: settings.entities)
        options.entitiesJSON = try InputFormatOptionGroup.entitiesJSON(settings.entities, printer: printer)
        if settings.width?.pixels == true { options.measure = .font }
        for option in settings.unusedOptions(usesFonts: options.usesFonts) { printer.warning("\(option); ignored") }
        if options.usesFonts, ![.json, .svg, .png].contains(options.to) {
            throw ValidationError("--measure font and --width in px lay out in pixels: use them with --to json, svg or png.")
        }
        var fonts: FontLibrary? = nil
        if options.usesFonts {
            let library = try FontLibrary.opened(options.fonts, for: options.to)
            fonts = library
            let pixels = settings.width?.value ?? RenderCommand.defaultPixelWidth
            guard pixels <= FontLibrary.maximumWidthPixels else {
                throw ValidationError("--width must be between 1px and \(FontLibrary.maximumWidthPixels)px, not \(pixels)px.")
            }
            let cells = try options.layout.resolved(width: LayoutConstraints.maximumWidth)
            options.layout = library.constraints(cells, widthPixels: Double(pixels))
        } else {
            options.layout = try options.layout.resolved(width: TerminalEnvironment.width(explicit: settings.width?.value))
        }
        options.style = TerminalEnvironment.styleOptions(options.style, escapes: settings.escapes)
        options.jobs = settings.jobs ?? ProcessorCount.available
        options.laysOutInPieces = true
        let pictures = options.to == .svg || options.to == .png
        // `-o -` is standard output, as for export.
        if options.picture.output == "-" { options.picture.output = nil }
        if options.picture.output != nil, !pictures { throw ValidationError("-o/--output is for --to svg and --to png.") }
        if options.to == .png, options.picture.output == nil, isatty(1) != 0 { throw ValidationError(Self.pngToTerminal) }
        if let path = options.picture.output, PictureOptions.namesFile(path, pictureExtension: options.to.rawValue) {
            options.picture.stack = true
        }
        var target: AtomicOutput? = nil
        if let path = options.picture.output {
            do throws(AtomicOutputError) {
                target = try AtomicOutput(path: path, kind: options.picture.stack ? .file : .directory, inputs: settings.files)
            } catch {
                printer.error(error.message)
                throw ExitStatus.outputFailed
            }
            if !options.picture.stack { options.picture.output = target?.temporaryPath ?? path }
        }

        let out = target?.sink ?? OutputSink()
        let renderer = Renderer(options: options, fonts: fonts)
        var emitter = renderer.makeEmitter()
        var total = Renderer.Stats()
        var unreadable = 0
        emitter.begin(into: out)
        for path in settings.files.isEmpty ? ["-"] : settings.files where !out.failed {
            var stats = Renderer.Stats()
            var source = path
            do throws(InputError) {
                let reader = try InputReader(path: path)
                source = reader.name
                // Whatever is rendered reaches a pipe before msgfmt waits for more input;
                // once the output is gone (`| head`), reading stops.
                reader.willRead = {
                    out.flush()
                    return !out.failed
                }
                // Messages are numbered within their input; the emitter numbers them on.
                emitter.beginInput(numberedFrom: total.read - total.skipped.count)
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
            // Messages whose pictures were too large to draw: their errors, the rest written.
            if var pictures = emitter as? PictureEmitter {
                let undrawn = pictures.takeUndrawn()
                emitter = pictures
                for diagnostic in undrawn { printer.report(diagnostic, source: source) }
                stats.rendered -= undrawn.count
                stats.failed += undrawn.count
            }
            printer.finishMessage()
            total.add(stats)
            // Once the reader has gone (`| head`), the run ends in silence.
            for note in renderer.notes(stats) where !out.failed { printer.info("note: \(source): \(note)") }
        }
        emitter.end(into: out)
        out.flush()
        if let failures = (emitter as? PictureEmitter)?.failures, !failures.isEmpty {
            failures.forEach(printer.error)
            target?.abandon()
            throw ExitStatus.outputFailed
        }
        if let picture = emitter as? PictureEmitter, picture.stacksNothing {
            // No message was drawn: no file, rather than an empty one that is no picture.
            target?.abandon()
            printer.info("note: no message was drawn, so no picture was written")
        } else {
            do throws(AtomicOutputError) {
                try target?.commit()
            } catch {
                target?.abandon()
                printer.error(error.message)
                throw ExitStatus.outputFailed
            }
        }
        if settings.stats {
            let skipped = total.skipped.count > 0 ? ", skipped \(total.skipped.count)" : ""
            // `filtered N` only with a filter, so the line without one stays as it was.
            let filtered = settings.filter == nil ? "" : "filtered \(total.filtered), "
            printer.info("read \(total.read), rendered \(total.rendered), \(filtered)failed \(total.failed)\(skipped)")
        }
        if out.failed {
            if let message = out.failureMessage { printer.error(message) }
            throw ExitStatus.outputFailed
        }
        if unreadable > 0 { throw ExitStatus.usage }
        if total.failed > 0 || printer.errorCount > 0 { throw ExitStatus.invalidInput }
    }
}

extension RenderCommand {
    /// Why a PNG is not written to standard output when that is a terminal: its bytes would
    /// garble the screen, and compressed text can hold any escape sequence.
    static let pngToTerminal = "A PNG is not written to a terminal: give -o FILE, or redirect standard output."
}

extension OutputFormat: ExpressibleByArgument {}

extension RenderCommand {
    /// The width of a layout measured with fonts when --width is not given, in pixels.
    static let defaultPixelWidth = 360
}
