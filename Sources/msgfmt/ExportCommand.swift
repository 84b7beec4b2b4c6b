import ArgumentParser
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
            id and byte offset, and the rest is converted (exit status 1).

            Several exports of the same chats (any order, overlapping ranges, single chat or \
            whole account) are merged into one transcript: each message (chat id and \
            message id) appears once, by date then id, in the version of the most recent \
            export (the one showing the latest date or edit); a message that an export \
            covering its date lacks was deleted (see --deleted). Each file is read once \
            into an index of identities, hashes and file offsets, then the messages to \
            write are read again by offset, so memory holds about 50 bytes a message, not \
            the messages; the files must be regular files.

            Photos, videos, voice messages, stickers and files are shown from the export \
            folder (--media link, the default: paths relative from the output), copied into \
            OUTPUT/media for a self-contained site (--media copy), or described by \
            placeholders (--media none). Paths that are absolute or lead out of the export \
            folder are refused with a warning.

            With --to ansi --images, photos and sticker thumbnails are drawn in the \
            transcript with kitty graphics or sixel, scaled to its width: only when standard \
            output is a terminal (else one note on stderr and no picture bytes) and, with \
            --image-protocol auto, the terminal answers a query (kitty's a=q, then DA1) \
            within 0.4 s that it supports one. A damaged or oversized picture keeps its \
            media line and is warned about.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The export's result.json ('-' reads standard input); several exports (files) are merged into one transcript.",
            valueName: "file"))
    var files: [String]

    @OptionGroup(title: "Export")
    var export: ExportOptionGroup

    @OptionGroup(title: "Archive")
    var archive: ArchiveOptionGroup

    @OptionGroup(title: "Filter")
    var filter: FilterOptionGroup

    @OptionGroup(title: "Layout")
    var layout: LayoutOptionGroup

    @OptionGroup(title: "Style")
    var style: StyleOptionGroup

    @OptionGroup(title: "Fonts and pictures (--to svg|png)")
    var pictures: PictureFontOptionGroup

    /// The parsed values.
    var settings: ExportSettings {
        var s = ExportSettings()
        s.files = files
        s.export = export.values
        s.archive = archive.values
        s.filter = filter.filter
        s.width = layout.widthArgument
        s.layout = layout.constraints
        s.style = style.options
        s.escapes = style.escapes
        s.fonts = pictures.fonts
        s.picture = pictures.picture
        return s
    }

    func validate() throws {
        try Self.validate(settings)
    }

    /// The command's own checks (after its groups'), for either reader of the command line.
    static func validate(_ settings: ExportSettings) throws {
        let (files, export, archive) = (settings.files, settings.export, settings.archive)
        let drawsPictures = settings.drawsPictures
        if files.count > 1, files.contains("-") {
            throw ValidationError("Merging several exports reads each file twice, so they must be files, not standard input ('-').")
        }
        if settings.width?.pixels == true, !drawsPictures {
            throw ValidationError(
                "--width in px lays out in pixels: use it with --to svg or png (export --to \(export.to.rawValue) counts cells).")
        }
        if drawsPictures, let path = export.output, OutputPattern.isPattern(path) {
            throw ValidationError(
                "--to \(export.to.rawValue) writes -o DIR (a picture per message) or one picture; placeholders are for the stream formats.")
        }
        if export.to == .png, export.output == nil || export.output == "-", isatty(1) != 0 {
            throw ValidationError(RenderCommand.pngToTerminal)
        }
        if archive.update, drawsPictures {
            throw ValidationError("--update keeps transcripts up to date; it does not work with --to svg or png.")
        }
        if archive.update {
            if files.contains("-") {
                throw ValidationError("--update compares the input files with the output's manifest: give files, not '-'.")
            }
            if export.to != .html, export.output == nil || export.output == "-" {
                throw ValidationError("--update updates an output: give -o FILE (or -o DIR with --to html).")
            }
            if let path = export.output, OutputPattern.isPattern(path) {
                throw ValidationError("--update keeps one output with its manifest; an -o with placeholders writes many files.")
            }
        }
    }

    func run() throws {
        try ExportJob(settings: settings).run()
    }
}
