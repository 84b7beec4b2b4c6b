/// A message drawn as a chat bubble, as a list of shapes and text runs in pixels: what the
/// SVG writer and the PNG painter both draw, so the two pictures agree.
///
/// The bubble is a rounded rectangle, with a tail at its bottom left (incoming) or bottom
/// right (outgoing) when it ends a group; the sender name (`BubbleCaption`) sits above the
/// text in its peer color, then what a chat shows around the text (`BubbleExtras`): the
/// forward and via-bot lines in the accent color, the reply quote in a tinted band with a
/// bar, the media placeholder in italics; the reactions below the text; the time at the
/// bottom right — in the last line when it fits, else on a line of its own. A message
/// shown by those rows alone (media without a caption) has no empty text line. Quotes get a tinted band with a bar, pre blocks and inline
/// code a tinted background, hidden spoilers an opaque mask instead of their text (the
/// text is not in the picture at all), links the link color, underline and strikethrough
/// a 1 px rule. Emitters never measure: every position comes from the layout and the
/// caption's measures.
struct BubbleScene: Sendable {
    /// The picture's size in pixels.
    var width: Double
    var height: Double
    /// True for an outgoing message: stacked pictures align it to the right.
    var outgoing: Bool
    /// True for a chip (a day's date or a service message, `BubbleScene+Chips`): stacked
    /// pictures center it.
    var centered = false
    /// What to draw, back to front.
    var elements: [SceneElement]

    /// Margin around the bubble, the tail's width, the text's inset, the corner radius.
    static let margin = 4.0
    static let tail = 7.0
    static let padding = (x: 12.0, top: 7.0, bottom: 8.0)
    static let radius = 15.0
    /// The narrowest bubble.
    static let minimumWidth = 48.0

