import ArgumentParser
import MsgfmtCore

/// The styling options shared by `render` and `export`.
struct StyleOptionGroup: ParsableArguments {
    @Option(help: "Escapes and colors: auto (when stdout is a terminal and TERM is not dumb), always or never. FORCE_COLOR/CLICOLOR_FORCE force them on; NO_COLOR drops colors but keeps bold, italic and links; the flag wins over the environment.")
    var color: ColorMode = .auto

    @Option(help: "OSC 8 hyperlinks: auto (whenever --color writes escapes), always or never.")
    var hyperlinks: HyperlinkMode = .auto

    @Option(help: "Spoilers: hide (masked with shade blocks of the same width; in HTML revealed by a click) or reveal.")
    var spoilers: SpoilerMode = .hide

    @Flag(help: "With --to html: write a self-contained page (inline CSS and spoiler script, no external requests) instead of a fragment.")
    var standalone = false

    @Option(help: "Palette: dark or light. ANSI uses it as is; standalone HTML follows the browser's light/dark preference and falls back to it.")
    var theme: Theme = .dark

    /// The parsed values.
    var settings: StyleSettings {
        StyleSettings(color: color, hyperlinks: hyperlinks, spoilers: spoilers, standalone: standalone, theme: theme)
    }
}

extension ColorMode: ExpressibleByArgument {}
extension HyperlinkMode: ExpressibleByArgument {}
extension SpoilerMode: ExpressibleByArgument {}
extension Theme: ExpressibleByArgument {}
