import MsgfmtCore

/// `--color` and `--hyperlinks`: what the command line asks of escape sequences, resolved
/// against the terminal and the environment when the command runs (see
/// `TerminalEnvironment`). The other style options are `StyleOptions` as they are.
struct EscapeSettings: Equatable {
    var color = ColorMode.auto
    var hyperlinks = HyperlinkMode.auto
}
