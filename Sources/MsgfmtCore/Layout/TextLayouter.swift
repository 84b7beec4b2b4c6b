/// Lays out styled text into lines of positioned fragments. Pure: no I/O, no environment.
public enum TextLayouter {
    /// The layout of `styled` under `constraints`.
    public static func layout(_ styled: StyledText, _ constraints: LayoutConstraints) -> TextLayout {
        var lines: [LayoutLine] = []
        var start = 0
        let units = styled.text.units
        for i in 0...units.count where i == units.count || units[i] == 0x0A {
            let end = i < units.count ? i + 1 : i
            let s = styled.text.substring(start..<i)
            let w = CellWidth.of(s, model: constraints.widthModel)
            let fragment = LayoutFragment(x: 0, width: w, start: start, end: i, text: s, display: s, style: .plain)
            lines.append(LayoutLine(y: lines.count, x: 0, width: w, start: start, end: end, block: "paragraph", rtl: false, fragments: [fragment]))
            start = end
            if i == units.count { break }
        }
        return TextLayout(messageID: styled.messageID, text: styled.text.string, width: lines.map(\.width).max() ?? 0, truncated: false, lines: lines)
    }
}
