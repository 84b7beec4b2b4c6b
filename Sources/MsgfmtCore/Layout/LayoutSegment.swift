/// A unit that layout lines up independently: the text of a block between two line
/// separators (a paragraph of running text or one line of a pre block), or a pre
/// block's title.
struct LayoutSegment {
    /// What the segment is laid out as.
    enum Kind {
        /// Running text: wrapped at UAX #14 opportunities.
        case paragraph
        /// One line of a pre block: folded at grapheme boundaries.
        case pre
        /// A pre block's language, shown as a title line.
        case title(String)
    }

    /// Index of the block (in the layout's block list).
    var block: Int
    /// How the segment is laid out.
    var kind: Kind
    /// The clusters shown (the line separator excluded).
    var content: Range<Int>
    /// The cluster index after the segment, its line separator included.
    var end: Int

    /// Cuts `blocks` into segments. `clusterRanges` gives each block's clusters.
    static func split(_ blocks: [Block], clusterRanges: [Range<Int>], table: ClusterTable) -> [LayoutSegment] {
        var segments: [LayoutSegment] = []
        for (index, block) in blocks.enumerated() {
            let range = clusterRanges[index]
            var segmentKind = Kind.paragraph
            if case .pre(let language) = block.kind {
                segmentKind = .pre
                if let language, !language.isEmpty {
                    segments.append(LayoutSegment(block: index, kind: .title(language), content: range.lowerBound..<range.lowerBound, end: range.lowerBound))
                }
            }
            var start = range.lowerBound
            for i in range where table.kinds[i] == .newline {
                segments.append(LayoutSegment(block: index, kind: segmentKind, content: start..<i, end: i + 1))
                start = i + 1
            }
            if start < range.upperBound {
                segments.append(LayoutSegment(block: index, kind: segmentKind, content: start..<range.upperBound, end: range.upperBound))
            }
        }
        return segments
    }
}
