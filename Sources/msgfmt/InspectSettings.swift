import MsgfmtCore

/// Everything `msgfmt inspect` was asked to do, as plain values, however the command line
/// was read (`InspectCommand.settings` from ArgumentParser, `QuickArguments.inspect`
/// without it). The defaults are the option groups' own.
struct InspectSettings: Equatable {
    /// `--from`.
    var from = RenderOptions().from
    /// `--entities`: JSON, or `@FILE`.
    var entities: String?
    /// `--width-model`.
    var widthModel = WidthModel.modern
    /// Input paths; none or `-` reads standard input.
    var files: [String] = []
}
