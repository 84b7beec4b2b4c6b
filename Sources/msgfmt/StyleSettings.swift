import MsgfmtCore

/// The styling options of `render` and `export` as plain values, however they were parsed.
struct StyleSettings: Equatable {
    var color = ColorMode.auto
    var hyperlinks = HyperlinkMode.auto
    var spoilers = SpoilerMode.hide
    var standalone = false
    var theme = Theme.dark
}
