import MsgfmtCore

/// Everything `msgfmt render` was asked to do, as plain values, however it was parsed.
struct RenderSettings: Equatable {
    var from = InputFormat.auto
    /// `--entities`: JSON, or `@FILE`.
    var entities: String?
    var detect = false
    var strict = false
    var stats = false
    /// `--filter`: the expression, parsed when the run starts.
    var filter: String?
    var to = OutputFormat.ansi
    var layout = LayoutSettings()
    var style = StyleSettings()
    /// Input paths; empty reads standard input.
    var files: [String] = []
}