    /// The scene of `layout` measured with `metrics`, in `theme`'s colors: with the name
    /// and time of `caption` and the rows of `extras`, on the right when `outgoing`, with a
    /// tail when `tail`.
    init(
        _ layout: TextLayout, metrics: PixelMetrics, theme: Theme, spoilers: SpoilerMode, caption: BubbleCaption = BubbleCaption(),
        extras: BubbleExtras = BubbleExtras(), outgoing: Bool = false, tail: Bool = true
    ) {
        let palette = BubblePalette(theme, outgoing: outgoing)
        let px = metrics.pixels
        let lineHeight = px(metrics.lineHeight)
        let nameHeight = caption.name == nil ? 0 : lineHeight
        let inset = Double(BubbleExtras.quoteInset)
        // Media without a caption is shown by its rows alone: no empty line for the text.
        let textLines = layout.lines.isEmpty && !extras.isEmpty ? 0 : max(layout.lines.count, 1)
        let textHeight = Double(textLines) * lineHeight
        let aboveHeight = Double(extras.above.count) * lineHeight
        let belowHeight = Double(extras.below.count) * lineHeight
        // The bubble is as wide as its widest line, not the box the text was laid out in:
        // a line that alignment moved right (right-to-left text, `--align center`) moves
        // left with the box's right edge, in proportion (`shift`).
        let widest = layout.lines.map(\.width).max() ?? 0
        func rowInset(_ row: BubbleRow) -> Double { row.kind.inBand ? inset : 0 }
        let widestRow = (extras.above + extras.below).map { px($0.line.width) + rowInset($0) }.max() ?? 0
        // A name not drawn (a later bubble of a sender's run) takes no room.
        var contentWidth = max(px(widest), caption.name == nil ? 0 : px(caption.nameWidth), widestRow)
        let textBox = contentWidth
        func shift(_ line: LayoutLine, laidOut: Int, box: Double) -> Double {
            let slack = laidOut - line.width
            guard line.x > 0, slack > 0 else { return 0 }
            return px(line.x) - Double(line.x) / Double(slack) * (box - px(line.width))
        }
        func shift(_ line: LayoutLine) -> Double { shift(line, laidOut: layout.width, box: textBox) }
        func shift(_ row: BubbleRow) -> Double {
            let laidOut = extras.width - (row.kind.inBand ? BubbleExtras.quoteInset * metrics.unitsPerPixel : 0)
            return shift(row.line, laidOut: laidOut, box: textBox - rowInset(row))
        }
        func right(_ row: BubbleRow) -> Double {
            rowInset(row) + (row.line.fragments.map { px($0.x + $0.width) }.max() ?? 0) - shift(row)
        }
        // The time: tucked into the last line when it fits beside it, else on its own line.
        let timeWidth = px(caption.timeWidth)
        let timeScale = BubbleCaption.timeScale
        var timeRow = 0.0
        if caption.time != nil {
            let lastRight: Double
            if let row = extras.below.last ?? (textLines == 0 ? extras.above.last : nil) {
                // Not into the reply quote's band: below it.
                lastRight = row.kind.inBand ? .infinity : right(row)
            } else {
                lastRight = layout.lines.last.map { line in (line.fragments.map { px($0.x + $0.width) }.max() ?? 0) - shift(line) } ?? 0
            }
            let tucked = lastRight + Double(BubbleCaption.timeGap) + timeWidth
            if tucked <= max(contentWidth, px(caption.maxWidth)) {
                contentWidth = max(contentWidth, tucked)
            } else {
                contentWidth = max(contentWidth, timeWidth)
                timeRow = (lineHeight * timeScale).rounded()
            }
        }
        let bubbleWidth = max(Self.minimumWidth, contentWidth + 2 * Self.padding.x)
        let bubbleHeight = nameHeight + aboveHeight + textHeight + belowHeight + timeRow + Self.padding.top + Self.padding.bottom
        let bx = outgoing ? Self.margin : Self.margin + Self.tail
        let by = Self.margin
        width = (Self.margin + Self.tail + bubbleWidth + Self.margin).rounded(.up)
        height = (by + bubbleHeight + Self.margin + 1).rounded(.up)
        self.outgoing = outgoing
        let ox = bx + Self.padding.x
        let aboveTop = by + Self.padding.top + nameHeight
        let oy = aboveTop + aboveHeight
        let belowTop = oy + textHeight
        contentWidth = bubbleWidth - 2 * Self.padding.x
        var elements: [SceneElement] = []
        let side: TailSide = tail ? (outgoing ? .right : .left) : .none
        let outline = Self.outline(x: bx, y: by, width: bubbleWidth, height: bubbleHeight, tail: side)
        elements.append(.path(outline.map { $0.offset(dy: 1) }, color: palette.shadow))
        elements.append(.path(outline, color: palette.bubble))
        // A quote's tinted band with its bar: the reply quote's rows, the text's quoted lines.
        func quoteBand(y: Double, width: Double, height: Double) {
            elements.append(.rect(x: ox, y: y, width: width, height: height, radius: 4, color: palette.quoteBackground))
            elements.append(.rect(x: ox, y: y, width: 3, height: height, radius: 1.5, color: palette.accent))
        }
        // The rows around the text, the reply quote's in a band as wide as the bubble's content.
        func draw(_ rows: [BubbleRow], from top: Double) {
            var k = 0
            while k < rows.count {
                guard rows[k].kind.inBand else {
                    k += 1
                    continue
                }
                var end = k + 1
                while end < rows.count, rows[end].kind.inBand { end += 1 }
                let y = top + Double(k) * lineHeight + 1
                let height = Double(end - k) * lineHeight - 2
                quoteBand(y: y, width: contentWidth, height: height)
                k = end
            }
            for (i, row) in rows.enumerated() {
                let baseline = top + Double(i) * lineHeight + px(metrics.baseline(ofLine: 0))
                let dx = shift(row) - rowInset(row)
                let color: UInt32
                switch row.kind {
                case .forward, .via, .replySender: color = palette.accent
                case .replyText, .media, .reactions: color = palette.text
                }
                for fragment in row.line.fragments where fragment.role == .text || fragment.role == .ellipsis {
                    // The ellipsis (shaped in the regular face) has no source text: its display.
                    let ellipsis = fragment.role == .ellipsis
                    let rtl = fragment.rtl && !ellipsis
                    let shown = rtl ? DisplaySafety.sanitize(fragment.text) : fragment.display
                    elements.append(
                        .text(
                            SceneText(
                                x: ox + px(fragment.x) - dx, baseline: baseline, width: px(fragment.width), text: shown, rtl: rtl,
                                face: ellipsis ? .regular : FaceStyle(fragment.style), color: color)))
                }
            }
        }
        draw(extras.above, from: aboveTop)
        draw(extras.below, from: belowTop)
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
            if quoted { quoteBand(y: top, width: textBox, height: height) }
            if isPre {
                let inset = quoted ? px(lines[k].fragments.first { $0.role == .quoteBar }?.width ?? 0) : 0
                elements.append(
                    .rect(
                        x: ox + inset - 4, y: top, width: textBox - inset + 8, height: height, radius: 6,
                        color: palette.codeBackground
                    ))
            }
            k = end
        }
        for line in lines {
            let top = oy + px(metrics.top(ofLine: line.y))
            let baseline = oy + px(metrics.baseline(ofLine: line.y))
            let dx = shift(line)
            for fragment in line.fragments {
                let x = ox + px(fragment.x) - dx
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
        if let name = caption.name {
            let baseline = by + Self.padding.top + px(metrics.baseline(ofLine: 0))
            elements.append(
                .text(
                    SceneText(
                        x: ox, baseline: baseline, width: px(caption.nameWidth), text: name, rtl: caption.nameRTL, face: .bold,
                        color: palette.name(caption.peer))))
        }
        if let time = caption.time {
            let baseline: Double
            if timeRow > 0 {
                let ascent = px(metrics.ascent) * timeScale
                let descent = px(metrics.descent) * timeScale
                baseline = belowTop + belowHeight + (timeRow - ascent - descent) / 2 + ascent
            } else if !extras.below.isEmpty {
                baseline = belowTop + belowHeight - lineHeight + px(metrics.baseline(ofLine: 0))
            } else if textLines == 0, !extras.above.isEmpty {
                baseline = oy - lineHeight + px(metrics.baseline(ofLine: 0))
            } else {
                baseline = oy + px(metrics.baseline(ofLine: max(0, layout.lines.count - 1)))
            }
            elements.append(
                .text(
                    SceneText(
                        x: ox + contentWidth - timeWidth, baseline: baseline, width: timeWidth, text: time, rtl: false, face: .regular,
                        color: palette.time, scale: timeScale)))
        }
        self.elements = elements
    }

    /// Where the bubble's tail is.
    enum TailSide {
        case left, right, none
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

    /// The bubble: a rounded rectangle whose bottom left (or right) corner runs out into a
    /// tail, or without one.
    static func outline(x: Double, y: Double, width: Double, height: Double, tail side: TailSide) -> [PathCommand] {
        let r = min(radius, width / 2, height / 2)
        let k = r * 0.4477
        let (x1, y1) = (x + width, y + height)
        let tip = min(12, height / 2)
        var path: [PathCommand] = [.move(x + r, y), .line(x1 - r, y), .curve(x1 - k, y, x1, y + k, x1, y + r)]
        if side == .right {
            path += [.line(x1, y1 - tip), .curve(x1, y1 - 4, x1 + tail * 0.7, y1 - 1, x1 + tail, y1)]
        } else {
            path += [.line(x1, y1 - r), .curve(x1, y1 - k, x1 - k, y1, x1 - r, y1)]
        }
        if side == .left {
            path += [.line(x - tail, y1), .curve(x - tail * 0.3, y1 - 1, x, y1 - 4, x, y1 - tip)]
        } else {
            path += [.line(x + r, y1), .curve(x + k, y1, x, y1 - k, x, y1 - r)]
        }
        path += [.line(x, y + r), .curve(x, y + k, x + k, y, x + r, y), .close]
        return path
    }
}
