import Testing

@_spi(Testing) @testable import MsgfmtCore

/// Builds styled texts for layout tests and renders layouts as plain lines.
enum LayoutTestSupport {
    /// One block of a test message.
    struct Part {
        var text: String
        var kind: BlockKind = .paragraph
        var quote: BlockQuote? = nil
    }

    /// A message from marked-up parts: `⟦b⟧…⟦/b⟧` bold, `⟦i⟧…⟦/i⟧` italic,
    /// `⟦s⟧…⟦/s⟧` spoiler (markers don't nest).
    static func styled(_ parts: [Part]) -> StyledText {
        var units: [UInt16] = []
        var blocks: [Block] = []
        let marks: [(String, StyleAttributes)] = [("b", .bold), ("i", .italic), ("s", .spoiler)]
        for part in parts {
            let blockStart = units.count
            var runs: [StyledRun] = []
            var rest = Substring(part.text)
            var style = Style.plain
            var runStart = units.count
            while !rest.isEmpty {
                var matched = false
                for (name, attribute) in marks {
                    for (marker, on) in [("⟦\(name)⟧", true), ("⟦/\(name)⟧", false)] where rest.hasPrefix(marker) {
                        if units.count > runStart { runs.append(StyledRun(range: runStart..<units.count, style: style)) }
                        runStart = units.count
                        style = on ? Style(attributes: attribute) : .plain
                        rest = rest.dropFirst(marker.count)
                        matched = true
                    }
                }
                if !matched {
                    units += String(rest.first!).utf16
                    rest = rest.dropFirst()
                }
            }
            if units.count > runStart { runs.append(StyledRun(range: runStart..<units.count, style: style)) }
            blocks.append(Block(kind: part.kind, quote: part.quote, range: blockStart..<units.count, runs: runs))
        }
        return StyledText(text: UTF16Text(units: units), blocks: blocks)
    }

    /// A one-paragraph message.
    static func styled(_ text: String) -> StyledText { styled([Part(text: text)]) }

    /// Constraints with `width` and changes applied.
    static func constraints(_ width: Int, _ change: (inout LayoutConstraints) -> Void = { _ in }) -> LayoutConstraints {
        var c = LayoutConstraints()
        c.width = width
        change(&c)
        return c
    }

    /// The layout's lines as `--to text` writes them (spoilers revealed).
    static func lines(_ layout: TextLayout) -> [String] {
        layout.lines.map { PlainTextEmitter.text(of: $0, spoilers: .reveal) }
    }

    /// Lays out and returns the lines, recording broken invariants as failures.
    static func render(_ styled: StyledText, _ c: LayoutConstraints) -> (TextLayout, [String], [String]) {
        let layout = TextLayouter.layout(styled, c)
        return (layout, lines(layout), violations(layout, of: styled, c))
    }

    /// The broken invariants of `layout`, a layout of `styled` under `c`; empty when all
    /// hold. (Check many layouts of one text with `TextLayout.checkInvariants` directly.)
    static func violations(_ layout: TextLayout, of styled: StyledText, _ c: LayoutConstraints) -> [String] {
        TextLayout.checkInvariants(styled, [(layout, c)])[0]
    }
}

extension LayoutTestSupport {
    /// Lays `styled` out at `width` under both width models and checks that the invariants
    /// hold and every text fragment's display measures its width; returns the layouts.
    @discardableResult
    static func expectDrawnAsMeasured(_ styled: StyledText, width: Int = 40) -> [TextLayout] {
        WidthModel.allCases.map { model in
            var constraints = LayoutConstraints()
            constraints.width = width
            constraints.widthModel = model
            let layout = TextLayouter.layout(styled, constraints)
            #expect(violations(layout, of: styled, constraints).isEmpty, "\(model)")
            for fragment in layout.lines.flatMap(\.fragments) where fragment.role == .text {
                #expect(CellWidth.of(fragment.display, model: model) == fragment.width, "\(fragment.display.debugDescription)")
            }
            return layout
        }
    }
}
