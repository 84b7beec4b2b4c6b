import ArgumentParser
import MsgfmtCore

/// The layout options shared by `render` and `export`. Their defaults are
/// `LayoutConstraints()`'s, so `--help` and the man page show the library's own.
struct LayoutOptionGroup: ParsableArguments {
    private static let defaults = LayoutConstraints()

    @Option(
        name: .customLong("width"), parsing: .unconditional,
        help:
            "Line width in terminal cells (default: COLUMNS, else the terminal width, else 80); with render --measure font or --to svg|png (render and export), in pixels: 360px (the default there). A width in px is a usage error where output counts cells (export --to text, diff). Export's terminal transcripts (--to ansi|text) are at least 20 cells wide; a wider width than layout takes (65536 cells) is laid out at that."
    )
    var widthArgument: WidthArgument?

    /// `--width` in cells, nil when not given or given in pixels.
    var width: Int? { widthArgument?.cells }

    @Option(name: .customLong("max-lines"), parsing: .unconditional, help: "At most this many lines per message; 0 means unlimited.")
    var maxLines: Int = Self.defaults.maxLines

    @Option(help: "Where the ellipsis goes when --max-lines cuts text: end, middle or start.")
    var truncate: TruncationMode = Self.defaults.truncate

    @Option(help: "The truncation token.")
    var ellipsis: String = Self.defaults.ellipsis

    @Option(help: "A word wider than the line: fold, crop, ellipsis or visible.")
    var overflow: OverflowMode = Self.defaults.overflow

    @Option(help: "Line breaking: greedy (first fit) or balanced (minimum raggedness).")
    var wrap: WrapMode = Self.defaults.wrap

    @Option(help: "Alignment: left, right, center, justify or natural (by paragraph direction).")
    var align: LineAlignment = Self.defaults.align

    @Option(name: .customLong("tab-width"), parsing: .unconditional, help: "Tabs expand to the next multiple of this many cells.")
    var tabWidth: Int = Self.defaults.tabWidth

    @Flag(name: .customLong("expand-quotes"), help: "Show expandable quotes in full instead of collapsed to 3 lines.")
    var expandQuotes = false

    @Option(name: .customLong("width-model"), help: "Cluster widths: modern (emoji sequences are 2 cells) or legacy (sum of code points).")
    var widthModel: WidthModel = Self.defaults.widthModel

    /// The constraints the options ask for, at the default width: the width is resolved
    /// (from `width`, COLUMNS or the terminal) when the command runs.
    var constraints: LayoutConstraints {
        var c = LayoutConstraints()
        c.maxLines = maxLines
        c.truncate = truncate
        c.ellipsis = ellipsis
        c.overflow = overflow
        c.wrap = wrap
        c.align = align
        c.tabWidth = tabWidth
        c.expandQuotes = expandQuotes
        c.widthModel = widthModel
        return c
    }

    func validate() throws {
        try Self.validate(width: widthArgument, constraints: constraints)
    }

    /// The group's check of `--width` and the other layout options, for either reader of
    /// the command line.
    static func validate(width widthArgument: WidthArgument?, constraints: LayoutConstraints) throws {
        if let widthArgument, widthArgument.pixels, !(1...FontLibrary.maximumWidthPixels).contains(widthArgument.value) {
            throw ValidationError("--width must be between 1px and \(FontLibrary.maximumWidthPixels)px, not \(widthArgument.value)px.")
        }
        try constraints.validateOptions(width: widthArgument?.cells)
    }
}

extension TruncationMode: ExpressibleByArgument {}
extension OverflowMode: ExpressibleByArgument {}
extension WrapMode: ExpressibleByArgument {}
extension LineAlignment: ExpressibleByArgument {}
