/// A message segmented and measured once, ready to be laid out under any constraints.
///
/// Layout's first stages (grapheme clusters, UAX #14 opportunities, cluster widths)
/// depend only on the text and the measurer. Keep a `PreparedText` to lay the same
/// message out again at another width, line limit or alignment (a window resize, a
/// preview next to a full view) without redoing them.
///
/// ```swift
/// let prepared = PreparedText(StyledText(plain: "Hello there, world"))
/// for width in [10, 40, 80] {
///     var c = LayoutConstraints()
///     c.width = width
///     _ = TextLayouter.layout(prepared, c)
/// }
/// ```
public struct PreparedText {
    /// The message.
    public let styled: StyledText
    /// Its blocks, or one paragraph when the given blocks don't tile the text.
    let blocks: [Block]
    /// The measured clusters.
    let table: ClusterTable
    /// Measures the ellipsis and titles the same way as the text.
    let measurer: any TextMeasurer
    /// True when `measurer` counts terminal cells (`CellMeasurer`): known here, where its
    /// type is, so layout does not cast the existential for every message.
    let measuresCells: Bool
    /// The paragraphs, pre lines and titles, in order.
    let segments: [LayoutSegment]
    /// Per segment: bidi levels of its clusters and its paragraph level, or nil when
    /// everything is left to right at level 0; empty when every segment's is nil, as in
    /// most messages (read through `bidi(_:)`).
    private let bidiLevels: [(levels: [UInt8], paragraphLevel: UInt8)?]

    /// Segments and measures `styled` with `measurer`. O(n).
    public init(_ styled: StyledText, measurer: some TextMeasurer = CellMeasurer()) {
        self.styled = styled
        let blocks = LayoutEngine.tiledBlocks(styled)
        self.blocks = blocks
        self.measurer = measurer
        measuresCells = measurer is CellMeasurer
        // Most messages are one block, which starts at 0 (the blocks tile the text): its
        // runs and starts are used as they are, not gathered into new arrays.
        let one = blocks.count == 1 && blocks[0].range.lowerBound == 0
        let table = ClusterTable(
            text: styled.text, runs: one ? blocks[0].runs : Self.runs(of: blocks),
            blockStarts: one ? [0] : blocks.map(\.range.lowerBound), tabWidth: LayoutConstraints().tabWidth, measurer: measurer)
        self.table = table
        let segments = LayoutSegment.split(blocks, table: table)
        self.segments = segments
        var bidiLevels: [(levels: [UInt8], paragraphLevel: UInt8)?] = []
        for (k, segment) in segments.enumerated() {
            guard let levels = Self.bidi(segment.content, table: table) else { continue }
            if bidiLevels.isEmpty { bidiLevels = Array(repeating: nil, count: segments.count) }
            bidiLevels[k] = levels
        }
        self.bidiLevels = bidiLevels
    }

    /// The runs of all `blocks`, in one array allocated once.
    private static func runs(of blocks: [Block]) -> [StyledRun] {
        var runs: [StyledRun] = []
        runs.reserveCapacity(blocks.reduce(0) { $0 &+ $1.runs.count })
        for block in blocks { runs.append(contentsOf: block.runs) }
        return runs
    }

    /// The bidi levels of segment `index`'s clusters and its paragraph level, or nil when
    /// everything in it is left to right at level 0.
    func bidi(_ index: Int) -> (levels: [UInt8], paragraphLevel: UInt8)? {
        bidiLevels.isEmpty ? nil : bidiLevels[index]
    }

    /// The bidi levels of the clusters `content` as one paragraph, or nil when none is
    /// right to left (no ICU call then).
    private static func bidi(_ content: Range<Int>, table: ClusterTable) -> (levels: [UInt8], paragraphLevel: UInt8)? {
        guard !content.isEmpty else { return nil }
        let lower = table.start(content.lowerBound)
        var slice = table.text.units[lower..<table.start(content.upperBound)]
        guard BidiParagraph.needsICU(slice) else { return nil }
        if table.hasTabsOrUnsafe { slice = BidiParagraph.withoutExplicitFormatting(slice) }
        let paragraph = BidiParagraph.resolved(slice, direction: .auto)
        // Each cluster at the level of its first unit: only those that start where the
        // levels may be raised are looked up, the rest are at level 0.
        let levels = paragraph.levels.withUnsafeBufferPointer { unitLevels in
            table.ends.withUnsafeBufferPointer { ends in
                [UInt8].filled(capacity: content.count) { out in
                    out.initialize(repeating: 0)
                    let first = table.firstCluster(in: content, startingAtOrAfter: lower &+ paragraph.raised.lowerBound)
                    let last = table.firstCluster(in: content, startingAtOrAfter: lower &+ paragraph.raised.upperBound)
                    for i in first..<last {
                        out[i &- content.lowerBound] = unitLevels[(i == 0 ? 0 : ends[i &- 1]) &- lower]
                    }
                    return content.count
                }
            }
        }
        return (levels, UInt8(truncatingIfNeeded: paragraph.paragraphLevel))
    }
}
