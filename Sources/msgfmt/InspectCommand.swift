import ArgumentParser
import MsgfmtCore

/// `msgfmt inspect`: shows what the Unicode layer sees, as JSON.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print grapheme clusters with cell widths, line-break opportunities and bidi levels as JSON.",
        discussion: """
            Input is plain text (the whole input is one text; one trailing newline is \
            dropped) or Bot API JSON: a message object, an array, an Update, a getUpdates \
            response, or JSON Lines. One JSON object is printed per text, one per line. \
            Offsets count UTF-16 code units, as Telegram's entities do.
            """
    )

    @Option(name: .customLong("width-model"), help: "How cluster widths are counted: modern or legacy.")
    var widthModel: WidthModel = .modern

    @Argument(help: "Input files; none or '-' reads standard input.")
    var files: [String] = []

    func run() throws {
        OutputSink.ignoreBrokenPipe()
        let printer = DiagnosticPrinter()
        let out = OutputSink()
        for path in files.isEmpty ? ["-"] : files {
            let input: InputFile
            do {
                input = try InputFile.read(path)
            } catch {
                printer.error(error.message)
                throw ExitStatus.usage
            }
            for item in InspectInput.parse(input.bytes) {
                switch item {
                case .success(let (id, text)):
                    out.write(InspectionReport(text, model: widthModel).json(id: id))
                    out.write("\n")
                case .failure(let diagnostic):
                    printer.report(diagnostic, source: input.name)
                }
            }
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
