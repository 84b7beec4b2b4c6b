/// `msgfmt export --style`.
public enum TranscriptStyle: String, CaseIterable, Sendable, Hashable {
    /// One column with sender headers.
    case list
    /// Boxes per sender group, incoming left and outgoing right.
    case bubbles
}
