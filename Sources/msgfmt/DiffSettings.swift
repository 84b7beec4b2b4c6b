import ArgumentParser
import MsgfmtCore

/// Everything `msgfmt diff` was asked to do, as plain values, however the command line was
/// read (`DiffCommand.settings` from ArgumentParser, `QuickArguments.diff` without it).
/// The defaults are the option groups' own.
struct DiffSettings: Equatable {
    /// The older and the newer export's `result.json`.
    var old = ""
    var new = ""
    /// `--to`; nil: ansi when the escapes are on, else text.
    var to: DiffFormat?
    /// `-o`, `--output`; nil or `-`: standard output.
    var output: String?
    /// `--chat`, each time given.
    var chat: [String] = []
    /// `--time-zone`; nil: the system's zone.
    var timeZone: String?
    /// `--me`.
    var me: String?
    /// `--stats`.
    var stats = false
    /// `--jobs`; nil: every core.
    var jobs: Int?
    /// `--width`; nil takes COLUMNS, else the terminal's width, else 80.
    var width: WidthArgument?
    /// The Layout group's other options.
    var layout = LayoutConstraints()
    /// The Style group's options but the escape switches.
    var style = StyleOptions()
    /// `--color` and `--hyperlinks`.
    var escapes = EscapeSettings()

    /// Every check ArgumentParser makes of a parsed `diff` command line: each option
    /// group's, then the command's. Throws the first failure's `ValidationError`.
    func validate() throws {
        try TimeZoneOptionGroup.validate(timeZone)
        try LayoutOptionGroup.validate(width: width, constraints: layout)
        try DiffCommand.validate(self)
    }
}
