extension MediaPlaceholder {
    /// The placeholder as the terminal formats draw it above the message text: the
    /// summary in brackets (`[Photo 90×90 · 1000 B]`), wrapped to at most three lines with
    /// the ellipsis at the end, then each detail (poll options, checklist tasks) as its
    /// own indented paragraph, all in italics. Laid out with `constraints` (width, width
    /// model, alignment); their line limit is the text's, not the placeholder's. Line
    /// breaks inside the input's names become spaces, so each detail stays one paragraph,
    /// and other controls their visible placeholders before layout, so a bidi override in
    /// a file name cannot reorder the line (as `msgfmt export` shows them).
    public func lines(_ constraints: LayoutConstraints) -> [LayoutLine] {
        var c = constraints
        c.maxLines = 3
        c.truncate = .end
        var lines = Self.layout(["[\(summary)]"], c)
        if !details.isEmpty {
            c.maxLines = 0
            lines += Self.layout(details.map { "  " + $0 }, c)
        }
        for i in lines.indices { lines[i].y = i }
        return lines
    }

    /// `paragraphs` laid out as italic paragraphs of one text, one layout for them all.
    private static func layout(_ paragraphs: [String], _ constraints: LayoutConstraints) -> [LayoutLine] {
        let text = paragraphs.map { DisplaySafety.sanitize(String($0.map { $0.isNewline ? " " : $0 })) }.joined(separator: "\n")
        let units = UTF16Text(text)
        let all = 0..<units.count
        let styled = StyledText(
            text: units,
            blocks: [
                Block(kind: .paragraph, range: all, runs: [StyledRun(range: all, style: Style(attributes: .italic))])
            ])
        return TextLayouter.layout(styled, constraints).lines
    }
}
