import ArgumentParser
import MsgfmtCore

/// The styling options shared by `render` and `export`. Their defaults are
/// `EscapeSettings()`'s and `StyleOptions()`'s.
struct StyleOptionGroup: ParsableArguments {
    private static let escapeDefaults = EscapeSettings()
    private static let defaults = StyleOptions()

    @Option(
        help:
            "Escapes and colors: auto (when stdout is a terminal and TERM is not dumb), always or never. FORCE_COLOR/CLICOLOR_FORCE force them on; NO_COLOR drops colors but keeps bold, italic and links; the flag wins over the environment."
    )
    var color: ColorMode = Self.escapeDefaults.color

    @Option(help: "OSC 8 hyperlinks: auto (whenever --color writes escapes), always or never.")
    var hyperlinks: HyperlinkMode = Self.escapeDefaults.hyperlinks

    @Option(help: "Spoilers: hide (masked with shade blocks; in HTML revealed by a click, and out of the site's search) or reveal.")
    var spoilers: SpoilerMode = Self.defaults.spoilers

    @Flag(help: "With --to html: write a self-contained page (inline CSS and spoiler script, no external requests) instead of a fragment.")
    var standalone = false

    @Option(
        help:
            "Palette: dark or light. ANSI uses it as is; standalone HTML follows the browser's light/dark preference and falls back to it.")
    var theme: Theme = Self.defaults.theme

    /// `--color` and `--hyperlinks`.
    var escapes: EscapeSettings {
        EscapeSettings(color: color, hyperlinks: hyperlinks)
    }

    /// The style options the flags set; the escape switches (`color`, `attributes`,
    /// `hyperlinks`) stay off until `TerminalEnvironment` resolves `escapes`.
    var options: StyleOptions {
        var o = StyleOptions()
        o.spoilers = spoilers
        o.standalone = standalone
        o.theme = theme
        return o
    }
}

extension ColorMode: ExpressibleByArgument {}
extension HyperlinkMode: ExpressibleByArgument {}
extension SpoilerMode: ExpressibleByArgument {}
extension Theme: ExpressibleByArgument {}
