/// Which parts of a message a truncated layout kept, so HTML (which the browser wraps
/// itself) can show the same text as the terminal: the kept ranges, and the gaps where
/// the ellipsis goes.
struct HTMLTruncation {
    /// UTF-16 ranges of the text to show, sorted, merged, non-empty.
    var kept: [Range<Int>]
    /// The ranges left out, sorted; each shows as one ellipsis.
    var gaps: [Range<Int>]

    /// Reads the kept text off `layout`'s lines: a whole line's range, except on a line
    /// with an ellipsis, where only the text on either side of it counts.
    init(layout: TextLayout, textLength: Int) {
        var pieces: [Range<Int>] = []
        for line in layout.lines {
            guard let cut = line.fragments.first(where: { $0.role == .ellipsis }) else {
                pieces.append(line.start..<max(line.start, line.end))
                continue
            }
            let texts = line.fragments.filter { ($0.role == .text || $0.role == .tab) && $0.start < $0.end }
            let before = texts.filter { $0.end <= cut.start }
            let after = texts.filter { $0.start >= cut.start }
            if let end = before.map(\.end).max() { pieces.append(line.start..<max(line.start, end)) }
            if let start = after.map(\.start).min() { pieces.append(start..<max(start, line.end)) }
        }
        var kept: [Range<Int>] = []
        for piece in pieces.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            let clamped = max(0, min(piece.lowerBound, textLength))..<max(0, min(piece.upperBound, textLength))
            if clamped.isEmpty { continue }
            if let last = kept.last, clamped.lowerBound <= last.upperBound {
                kept[kept.count - 1] = last.lowerBound..<max(last.upperBound, clamped.upperBound)
            } else {
                kept.append(clamped)
            }
        }
        var gaps: [Range<Int>] = []
        var position = 0
        for range in kept {
            if range.lowerBound > position { gaps.append(position..<range.lowerBound) }
            position = range.upperBound
        }
        if position < textLength { gaps.append(position..<textLength) }
        self.kept = kept
        self.gaps = gaps
    }

    /// The parts of `range` that were kept.
    func pieces(of range: Range<Int>) -> [Range<Int>] {
        kept.compactMap { k in
            let r = max(k.lowerBound, range.lowerBound)..<max(max(k.lowerBound, range.lowerBound), min(k.upperBound, range.upperBound))
            return r.isEmpty ? nil : r
        }
    }
}
