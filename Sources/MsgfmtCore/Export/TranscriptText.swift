/// Lays out the transcript's own words (names, reply quotes, service sentences, media
/// titles) with the shared layout engine, so they wrap, truncate and measure exactly like
/// message bodies. Input-derived text is made display-safe first.
struct TranscriptText {
    let constraints: LayoutConstraints

    /// The text as one line at most `width` cells wide, ending in the ellipsis when cut;
    /// fragments carry `style` and `role`.
    func oneLine(_ text: String, width: Int, style: Style = .plain, role: FragmentRole = .text) -> (fragments: [LayoutFragment], width: Int) {
        let flat = String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
        var c = constraints
        c.width = max(2, width)
        c.maxLines = 1
        c.truncate = .end
        c.overflow = .ellipsis
        c.align = .left
        let layout = TextLayouter.layout(StyledText(plain: DisplaySafety.sanitize(flat)), c)
        guard let line = layout.lines.first else { return ([], 0) }
        let pieces = line.fragments.map { restyle($0, style, role) }
        return (pieces, pieces.reduce(0) { $0 + $1.width })
    }

    /// The text wrapped to `width` cells, one fragment list per line.
    func wrapped(_ text: String, width: Int, style: Style = .plain, role: FragmentRole = .text) -> [(fragments: [LayoutFragment], width: Int)] {
        var c = constraints
        c.width = max(2, width)
        c.maxLines = 0
        c.align = .left
        let layout = TextLayouter.layout(StyledText(plain: DisplaySafety.sanitize(text)), c)
        return layout.lines.map { line in
            let pieces = line.fragments.map { restyle($0, style, role) }
            return (pieces, pieces.reduce(0) { $0 + $1.width })
        }
    }

    private func restyle(_ f: LayoutFragment, _ style: Style, _ role: FragmentRole) -> LayoutFragment {
        var g = f
        if f.role == .text {
            g.style = style
            g.role = role
        }
        g.start = 0
        g.end = 0
        return g
    }
}
