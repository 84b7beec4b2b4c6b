/// A message drawn as a chat bubble, as a list of shapes and text runs in pixels: what the
/// SVG writer and the PNG painter both draw, so the two pictures agree.
///
/// The bubble is a rounded rectangle with a tail at its bottom left (an incoming message),
/// the text inset by `padding`; quotes get a tinted band with a bar, pre blocks and inline
/// code a tinted background, hidden spoilers an opaque mask instead of their text (the
/// text is not in the picture at all), links the link color, underline and strikethrough
/// a 1 px rule. Emitters never measure: every position comes from the layout.
struct BubbleScene: Sendable {
    /// The picture's size in pixels.
    var width: Double
    var height: Double
    /// What to draw, back to front.
    var elements: [SceneElement]

    /// Margin around the bubble, the tail's width, the text's inset, the corner radius.
    static let margin = 4.0
    static let tail = 7.0
    static let padding = (x: 12.0, top: 7.0, bottom: 8.0)
    static let radius = 15.0
    /// The narrowest bubble.
    static let minimumWidth = 48.0

    /// The scene of `layout` measured with `metrics`, in `palette`.
    init(_ layout: TextLayout, metrics: PixelMetrics, palette: BubblePalette, spoilers: SpoilerMode) {
        let px = metrics.pixels
        let lineHeight = px(metrics.lineHeight)
        let contentWidth = px(layout.width)
        let contentHeight = Double(layout.lines.count) * lineHeight
        let bubbleWidth = max(Self.minimumWidth, contentWidth + 2 * Self.padding.x)
        let bubbleHeight = max(contentHeight, lineHeight) + Self.padding.top + Self.padding.bottom
        let bx = Self.margin + Self.tail
        let by = Self.margin
        width = (bx + bubbleWidth + Self.margin).rounded(.up)
        height = (by + bubbleHeight + Self.margin + 1).rounded(.up)
        let ox = bx + Self.padding.x
        let oy = by + Self.padding.top
        var elements: [SceneElement] = []
        let outline = Self.outline(x: bx, y: by, width: bubbleWidth, height: bubbleHeight)
        elements.append(.path(outline.map { $0.offset(dy: 1) }, color: palette.shadow))
        elements.append(.path(outline, color: palette.bubble))
        // Bands behind runs of quoted lines and of pre lines.
        var k = 0
        let lines = layout.lines
        while k < lines.count {
            let quoted = lines[k].quoted
            var isPre = false
            if case .pre = lines[k].block { isPre = true }
            var end = k + 1
            while end < lines.count, lines[end].quoted == quoted, Self.isPre(lines[end]) == isPre { end += 1 }
            let top = oy + Double(k) * lineHeight
            let height = Double(end - k) * lineHeight
            if quoted {
                elements.append(.rect(x: ox, y: top, width: contentWidth, height: height, radius: 4, color: palette.quoteBackground))
                elements.append(.rect(x: ox, y: top, width: 3, height: height, radius: 1.5, color: palette.accent))
            }
            if isPre {
                let inset = quoted ? px(lines[k].fragments.first { $0.role == .quoteBar }?.width ?? 0) : 0
                elements.append(
                    .rect(
                        x: ox + inset - 4, y: top, width: contentWidth - inset + 8, height: height, radius: 6, color: palette.codeBackground
                    ))
            }
            k = end
        }
        for line in lines {
            let top = oy + px(metrics.top(ofLine: line.y))
            let baseline = oy + px(metrics.baseline(ofLine: line.y))
            for fragment in line.fragments {
                let x = ox + px(fragment.x)
                let w = px(fragment.width)
                switch fragment.role {
                case .tab, .quoteBar:
                    continue
                case .ellipsis:
                    elements.append(
                        .text(
                            SceneText(
                                x: x, baseline: baseline, width: w, text: fragment.display, rtl: false, face: .regular, color: palette.text)
                        ))
                case .title:
                    elements.append(
                        .text(
                            SceneText(
                                x: x, baseline: baseline, width: w, text: fragment.display, rtl: false, face: .bold, color: palette.accent))
                    )
                case .text:
                    let a = fragment.style.attributes
                    if a.contains(.spoiler), spoilers == .hide {
                        elements.append(.rect(x: x, y: top + 2, width: w, height: lineHeight - 4, radius: 4, color: palette.spoiler))
                        continue
                    }
                    if a.contains(.code), !a.contains(.pre) {
                        elements.append(
                            .rect(x: x - 1, y: top + 1, width: w + 2, height: lineHeight - 2, radius: 4, color: palette.codeBackground))
                    }
                    let color = Self.isLink(fragment.style) ? palette.link : palette.text
                    let shown = fragment.rtl ? DisplaySafety.sanitize(fragment.text) : fragment.display
                    elements.append(
                        .text(
                            SceneText(
                                x: x, baseline: baseline, width: w, text: shown, rtl: fragment.rtl, face: FaceStyle(fragment.style),
                                color: color)))
                    if a.contains(.underline) {
                        elements.append(.rect(x: x, y: baseline + 2, width: w, height: 1, radius: 0, color: color))
                    }
                    if a.contains(.strikethrough) {
                        elements.append(.rect(x: x, y: baseline - px(metrics.ascent) * 0.3, width: w, height: 1, radius: 0, color: color))
                    }
                }
            }
        }
        self.elements = elements
    }

    private static func isPre(_ line: LayoutLine) -> Bool {
        if case .pre = line.block { return true }
        return false
    }

    /// True for text drawn in the link color: links and the entities apps make tappable.
    private static func isLink(_ style: Style) -> Bool {
        style.link != nil
            || !style.attributes.isDisjoint(with: [
                .mention, .hashtag, .cashtag, .botCommand, .url, .email, .phoneNumber, .bankCard, .textMention,
            ])
    }

    /// The bubble: a rounded rectangle whose bottom left corner runs out into a tail.
    static func outline(x: Double, y: Double, width: Double, height: Double) -> [PathCommand] {
        let r = min(radius, width / 2, height / 2)
        let k = r * 0.4477
        let (x1, y1) = (x + width, y + height)
        return [
            .move(x + r, y), .line(x1 - r, y), .curve(x1 - k, y, x1, y + k, x1, y + r),
            .line(x1, y1 - r), .curve(x1, y1 - k, x1 - k, y1, x1 - r, y1),
            .line(x - tail, y1), .curve(x - tail * 0.3, y1 - 1, x, y1 - 4, x, y1 - min(12, height / 2)),
            .line(x, y + r), .curve(x, y + k, x + k, y, x + r, y), .close,
        ]
    }
}
