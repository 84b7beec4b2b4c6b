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

    mutating func validate() throws {
        if let width, width < 1 {
            throw ValidationError("--width must be a positive number of cells, not \(width).")
        }
        if maxLines < 0 {
            throw ValidationError("--max-lines must be 0 (unlimited) or a positive number, not \(maxLines).")
        }
        if tabWidth < 1 {
            throw ValidationError("--tab-width must be at least 1, not \(tabWidth).")
        }
    }

    /// The constraints for a resolved width.
    func constraints(width resolved: Int) throws -> LayoutConstraints {
        var c = LayoutConstraints()
        c.width = resolved
        c.maxLines = maxLines
        c.truncate = truncate
        c.ellipsis = ellipsis
        c.overflow = overflow
        c.wrap = wrap
        c.align = align
        c.tabWidth = tabWidth
        c.expandQuotes = expandQuotes
        c.widthModel = widthModel
        let ellipsisWidth = CellWidth.of(ellipsis, model: widthModel)
        if maxLines > 0 || overflow == .ellipsis, ellipsisWidth > resolved {
            throw ValidationError("--ellipsis is \(ellipsisWidth) cells wide, more than the width of \(resolved) cells.")
        }
        return c
    }
}

extension TruncationMode: ExpressibleByArgument {}
extension OverflowMode: ExpressibleByArgument {}
extension WrapMode: ExpressibleByArgument {}
extension LineAlignment: ExpressibleByArgument {}
