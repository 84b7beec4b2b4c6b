import ArgumentParser
import MsgfmtCore

/// The layout options of `render` and `export` as plain values, however they were parsed.
struct LayoutSettings: Equatable {
    var width: Int?
    var maxLines = 0
    var truncate = TruncationMode.end
    var ellipsis = "…"
    var overflow = OverflowMode.fold
    var wrap = WrapMode.greedy
    var align = LineAlignment.natural
    var tabWidth = 4
    var expandQuotes = false
    var widthModel = WidthModel.modern

    /// Rejects widths, line limits and tab widths that cannot be laid out.
    func validate() throws {
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
