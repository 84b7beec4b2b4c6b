import ArgumentParser
import MsgfmtCore

/// `--filter`, shared by `render` and `export`: which messages to keep.
struct FilterOptionGroup: ParsableArguments {
    // Unconditional: an expression may start with '-' (`--filter -has:link`).
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Only messages matching EXPR, like 'from:alice has:link after:2023-12-31'.",
            discussion: """
                Terms: words and "phrases" (found where a word of the text starts, ignoring case \
                and accents), from:NAME (sender's name, one or more of its words, @username or \
                id), mentions:NAME, chat:NAME-OR-ID, has:link|photo|video|voice|audio|file|\
                sticker|media|poll|mention|hashtag|code|spoiler|quote|reply|forward|reaction, \
                is:service|edited|forwarded|reply, before:DATE and after:DATE (YYYY-MM-DD, both \
                exclusive), id:N or id:N..M. Combine them with - (not), juxtaposition or 'and', \
                '|' or 'or', and parentheses; - binds tightest, 'or' loosest. Quote a value \
                with spaces, from:"Alice Smith", and a word with a colon, "https://x.org". Dates \
                are days in --time-zone (default: the system's zone). Messages left \
                out count as filtered in --stats.
                """,
            valueName: "expr"))
    var filter: String?

    /// The filter `text` spells, reading dates in `clock`'s zone; nil without one. A
    /// syntax error is printed with its line and column, and the run exits 2.
    static func compile(_ text: String?, clock: ExportClock, printer: DiagnosticPrinter) throws -> MessageFilter? {
        guard let text else { return nil }
        do {
            return try MessageFilter(parsing: text, clock: clock)
        } catch {
            printer.error(error.message)
            throw ExitStatus.usage
        }
    }
}
