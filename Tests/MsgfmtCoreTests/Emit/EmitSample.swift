import Foundation

@testable import MsgfmtCore

/// Builds emitter inputs by hand: styled text from runs and blocks, and a simple
/// test-only layout (one line per hard line, one fragment per run, quote bars, a line
/// limit with an ellipsis), so emitter tests do not depend on the real layouter.
struct EmitSample {
    var text: String
    var runs: [(Range<Int>, Style)] = []
    var blocks: [Block]? = nil
    var messageID: Int64? = nil

    /// The styled text: `runs` (gaps filled with plain runs) cut into `blocks` (default:
    /// one paragraph).
    var styled: StyledText {
        let utf16 = UTF16Text(text)
        var filled: [StyledRun] = []
        var position = 0
        for (range, style) in runs.sorted(by: { $0.0.lowerBound < $1.0.lowerBound }) {
            if range.lowerBound > position { filled.append(StyledRun(range: position..<range.lowerBound, style: .plain)) }
            filled.append(StyledRun(range: range, style: style))
            position = range.upperBound
        }
        if position < utf16.count { filled.append(StyledRun(range: position..<utf16.count, style: .plain)) }
        let shapes = blocks ?? [Block(kind: .paragraph, range: 0..<utf16.count, runs: [])]
        let cut = shapes.map { block in
            var b = block
            b.runs = filled.compactMap { run in
                let lo = max(run.range.lowerBound, block.range.lowerBound)
                let hi = min(run.range.upperBound, block.range.upperBound)
                return lo < hi ? StyledRun(range: lo..<hi, style: run.style) : nil
            }
            return b
        }
        return StyledText(messageID: messageID, text: utf16, blocks: cut)
    }

    /// The test layout of `styled` with at most `maxLines` lines (0: all).
    func layout(maxLines: Int = 0, ellipsis: String = "…") -> TextLayout {
        let styled = self.styled
        let units = styled.text.units
        var lines: [LayoutLine] = []
        var start = 0
        var truncated = false
        for i in 0...units.count where i == units.count || units[i] == 0x0A {
            if maxLines > 0, lines.count == maxLines {
                truncated = true
                break
            }
            let end = i < units.count ? i + 1 : i
            var fragments: [LayoutFragment] = []
            var x = 0
            let block = styled.blocks.first { $0.range.contains(start) || ($0.range.upperBound == start && start == units.count) }
            if block?.quote != nil {
                fragments.append(
                    LayoutFragment(x: 0, width: 1, start: start, end: start, text: "", display: "▎", style: .plain, role: .quoteBar))
                x = 1
            }
            for run in styled.runs where run.range.overlaps(start..<i) {
                let r = max(run.range.lowerBound, start)..<min(run.range.upperBound, i)
                let s = styled.text.substring(r)
                let w = CellWidth.of(s, model: .modern)
                fragments.append(
                    LayoutFragment(
                        x: x, width: w, start: r.lowerBound, end: r.upperBound, text: s, display: DisplaySafety.sanitize(s),
                        style: run.style))
                x += w
            }
            lines.append(
                LayoutLine(
                    y: lines.count, x: 0, width: x, start: start, end: end, block: block?.kind ?? .paragraph, quoted: block?.quote != nil,
                    rtl: false, fragments: fragments))
            start = end
            if i == units.count { break }
        }
        if truncated, var last = lines.popLast() {
            let x = last.width
            last.fragments.append(
                LayoutFragment(x: x, width: 1, start: last.end, end: last.end, text: "", display: ellipsis, style: .plain, role: .ellipsis))
            last.width += 1
            lines.append(last)
        }
        return TextLayout(messageID: messageID, text: text, width: lines.map(\.width).max() ?? 0, truncated: truncated, lines: lines)
    }

    /// A rendered message with the test layout.
    func rendered(index: Int = 0, maxLines: Int = 0) -> RenderedMessage {
        RenderedMessage(
            index: index, message: Message(id: messageID, text: text), styled: styled, layout: layout(maxLines: maxLines), diagnostics: [])
    }
}
