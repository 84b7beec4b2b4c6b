import ArgumentParser
import MsgfmtCore

/// The options of `msgfmt export` for keeping an archive: what a merge of several exports
/// does with deleted messages.
struct ArchiveOptionGroup: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "With several exports: a message a later export covering its date lacks is kept as it was (keep), kept with a 'deleted' tag (mark) or left out (drop).",
            valueName: "keep|mark|drop"))
    var deleted: DeletedMessages = .mark
}

extension DeletedMessages: ExpressibleByArgument {}
