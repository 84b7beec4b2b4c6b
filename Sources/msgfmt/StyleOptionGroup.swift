import ArgumentParser
import MsgfmtCore

/// The styling options shared by `render` and `export`.
struct StyleOptionGroup: ParsableArguments {
    @Option(help: "Colors: auto (when stdout is a terminal), always or never. NO_COLOR, FORCE_COLOR and CLICOLOR_FORCE are honoured; the flag wins.")
    var color: ColorMode = .auto

    @Option(help: "OSC 8 hyperlinks: auto (with color), always or never.")
    var hyperlinks: HyperlinkMode = .auto

    @Option(help: "Spoilers: hide (masked, same width) or reveal.")
    var spoilers: SpoilerMode = .hide

    @Flag(help: "With --to html: write a self-contained page instead of a fragment.")
    var standalone = false

    @Option(help: "Palette for ANSI and HTML: dark or light.")
    var theme: Theme = .dark
}

extension ColorMode: ExpressibleByArgument {}
extension HyperlinkMode: ExpressibleByArgument {}
extension SpoilerMode: ExpressibleByArgument {}
extension Theme: ExpressibleByArgument {}
