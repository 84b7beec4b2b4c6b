/// One version of a changed message, carried through the render pipeline for a diff
/// writer, with what the writer's transcript writer prepared of it (its `Piece`), made on
/// the lane that laid the version out.
struct DiffVersion<Piece> {
    /// The message as shown: an edited message's changed words marked when the format
    /// marks them in the body (`DiffOptions.marks`).
    var shown: TranscriptMessage
    /// The piece of `shown`.
    var piece: Piece
    /// The same version without marks and its piece, when `shown` marks words as
    /// formatting and the output colours them: comparing the two drawings finds the marked
    /// words exactly.
    var unmarked: (message: TranscriptMessage, piece: Piece)?
    /// The sender and preview of the message this version replies to, when the same file
    /// holds it: what the transcript's reply line quotes (`TranscriptMessage.preview`).
    var quote: (sender: String, text: String)? = nil
}
