#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// True for a pre block's title.
    var isTitle: Bool {
        if case .title = kind { return true }
        return false
    }

    /// Index of the block (in the layout's block list).
    var block: Int
    /// How the segment is laid out.
    var kind: Kind
    /// The clusters shown (the line separator excluded).
    var content: Range<Int>
    /// The cluster index after the segment, its line separator included.
    var end: Int

    /// Cuts `blocks`, whose clusters `table` holds, into segments.
    static func split(_ blocks: [Block], table: ClusterTable) -> [LayoutSegment] {
        var segments: [LayoutSegment] = []
        segments.reserveCapacity(blocks.count &+ 4)
        var clusters = 0  // where the next block's clusters start
        // How `ClusterKind.newline` is stored, the byte looked for below.
        let newline = withUnsafeBytes(of: ClusterKind.newline) { Int32($0[0]) }
        for (index, block) in blocks.enumerated() {
            let range = clusters..<clusterEnd(of: block, from: clusters, table: table)
            clusters = range.upperBound
            var start = range.lowerBound
            if index > 0, start < range.upperBound, table.kinds[start] == .newline,
                endsBlockLevel(blocks[index - 1], before: block), var last = segments.last, !last.isTitle
            {
                // The newline right after a pre block or a quote only separates blocks,
                // which are drawn on their own lines anyway: it joins the block's last line
                // instead of showing as an empty line.
                last.end = start + 1
                segments[segments.count - 1] = last
                start += 1
            }
            var segmentKind = Kind.paragraph
            if case .pre(let language) = block.kind {
                segmentKind = .pre
                if let language, !language.isEmpty {
                    segments.append(LayoutSegment(block: index, kind: .title(language), content: start..<start, end: start))
                }
            }
            // The line ends found by `memchr` over the kinds' bytes (a kind is one byte):
            // many clusters at a time instead of a test each.
            let kinds = UnsafeRawBufferPointer(table.kinds)
            if let base = kinds.baseAddress {
                let upper = min(range.upperBound, kinds.count)
                while start < upper, let hit = memchr(base + start, newline, upper - start) {
                    let i = base.distance(to: UnsafeRawPointer(hit))
                    segments.append(LayoutSegment(block: index, kind: segmentKind, content: start..<i, end: i + 1))
                    start = i + 1
                }
            }
            if start < range.upperBound {
                segments.append(LayoutSegment(block: index, kind: segmentKind, content: start..<range.upperBound, end: range.upperBound))
            }
        }
        return segments
    }

    /// The end of `block`'s clusters, which start at `first`: after the last whose end is
    /// within the block, found by halving (the ends increase), read through a pointer.
    private static func clusterEnd(of block: Block, from first: Int, table: ClusterTable) -> Int {
        table.ends.withUnsafeBufferPointer { ends in
            var low = first
            var high = ends.count
            while low < high {
                let middle = low &+ (high &- low) >> 1
                if ends[middle] <= block.range.upperBound { low = middle &+ 1 } else { high = middle }
            }
            return low
        }
    }

    /// True when `previous` is a pre block, or a quote that `next` is not part of: blocks
    /// that end their own line, so a newline after them adds nothing.
    private static func endsBlockLevel(_ previous: Block, before next: Block) -> Bool {
        if case .pre = previous.kind { return true }
        return previous.quote != nil && previous.quote?.index != next.quote?.index
    }
}
