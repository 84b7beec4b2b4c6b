/// One item a decoder read from its input: a message (with any warnings about it), an
/// error saying where a message could not be read, a Bot API Update that carries no
/// message (an inline query, a poll answer, …), which is counted, not rendered, or a
/// message `--filter` left out.
public enum DecodedItem: Sendable, Hashable {
    case message(Message, diagnostics: [Diagnostic])
    case failure(Diagnostic)
    /// An Update without a message; `update` names its kind (`inline_query`, `poll`, …).
    case skipped(update: String)
    /// A message the filter did not keep.
    case filtered
}
