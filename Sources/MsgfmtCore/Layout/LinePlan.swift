/// A line chosen by a planner but not yet built into fragments.
struct LinePlan {
    /// What a line shows, in logical order.
    enum Span {
        /// Clusters of the message.
        case clusters(Range<Int>)
        /// The ellipsis, standing for text cut at UTF-16 offset `at`.
        case ellipsis(at: Int)
    }

    /// First cluster the line covers.
    var start: Int
    /// Cluster after the last one the line covers (hanging whitespace and separator included).
    var end: Int
    /// What the line shows.
    var spans: Spans
    /// True when the segment goes on after this line (so `justify` may stretch it).
    var continues: Bool = false
    /// True when the line lost text (a cropped word or a truncation).
    var cut: Bool = false

    /// Appends clusters, merging with a preceding adjacent cluster span.
    mutating func append(_ range: Range<Int>) {
        if range.isEmpty { return }
        if case .clusters(let last)? = spans.last, last.upperBound == range.lowerBound {
            spans[spans.count - 1] = .clusters(last.lowerBound..<range.upperBound)
        } else {
            spans.append(.clusters(range))
        }
    }
}
