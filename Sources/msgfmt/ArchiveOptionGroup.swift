import ArgumentParser
import MsgfmtCore

/// The options of `msgfmt export` for keeping an archive: what a merge of several exports
/// does with deleted messages, and updating an earlier output.
struct ArchiveOptionGroup: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "With several exports: a message a later export covering its date lacks is kept as it was (keep), kept with a 'deleted' tag (mark) or left out (drop).",
            valueName: "keep|mark|drop"))
    var deleted: DeletedMessages = Self.defaults.deleted

    @Flag(
        help: ArgumentHelp(
            "Keep a manifest in the output (-o) and leave the output alone when it already holds what these inputs and options make; else write it again, replacing it when complete.",
            discussion:
                "An HTML site made from one export (without --since, --until, --filter or --media copy) is updated page by page: pages whose messages, media files and quotes of other pages are unchanged are kept (after an edit, deletion or addition too), the rest written again. Any other output is written in full. An output whose manifest is missing, damaged, of another msgfmt or names paths outside it is written in full, with a note."
        ))
    var update = Self.defaults.update

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "With --update: the most the layout cache keeps, in MiB (0: no cache).",
            discussion:
                "The layout cache (msgfmt-layout-cache inside a site, FILE.msgfmt-layout-cache beside a JSON Lines or Markdown file) holds each message as it was laid out, keyed by its bytes, media files and the options; the next --update takes unchanged messages from it instead of laying them out again. Least recently used messages are dropped first when it is full. Terminal formats and --media copy do not use it.",
            valueName: "MiB"))
    var layoutCacheSize: Int = Self.defaults.layoutCacheSize

    private static let defaults = ExportSettings.Archive()

    /// The parsed values.
    var values: ExportSettings.Archive {
        ExportSettings.Archive(deleted: deleted, update: update, layoutCacheSize: layoutCacheSize)
    }

    mutating func validate() throws {
        try Self.validate(layoutCacheSize: layoutCacheSize)
    }

    /// The group's check, for either reader of the command line.
    static func validate(layoutCacheSize: Int) throws {
        guard (0...(1 << 20)).contains(layoutCacheSize) else {
            throw ValidationError("--layout-cache-size takes a size in MiB from 0 to 1048576.")
        }
    }
}

extension DeletedMessages: ExpressibleByArgument {}
