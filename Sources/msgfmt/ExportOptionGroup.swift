import ArgumentParser
import MsgfmtCore

/// The options of `msgfmt export` besides layout and style (CLI.md §Export options).
struct ExportOptionGroup: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Output format: html, ansi, text, json, markdown, svg or png.",
            discussion:
                "json writes one object per message per line: its chat, id, date, sender and the export's other fields, and its layout boxes as render's --to json; the byte_offset of a diagnostic there is the byte of the export it is about, as the warning on stderr says. svg and png draw each message as a chat bubble measured with fonts (see Fonts and pictures): the sender's name on the first bubble of a group; the forward and via-bot lines, the reply quote (the quoted sender over a one-line preview) and the media placeholder ([Poll: Ship it? · 3 votes] and its options, [Voice message 0:07]) above the text, the reactions below it; the time at the bottom right, --me's messages on the right. -o DIR writes one picture per message, named by local date, time and id (2024-01-05_100233-42.png) so they sort by date; without -o, with --stack or with -o FILE.png (FILE.svg), one picture of all messages (a PNG not to a terminal), with each day's date on a chip above its first message and, when it holds several chats, each chat's name on a chip above its first. A service message (a join, a pin, a call) is a chip of its own saying what happened and when."
        ))
    var to: ExportFormat = Self.defaults.to

    @OptionGroup var outputChat: OutputChatOptionGroup

    /// `-o`.
    var output: String? { outputChat.output }
    /// `--chat`.
    var chat: [String] { outputChat.chat }

    @Option(help: ArgumentHelp("Only messages from this day on (YYYY-MM-DD, in --time-zone).", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("Only messages up to this day (YYYY-MM-DD, in --time-zone).", valueName: "date"))
    var until: String?

    @Option(help: "Presentation: list or bubbles (default: list for ansi/text, bubbles for html).")
    var style: TranscriptStyle?

    @OptionGroup var zone: TimeZoneOptionGroup

    @Option(
        parsing: .unconditional,
        help:
            "Threads composing messages (default: the cores msgfmt may run on, as nproc counts them): the one reading and writing helps N-1 workers; 1 does everything on one thread."
    )
    var jobs: Int?

    @Option(help: "Progress on stderr: auto (when stderr is a terminal), always or never.")
    var progress: ProgressMode = Self.defaults.progress

    @Option(
        name: .customLong("page-size"), parsing: .unconditional,
        help: "With --to html and --pages count: messages per page (default: \(ExportOptions().pageSize)).")
    var pageSize: Int?

    @Option(
        help: ArgumentHelp(
            "With --to html: pages of --page-size messages (count), or one page per day, month or year (in --time-zone; default: \(ExportOptions().pages.rawValue)).",
            valueName: "count|day|month|year"))
    var pages: PageSplit?

    @Flag(
        name: .customLong("no-search"),
        help: "With --to html: leave out the search box, search.html and the search index.")
    var noSearch = Self.defaults.noSearch

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The exporting account's user id, marking its messages as outgoing (whole-account exports know it).", valueName: "user-id"))
    var me: String?

    @Option(
        help: ArgumentHelp(
            "Media files: link (refer to them in the export folder), copy (hard-link or copy them into the html output's media/ folder) or none (placeholders only).",
            valueName: "mode"))
    var media: MediaMode = Self.defaults.media

    @Flag(
        help:
            "With --to ansi on a terminal: draw photos and sticker thumbnails in the transcript (kitty graphics or sixel, when the terminal says it supports them)."
    )
    var images = Self.defaults.images

    @Option(
        name: .customLong("image-protocol"),
        help: ArgumentHelp(
            "With --images: ask the terminal which protocol it speaks (auto), or draw with kitty or sixel without asking.",
            valueName: "auto|kitty|sixel"))
    var imageProtocol: ImageProtocolChoice = Self.defaults.imageProtocol

    @Flag(
        help:
            "Print how many messages were read, written, filtered and failed on stderr (an --update that leaves the output as it was counts them as kept)."
    )
    var stats = Self.defaults.stats

    private static let defaults = ExportSettings.Export()

    /// The parsed values.
    var values: ExportSettings.Export {
        ExportSettings.Export(
            to: to, output: output, chat: chat, since: since, until: until, style: style, timeZone: zone.timeZone, jobs: jobs,
            progress: progress, pageSize: pageSize, pages: pages, noSearch: noSearch, me: me, media: media, images: images,
            imageProtocol: imageProtocol, stats: stats)
    }

    mutating func validate() throws {
        try Self.validate(values)
    }

    /// The group's checks, for either reader of the command line.
    static func validate(_ values: ExportSettings.Export) throws {
        if let jobs = values.jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, not \(jobs).") }
        if let pageSize = values.pageSize, pageSize < 1 { throw ValidationError("--page-size must be at least 1, not \(pageSize).") }
        // The site's own options are refused elsewhere, as --media copy and --images are.
        let siteOptions = [("--page-size", values.pageSize != nil), ("--pages", values.pages != nil), ("--no-search", values.noSearch)]
        if values.to != .html, let (name, _) = siteOptions.first(where: { $0.1 }) {
            throw ValidationError("\(name) shapes the HTML site: it needs --to html.")
        }
        for (name, value) in [("--since", values.since), ("--until", values.until)] {
            if let value, ExportClock.parseDay(value) == nil {
                throw ValidationError("\(name) must be a date like 2024-01-31, not '\(value)'.")
            }
        }
        if values.media == .copy, values.to != .html {
            throw ValidationError("--media copy needs --to html (a stream format can only link to the files).")
        }
        if values.images, values.to != .ansi {
            throw ValidationError("--images draws pictures in terminal transcripts: it needs --to ansi.")
        }
        if values.images, values.media == .none {
            throw ValidationError("--images draws the export's files: it needs --media link, not --media none.")
        }
        if values.to == .html, values.output == "-" {
            throw ValidationError("--to html writes a directory; give -o DIR, or choose a stream format for stdout.")
        }
    }
}

extension ExportFormat: ExpressibleByArgument {}
extension PageSplit: ExpressibleByArgument {}
extension TranscriptStyle: ExpressibleByArgument {}
extension MediaMode: ExpressibleByArgument {}
