import ArgumentParser
import MsgfmtCore

/// The layout options shared by `render` and `export`.
struct LayoutOptionGroup: ParsableArguments {
    @Option(help: "Line width in terminal cells (default: COLUMNS, else the terminal width, else 80).")
    var width: Int?

    @Option(name: .customLong("max-lines"), help: "At most this many lines per message; 0 means unlimited.")
    var maxLines: Int = 0

    @Option(help: "Where the ellipsis goes when --max-lines cuts text: end, middle or start.")
    var truncate: TruncationMode = .end

    @Option(help: "The truncation token.")
    var ellipsis: String = "…"

    @Option(help: "A word wider than the line: fold, crop, ellipsis or visible.")
    var overflow: OverflowMode = .fold

    @Option(help: "Line breaking: greedy (first fit) or balanced (minimum raggedness).")
    var wrap: WrapMode = .greedy

    @Option(help: "Alignment: left, right, center, justify or natural (by paragraph direction).")
    var align: LineAlignment = .natural

    @Option(name: .customLong("tab-width"), help: "Tabs expand to the next multiple of this many cells.")
    var tabWidth: Int = 4

    @Flag(name: .customLong("expand-quotes"), help: "Show expandable quotes in full instead of collapsed to 3 lines.")
    var expandQuotes = false

    @Option(name: .customLong("width-model"), help: "Cluster widths: modern (emoji sequences are 2 cells) or legacy (sum of code points).")
    var widthModel: WidthModel = .modern

    /// The parsed values.
    var settings: LayoutSettings {
        LayoutSettings(
            width: width, maxLines: maxLines, truncate: truncate, ellipsis: ellipsis, overflow: overflow,
            wrap: wrap, align: align, tabWidth: tabWidth, expandQuotes: expandQuotes, widthModel: widthModel)
    }

    func validate() throws {
        try settings.validate()
    }
}

extension TruncationMode: ExpressibleByArgument {}
extension OverflowMode: ExpressibleByArgument {}
extension WrapMode: ExpressibleByArgument {}
extension LineAlignment: ExpressibleByArgument {}
