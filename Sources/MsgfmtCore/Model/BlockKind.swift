/// What kind of block a range of a message is laid out as.
public enum BlockKind: Sendable, Hashable {
    /// Running text, wrapped at word boundaries.
    case paragraph
    /// A pre/code block: line breaks and indentation kept, folded rather than wrapped,
    /// with its programming language (if any) shown as a title.
    case pre(language: String?)
}
