extension BubbleScene {
    /// The room around a day chip's title, in pixels.
    static let chipPadding = (x: 10.0, y: 3.0)

    /// A day chip (`BubbleDayChip`): its title on a pill in `theme`'s chip colors, with a
    /// little more room above it than between bubbles; stacked pictures center it.
    init(day chip: BubbleDayChip, metrics: PixelMetrics, theme: Theme) {
        let px = metrics.pixels
        let scale = BubbleCaption.timeScale
        let ascent = px(metrics.ascent) * scale
        let descent = px(metrics.descent) * scale
        let textWidth = px(chip.width)
        let pillWidth = (textWidth + 2 * Self.chipPadding.x).rounded(.up)
        let pillHeight = (ascent + descent + 2 * Self.chipPadding.y).rounded(.up)
        let top = 2 * Self.margin
        width = pillWidth + 2 * Self.margin
        height = top + pillHeight + 1 + Self.margin
        outgoing = false
        centered = true
        let palette = BubblePalette(theme)
        let x = Self.margin
        let radius = pillHeight / 2
        elements = [
            .rect(x: x, y: top + 1, width: pillWidth, height: pillHeight, radius: radius, color: palette.shadow),
            .rect(x: x, y: top, width: pillWidth, height: pillHeight, radius: radius, color: palette.chip),
            .text(
                SceneText(
                    x: x + Self.chipPadding.x, baseline: top + Self.chipPadding.y + ascent, width: textWidth, text: chip.title, rtl: false,
                    face: .bold, color: palette.chipText, scale: scale)),
        ]
    }

    /// Where the scene's left edge goes in a stack `width` pixels wide: outgoing bubbles
    /// at the right, day chips centered (on a whole pixel), the rest at the left.
    func x(inStackOf width: Double) -> Double {
        if centered { return ((width - self.width) / 2).rounded(.down) }
        return outgoing ? width - self.width : 0
    }
}
