/// The base direction asked of the bidi algorithm for a paragraph.
public enum BidiDirection: Sendable, Hashable {
    /// From the first strong character; left to right when there is none.
    case auto
    /// Left to right.
    case ltr
    /// Right to left.
    case rtl
}
