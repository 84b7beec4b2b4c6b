import ArgumentParser
import MsgfmtCore

/// The `msgfmt` command: renders chat messages with rich text for terminals, HTML and JSON.
@main
struct Msgfmt: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "msgfmt",
        abstract: "Format Telegram-style rich-text messages for terminals, HTML and JSON.",
        discussion: """
            msgfmt reads messages (text plus entity ranges, as Telegram models them), lays \
            them out at a width in terminal cells and writes ANSI, plain text, HTML, JSON \
            layout boxes, or Telegram's own formats.

            Diagnostics go to standard error, one per line, located: msgfmt: warning: \
            FILE:WHERE: WHAT. At most 10 are printed for one message (and always its first \
            error), then one line counts the rest; --to json (render and export) lists all of a message's diagnostics.

            Exit status: 0 all messages rendered; 1 some input was invalid (the rest was \
            rendered); 2 usage error, or an input file could not be read (the other files \
            are still rendered); 3 output could not be written.
            """,
        version: MsgfmtVersion.string,
        subcommands: [RenderCommand.self, InspectCommand.self, ExportCommand.self, DiffCommand.self],
        defaultSubcommand: RenderCommand.self
    )
}
