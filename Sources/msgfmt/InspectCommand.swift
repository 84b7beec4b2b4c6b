import ArgumentParser
import MsgfmtCore

/// `msgfmt inspect`: shows what the Unicode layer sees, as JSON.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print grapheme clusters with cell widths, line-break opportunities and bidi levels as JSON.",
        discussion: """
            Input is read as render reads it (--from, default auto): plain text (the whole \
            input is one text; one trailing newline is dropped), Bot API JSON (a message \
            object, an array, an Update, a getUpdates response, or JSON Lines), a parse mode \
            (its text without markup) or a Telegram Desktop export. auto reads JSON when the \
            input starts like a JSON object or array; --from text inspects such input as \
            text. One JSON object is printed per text, one per line. Offsets count UTF-16 \
            code units, as Telegram's entities do.
            """
    )

    @OptionGroup(title: "Input")
    var input: InputFormatOptionGroup

    @Option(name: .customLong("width-model"), help: "How cluster widths are counted: modern or legacy.")
    var widthModel: WidthModel = InspectSettings().widthModel

    @Argument(help: "Input files; none or '-' reads standard input.")
    var files: [String] = []

    /// The settings this command line asks for.
    var settings: InspectSettings {
        InspectSettings(from: input.from, entities: input.entities, widthModel: widthModel, files: files)
    }

    func run() throws {
        try Self.run(settings)
    }

    /// Inspects what `settings` name, however the command line was read.
    static func run(_ settings: InspectSettings) throws {
        OutputSink.ignoreBrokenPipe()
        let printer = DiagnosticPrinter()
        let out = OutputSink()
        let options = DecodeOptions(
            format: try InputFormatOptionGroup.format(settings.from, entities: settings.entities),
            entitiesJSON: try InputFormatOptionGroup.entitiesJSON(settings.entities, printer: printer))
        for path in settings.files.isEmpty ? ["-"] : settings.files {
            let file: InputFile
            do {
                file = try InputFile.read(path)
            } catch {
                printer.error(error.message)
                throw ExitStatus.usage
            }
            var skipped = SkippedUpdates()
            for item in InspectInput.parse(file.bytes, options: options) {
                switch item {
                case .message(let message, let diagnostics):
                    // Entities do not change what is inspected: only errors are worth a line.
                    for diagnostic in diagnostics where diagnostic.severity == .error {
                        printer.report(diagnostic, source: file.name)
                    }
                    out.write(InspectionReport(message.text, model: settings.widthModel).json(id: message.id))
                    out.write("\n")
                case .failure(let diagnostic):
                    printer.report(diagnostic, source: file.name)
                case .skipped(let update):
                    skipped.add(update)
                case .filtered:
                    // Inspect reads without a filter, so no decoder leaves a message out.
                    break
                }
            }
            if let note = skipped.note { printer.info("note: \(file.name): \(note)") }
        }
        out.flush()
        if out.failed {
            if let message = out.failureMessage { printer.error(message) }
            throw ExitStatus.outputFailed
        }
        if printer.errorCount > 0 { throw ExitStatus.invalidInput }
    }
}

extension WidthModel: ExpressibleByArgument {}
