import ArgumentParser
import MsgfmtCore

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

    /// The settings this command line asks for.
    var settings: DiffSettings {
        var s = DiffSettings()
        s.old = old
        s.new = new
        s.to = to
        s.output = outputChat.output
        s.chat = outputChat.chat
        s.timeZone = zone.timeZone
        s.me = me
        s.stats = stats
        s.jobs = jobs
        s.width = layout.widthArgument
        s.layout = layout.constraints
        s.style = style.options
        s.escapes = style.escapes
        return s
    }

    func validate() throws {
        try Self.validate(settings)
    }

    /// The command's own checks (after its groups'), for either reader of the command line.
    static func validate(_ settings: DiffSettings) throws {
        if settings.old == "-" || settings.new == "-" {
            throw ValidationError("msgfmt diff reads each export twice, so it needs files, not standard input ('-').")
        }
        if settings.width?.pixels == true {
            throw ValidationError("--width in px is for pictures; msgfmt diff writes text and counts cells.")
        }
        if let jobs = settings.jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, not \(jobs).") }
    }

    func run() throws {
        try DiffJob(settings: settings).run()
    }
}

extension DiffFormat: ExpressibleByArgument {}
