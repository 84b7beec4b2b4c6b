/// One item a decoder read from its input: a message (with any warnings about it), an
/// error saying where a message could not be read, or a message `--filter` left out.
public enum DecodedItem: Sendable, Hashable {
    case message(Message, diagnostics: [Diagnostic])
    case failure(Diagnostic)
    case filtered
}
