extension BubbleScene {
    /// The room around a chip's text, in pixels.
    static let chipPadding = (x: 10.0, y: 3.0)
    /// The size a service message's chip draws its text at, of the text's size.
    static let serviceScale = BubbleCaption.timeScale
    /// The size a chat's name chip draws its text at: the text's own, a heading beside the
    /// day chips.
    static let chatScale = 1.0

    /// A day chip (`BubbleDayChip`): its title, bold, on a pill; stacked pictures center it.
    init(day chip: BubbleDayChip, metrics: PixelMetrics, theme: Theme) {
        let px = metrics.pixels
        let scale = BubbleCaption.timeScale
        let ascent = px(metrics.ascent) * scale
        let descent = px(metrics.descent) * scale
        let textWidth = px(chip.width)
        let pillHeight = (ascent + descent + 2 * Self.chipPadding.y).rounded(.up)
        self.init(pill: (textWidth + 2 * Self.chipPadding.x).rounded(.up), pillHeight, radius: pillHeight / 2, theme: theme) {
            x, top, color in
            [
                SceneText(
                    x: x + Self.chipPadding.x, baseline: top + Self.chipPadding.y + ascent, width: textWidth, text: chip.title, rtl: false,
                    face: .bold, color: color, scale: scale)
            ]
        }
    }

    /// A service message's chip: its sentence's `lines` (laid out in layout units at full
    /// size, drawn at `BubbleCaption.timeScale` of it) each centered on a pill, italic as
    /// the terminal words it; stacked pictures center it.
    init(service lines: [LayoutLine], metrics: PixelMetrics, theme: Theme) {
        self.init(lines: lines, face: .italic, scale: Self.serviceScale, metrics: metrics, theme: theme)
    }

    /// A chat's title chip, above its first message in a picture that stacks several chats:
    /// the name's `lines` in bold at the text's full size, so it reads as a heading beside
    /// the day chips.
    init(chat lines: [LayoutLine], metrics: PixelMetrics, theme: Theme) {
        self.init(lines: lines, face: .bold, scale: Self.chatScale, metrics: metrics, theme: theme)
    }

    /// A chip of `lines` each centered on a pill, their text in `face` at `scale` of the
    /// text's size.
    private init(lines: [LayoutLine], face: FaceStyle, scale: Double, metrics: PixelMetrics, theme: Theme) {
        let px = metrics.pixels
        let lineHeight = (px(metrics.lineHeight) * scale).rounded()
        let widest = px(lines.map(\.width).max() ?? 0) * scale
        let pillHeight = Double(max(1, lines.count)) * lineHeight + 2 * Self.chipPadding.y
        let baselineInLine = px(metrics.baseline(ofLine: 0)) * scale
        self.init(pill: (widest + 2 * Self.chipPadding.x).rounded(.up), pillHeight, radius: min(pillHeight / 2, Self.radius), theme: theme)
        {
            x, top, color in
            var texts: [SceneText] = []
            for (k, line) in lines.enumerated() {
                let left = x + Self.chipPadding.x + (widest - px(line.width) * scale) / 2
                let baseline = top + Self.chipPadding.y + Double(k) * lineHeight + baselineInLine
                for fragment in line.fragments where fragment.role == .text || fragment.role == .ellipsis {
                    let rtl = fragment.rtl && fragment.role == .text
                    texts.append(
                        SceneText(
                            x: left + px(fragment.x) * scale, baseline: baseline, width: px(fragment.width) * scale,
                            text: rtl ? DisplaySafety.sanitize(fragment.text) : fragment.display, rtl: rtl,
                            face: fragment.role == .ellipsis ? .regular : face, color: color, scale: scale))
                }
            }
            return texts
        }
    }

    /// A chip: a pill `width` × `height` pixels with corners of `radius`, in `theme`'s chip
    /// colors, with a little more room above it than between bubbles, and the texts that
    /// `texts` places from the pill's left edge and top in the color it is given;
    /// stacked pictures center it.
    private init(
        pill width: Double, _ height: Double, radius: Double, theme: Theme,
        texts: (_ x: Double, _ top: Double, _ color: UInt32) -> [SceneText]
    ) {
        let top = 2 * Self.margin
        let x = Self.margin
        self.width = width + 2 * Self.margin
        self.height = top + height + 1 + Self.margin
        outgoing = false
        centered = true
        let palette = BubblePalette(theme)
        elements =
            [
                .rect(x: x, y: top + 1, width: width, height: height, radius: radius, color: palette.shadow),
                .rect(x: x, y: top, width: width, height: height, radius: radius, color: palette.chip),
            ] + texts(x, top, palette.chipText).map(SceneElement.text)
    }

    /// Where the scene's left edge goes in a stack `width` pixels wide: outgoing bubbles
    /// at the right, chips centered (on a whole pixel), the rest at the left.
    func x(inStackOf width: Double) -> Double {
        if centered { return ((width - self.width) / 2).rounded(.down) }
        return outgoing ? width - self.width : 0
    }
}
