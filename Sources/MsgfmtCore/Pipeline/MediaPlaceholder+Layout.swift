extension MediaPlaceholder {
    /// The placeholder as the terminal formats draw it above the message text: the
    /// summary in brackets (`[Photo 90×90 · 1000 B]`), wrapped to at most three lines with
    /// the ellipsis at the end, then each detail (poll options, checklist tasks) as its
    /// own indented paragraph, all in italics. Laid out with `constraints` (width, width
    /// model, alignment). Under a line limit (`maxLines`, `--max-lines`: lines per message)
    /// the placeholder keeps a line for the text below it (`textBelow`) when the limit
    /// has room for both, takes no more than the rest, its details what the summary
    /// leaves them, cut with the ellipsis; a summary that leaves nothing of what follows
    /// it ends with the ellipsis. The text takes the lines left (`textLines(_:media:)`).
    /// Line breaks inside the input's names become spaces, so each detail stays one
    /// paragraph, and other controls their visible placeholders before layout, so a bidi
    /// override in a file name cannot reorder the line (as `msgfmt export` shows them).
    /// With `fonts` the lines are measured with them (pictures; widths in layout units).
    public func lines(_ constraints: LayoutConstraints, textBelow: Bool = false, fonts: FontLibrary? = nil) -> [LayoutLine] {
        let limit = constraints.maxLines
        // The lines the placeholder may take (nil: no limit).
        let own: Int? = limit > 0 ? (textBelow && limit > 1 ? limit - 1 : limit) : nil
        var c = constraints
        c.maxLines = min(3, own ?? 3)
        c.truncate = .end
        let summary = "[\(self.summary)]"
        var lines = Self.layout([summary], c, fonts)
        let detailRoom = own.map { $0 - lines.count }
        if let own, (detailRoom ?? 0) <= 0 && !details.isEmpty || textBelow && own == limit {
            // Nothing after the summary gets a line: it says so.
            return Self.numbered(Self.layout([summary + constraints.ellipsis], c, fonts))
        }
        if !details.isEmpty {
            c.maxLines = detailRoom ?? 0
            lines += Self.layout(details.map { "  " + $0 }, c, fonts)
        }
        return Self.numbered(lines)
    }

    /// The line limit left for the text below `media` lines of a placeholder under
    /// `maxLines` (0: none); nil when no line is left for it.
    static func textLines(_ maxLines: Int, media: Int) -> Int? {
        guard maxLines > 0, media > 0 else { return maxLines }
        return maxLines > media ? maxLines - media : nil
    }

    /// `lines` numbered from the top.
    private static func numbered(_ lines: [LayoutLine]) -> [LayoutLine] {
        var lines = lines
        for i in lines.indices { lines[i].y = i }
        return lines
    }

    /// `paragraphs` laid out as italic paragraphs of one text, one layout for them all,
    /// measured with `fonts` when given.
    private static func layout(_ paragraphs: [String], _ constraints: LayoutConstraints, _ fonts: FontLibrary?) -> [LayoutLine] {
        let text = paragraphs.map { DisplaySafety.sanitize(String($0.map { $0.isNewline ? " " : $0 })) }.joined(separator: "\n")
        let units = UTF16Text(text)
        let all = 0..<units.count
        let styled = StyledText(
            text: units,
            blocks: [
                Block(kind: .paragraph, range: all, runs: [StyledRun(range: all, style: Style(attributes: .italic))])
            ])
        return TextLayouter.layout(styled, constraints, fonts: fonts).lines
    }
}
