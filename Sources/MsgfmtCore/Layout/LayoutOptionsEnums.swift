/// Where the ellipsis goes when a line limit cuts text.
public enum TruncationMode: String, CaseIterable, Sendable, Hashable, Codable {
    case end, middle, start
}

/// What happens to a single word wider than the line.
public enum OverflowMode: String, CaseIterable, Sendable, Hashable, Codable {
    /// Fold it at grapheme boundaries onto following lines.
    case fold
    /// Cut it at the line width.
    case crop
    /// Cut it and end it with the ellipsis.
    case ellipsis
    /// Let it stick out past the width.
    case visible
}

/// The line-breaking algorithm.
public enum WrapMode: String, CaseIterable, Sendable, Hashable, Codable {
    /// First fit: fill each line as far as it goes.
    case greedy
    /// Minimum raggedness over the paragraph.
    case balanced
}

/// Horizontal alignment of lines within the width.
public enum LineAlignment: String, CaseIterable, Sendable, Hashable, Codable {
    case left, right, center, justify
    /// Left for LTR paragraphs, right for RTL ones.
    case natural
}
