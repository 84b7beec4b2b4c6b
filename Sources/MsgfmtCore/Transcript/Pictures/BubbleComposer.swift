/// Composes what a bubble picture shows around a message's text (`BubbleExtras`), worded
/// as the terminal transcript words it (`TerminalComposer`) and laid out with the fonts:
/// "Forwarded from Some Channel" and "via @bot" in italics, the reply quote as Telegram
/// draws it (the quoted sender in bold over a one-line preview, in a band), the media
/// placeholder as every format words it (`[Poll: Ship it? · 3 votes]`, then its options;
/// `MediaPlaceholder.lines`), the reactions (`👍 2  ❤️ 1`) below the text. Every line is
/// cut with the ellipsis to the bubble's width and starts at the left; the reply quote's
/// name and preview read in their own direction (a Hebrew preview right to left), the
/// other lines left to right whatever names they hold (`TranscriptText`). A message with
/// nothing to show says "(empty message)" rather than being an empty bubble.
struct BubbleComposer: Sendable {
    let options: ExportOptions
    let fonts: FontLibrary
    /// The widest a row may be, in layout units: the width message bodies are laid out at.
    let width: Int
    let text: TranscriptText

    /// A composer measuring with `options.fonts`; nil without fonts.
    init?(options: ExportOptions) {
        guard let fonts = options.fonts else { return nil }
        self.options = options
        self.fonts = fonts
        self.width = options.render.layout.width
        self.text = TranscriptText(constraints: options.render.layout, fonts: fonts)
    }

    /// The rows of `message` that depend on it alone: all but the reply quote.
    func extras(_ message: TranscriptMessage) -> BubbleExtras {
        let m = message.message
        let italic = Style(attributes: .italic)
        var above: [BubbleRow] = []
        if m.forwarded {
            above.append(row(.forward, "Forwarded from " + (m.forwardedFrom ?? "a hidden user"), style: italic))
        }
        if let bot = m.viaBot {
            above.append(row(.via, "via " + bot, style: italic))
        }
        if let media = message.shownMedia {
            var constraints = options.render.layout
            constraints.maxLines = 0
            above += media.lines(constraints, fonts: fonts).map { BubbleRow(.media, $0) }
        }
        var below: [BubbleRow] = []
        if !m.reactions.isEmpty {
            below.append(row(.reactions, ExportReaction.summary(of: m.reactions, separator: "  ")))
        }
        if m.body.text.isEmpty, above.isEmpty, below.isEmpty, m.replyTo == nil {
            above.append(row(.media, "(empty message)", style: italic))
        }
        return BubbleExtras(above: above, below: below, width: width)
    }

    /// `extras` with the quote of a reply to message `reply` after its forward and via-bot
    /// lines: the quoted sender over the first line of what they wrote (`target`, from
    /// the reply preview cache), or "In reply to message N" when that message is not known.
    func quoting(_ reply: Int64, target: (sender: String, text: String)?, in extras: BubbleExtras) -> BubbleExtras {
        let room = width - BubbleExtras.quoteInset * FontLibrary.unitsPerPixel
        var rows: [BubbleRow] = []
        if let target {
            // Each in its own direction, as the name and text they quote are drawn.
            let quoted: [(BubbleRow.Kind, String, Style)] = [
                (.replySender, target.sender, Style(attributes: .bold)), (.replyText, target.text, .plain),
            ]
            for (kind, words, style) in quoted {
                let line = text.laidOutLine(words, width: room, style: style, leftToRight: false)
                rows.append(BubbleRow(kind, fragments: line.fragments, width: line.width))
            }
        } else {
            rows.append(row(.replyText, "In reply to message \(reply)", style: Style(attributes: .italic), width: room))
        }
        var extras = extras
        let at = extras.above.firstIndex { $0.kind != .forward && $0.kind != .via } ?? extras.above.count
        extras.above.insert(contentsOf: rows, at: at)
        return extras
    }

    /// `words` as one row of `kind`, cut with the ellipsis to `width` (the bubble's).
    private func row(_ kind: BubbleRow.Kind, _ words: String, style: Style = .plain, width: Int? = nil) -> BubbleRow {
        let line = text.oneLine(words, width: width ?? self.width, style: style)
        return BubbleRow(kind, fragments: line.fragments, width: line.width)
    }
}
