/// One item a decoder read from its input: a message (with any warnings about it), or an
/// error saying where a message could not be read.
public enum DecodedItem: Sendable, Hashable {
    case message(Message, diagnostics: [Diagnostic])
    case failure(Diagnostic)
}
