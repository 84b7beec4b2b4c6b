import MsgfmtCore

/// Everything `msgfmt render` was asked to do, as plain values, however it was parsed: the
/// library's options as the flags set them, plus the flags resolved when the command runs.
struct RenderSettings: Equatable {
    /// The options the flags set. Three parts keep their defaults until the command runs:
    /// `layout.width` (from `width`), the escape switches of `style` (from `escapes`) and
    /// `entitiesJSON` (from `entities`).
    var options = RenderOptions()
    /// `--width`; nil takes COLUMNS, else the terminal's width, else 80 (360 px when
    /// measuring with fonts).
    var width: WidthArgument?
    /// `--color` and `--hyperlinks`.
    var escapes = EscapeSettings()
    /// `--entities`: JSON, or `@FILE`.
    var entities: String?
    /// `--stats`.
    var stats = false
    /// `--filter`: the expression, parsed when the run starts.
    var filter: String?
    /// `--jobs`; nil uses every core.
    var jobs: Int?
    /// Input paths; empty reads standard input.
    var files: [String] = []
}
