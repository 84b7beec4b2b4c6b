import ArgumentParser
import MsgfmtCore

#if canImport(Glibc)
    import Glibc
#endif

/// `msgfmt diff`: two exports in, the messages added, deleted and edited between them out.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two Telegram Desktop exports: messages added, deleted and edited.",
        discussion: """
            Messages are matched by identity (chat id and message id) and compared by a hash \
            of their decoded content (text, entities, media, sender, reply and forward \
            fields, edit time), so the same export written with other indentation is \
            unchanged. A message only in NEW is added; one only in OLD is deleted when NEW \
            has its chat and the message lies between the first and last date of that chat \
            in NEW, else it is out of range (counted, not a difference); one whose content \
            changed is edited. Both files are streamed; memory holds an index of identities \
            and hashes, and only changed messages are read again for display. Both must be \
            regular files.

            A message that cannot be read is reported with its id and byte offset, left \
            out of the comparison and counted as failed; the rest is still compared and \
            shown.

            Exit status, as diff(1): 0 no differences; 1 differences; 2 trouble: a file \
            unreadable or not an export, a message that could not be read, a usage error, \
            or output that could not be written.
            """
    )

    /// Differences were found.
    static let differences = ExitCode(1)
    /// Something went wrong (the comparison is missing or incomplete).
    static let trouble = ExitCode(2)

    @Argument(help: "The older export's result.json.")
    var old: String

    @Argument(help: "The newer export's result.json.")
    var new: String

    @Option(help: "Output format: text, ansi, json or html (default: ansi when --color allows escapes, else text).")
    var to: DiffFormat?

    @OptionGroup var outputChat: OutputChatOptionGroup

    @OptionGroup var zone: TimeZoneOptionGroup

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The exporting account's user id, marking its messages as outgoing (whole-account exports know it).", valueName: "user-id"))
    var me: String?

    @Flag(help: "Print on stderr how many messages were added, deleted, edited, unchanged, out of range and failed.")
    var stats = false

    @Option(
        parsing: .unconditional,
        help:
            "Threads laying out the changed messages (default: the cores msgfmt may run on, as nproc counts them); they are written in order whatever the count."
    )
    var jobs: Int?

    @OptionGroup(title: "Layout")
    var layout: LayoutOptionGroup

    @OptionGroup(title: "Style")
    var style: StyleOptionGroup

    func validate() throws {
        if old == "-" || new == "-" {
            throw ValidationError("msgfmt diff reads each export twice, so it needs files, not standard input ('-').")
        }
        if layout.widthArgument?.pixels == true {
            throw ValidationError("--width in px is for pictures; msgfmt diff writes text and counts cells.")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, not \(jobs).") }
    }

    func run() throws {
        OutputSink.ignoreBrokenPipe()
        let printer = DiagnosticPrinter()
        let options = try makeOptions()
        let output: AtomicOutput
        do {
            output = outputPath == nil ? AtomicOutput() : try AtomicOutput(path: outputPath!, kind: .file, inputs: [old, new])
        } catch {
            printer.error(error.message)
            throw Self.trouble
        }
        let signals = SignalCleanup.armed()
        defer { signals.cancel() }

        let comparison = ArchiveComparison(options: options) { printer.report($0, source: $1) }
        let counts: DiffStats
        do {
            counts = try comparison.run(old: old, new: new, into: output.sink ?? OutputSink())
            printer.finishMessage()
        } catch {
            printer.finishMessage()
            printer.error(error.message)
            output.abandon()
            throw Self.trouble
        }
        do {
            try output.commit()
        } catch {
            output.abandon()
            if error != .readerGone {
                printer.error(error.message)
                throw Self.trouble
            }
        }
        if stats { printer.info(counts.summary) }
        if counts.failed > 0 || printer.errorCount > 0 { throw Self.trouble }
        if counts.differences > 0 { throw Self.differences }
    }

    /// `-o`, with `-` meaning standard output.
    private var outputPath: String? {
        outputChat.output == "-" ? nil : outputChat.output
    }

    /// The diff options from the flags and the environment.
    private func makeOptions() throws -> DiffOptions {
        var options = DiffOptions()
        options.jobs = jobs ?? ProcessorCount.available
        var styleOptions = TerminalEnvironment.styleOptions(style.options, escapes: style.escapes)
        if outputPath != nil, style.color == .auto {
            styleOptions.color = false
            styleOptions.attributes = false
            if style.hyperlinks == .auto { styleOptions.hyperlinks = false }
        }
        let escapes = styleOptions.color || styleOptions.attributes
        options.format = to ?? (escapes ? .ansi : .text)
        if options.format == .text {
            styleOptions.color = false
            styleOptions.attributes = false
            styleOptions.hyperlinks = false
        }
        options.style = styleOptions
        options.width = TerminalEnvironment.width(explicit: layout.width)
        options.layout = try layout.constraints.resolved(width: options.width)
        options.clock = zone.clock
        options.chats = outputChat.chat
        if let me { options.me = me.hasPrefix("user") ? me : "user\(me)" }
        return options
    }
}

extension DiffFormat: ExpressibleByArgument {}
