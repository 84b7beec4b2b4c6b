internal import CByteScan

/// A long message laid out a stretch at a time, for emitters that write each line as it
/// comes (`--to ansi`, `--to text`, `--to json`): the lines are those
/// `TextLayouter.layout` makes of the whole message — the same rows, offsets, fragments
/// and text — but only one stretch's cluster table and lines are held at once, about 50
/// bytes a UTF-16 unit, instead of the whole message's.
///
/// A stretch ends after a line feed inside a paragraph outside a quote, once it holds
/// `pieceUnits` units. No line runs across a line feed, and nothing that shapes a line
/// looks across one — segmentation, line breaking, bidi (a paragraph ends there), Arabic
/// joining. Block ends are no place to cut: entities start and end anywhere, so a block
/// may end inside a word, and the line before a block takes a line feed that opens the
/// next; a pre block or a quote lays its lines out as one. Only messages without a line
/// limit are laid out this way: the limit's truncation joins the last line with the end
/// of the message. A class: a rendered message holds one reference, nil for every message
/// of ordinary length, and copies as one word.
@_spi(Testing) public final class LayoutPieces: Sendable {
    /// The message.
    let styled: StyledText
    /// Its blocks, as layout takes them (`LayoutEngine.tiledBlocks`).
    let blocks: [Block]
    /// Its constraints, clamped.
    let constraints: LayoutConstraints
    /// The least units a stretch holds before it may end.
    let pieceUnits: Int

    /// The units a stretch holds at least, by default: one stretch's tables take a few MB.
    @_spi(Testing) public static let defaultPieceUnits = 1 << 16

    /// The pieces of `styled` under `constraints`, or nil when it is laid out whole: no
    /// longer than `pieceUnits`, or under a line limit. Decided before anything is made:
    /// every message is asked.
    @_spi(Testing) public static func of(
        _ styled: StyledText, _ constraints: LayoutConstraints, pieceUnits: Int = defaultPieceUnits
    ) -> LayoutPieces? {
        guard styled.text.count > pieceUnits, pieceUnits > 0, constraints.maxLines <= 0 else { return nil }
        return LayoutPieces(styled, constraints.clamped, pieceUnits: pieceUnits)
    }

    private init(_ styled: StyledText, _ constraints: LayoutConstraints, pieceUnits: Int) {
        self.styled = styled
        blocks = LayoutEngine.tiledBlocks(styled)
        self.constraints = constraints
        self.pieceUnits = pieceUnits
    }

    /// Where the stretches end, in order (the last at the end of the text).
    func ends() -> [Int] {
        var ends: [Int] = []
        var start = 0
        styled.text.units.withUnsafeBufferPointer { units in
            guard let base = units.baseAddress else { return }
            for block in blocks {
                guard block.quote == nil, case .paragraph = block.kind else { continue }
                // After a line feed inside the paragraph, once the stretch is long enough.
                let end = block.range.upperBound
                var from = max(block.range.lowerBound, start &+ pieceUnits &- 1)
                while from < end {
                    let feed = msgfmt_byte_scan_find_unit(base, from, end, 0x0A)
                    guard feed &+ 1 < end else { break }
                    ends.append(feed &+ 1)
                    start = feed &+ 1
                    from = start &+ pieceUnits &- 1
                }
            }
        }
        ends.append(styled.text.units.count)
        return ends
    }

    /// Calls `body` with the layout of each stretch in turn, its rows counted from the
    /// message's first and its offsets the message's.
    @_spi(Testing) public func layOutEach(_ body: (TextLayout) -> Void) {
        var start = 0
        var row = 0
        var first = 0
        for end in ends() {
            // The blocks of the stretch, cut to it and counted from its start.
            var part: [Block] = []
            while first < blocks.count, blocks[first].range.upperBound <= start { first &+= 1 }
            var b = first
            while b < blocks.count, blocks[b].range.lowerBound < end {
                var block = blocks[b]
                let range = max(block.range.lowerBound, start)..<min(block.range.upperBound, end)
                block.range = (range.lowerBound &- start)..<(range.upperBound &- start)
                // The runs are in order: the stretch's are found by bisection, so a block of
                // many runs cut into many stretches is not walked whole for each.
                let runs = blocks[b].runs
                var low = 0
                var high = runs.count
                while low < high {
                    let mid = (low &+ high) >> 1
                    if runs[mid].range.upperBound <= range.lowerBound { low = mid &+ 1 } else { high = mid }
                }
                block.runs = []
                while low < runs.count, runs[low].range.lowerBound < range.upperBound {
                    let cut = runs[low].range.clamped(to: range)
                    if !cut.isEmpty {
                        var moved = runs[low]
                        moved.range = (cut.lowerBound &- start)..<(cut.upperBound &- start)
                        block.runs.append(moved)
                    }
                    low &+= 1
                }
                part.append(block)
                b &+= 1
            }
            let text = UTF16Text(units: Array(styled.text.units[start..<end]))
            var layout = TextLayouter.layout(StyledText(messageID: styled.messageID, text: text, blocks: part), constraints)
            for i in layout.lines.indices {
                layout.lines[i].y &+= row
                layout.lines[i].start &+= start
                layout.lines[i].end &+= start
                for j in layout.lines[i].fragments.indices {
                    layout.lines[i].fragments[j].start &+= start
                    layout.lines[i].fragments[j].end &+= start
                }
            }
            row &+= layout.lines.count
            body(layout)
            start = end
        }
    }
}
