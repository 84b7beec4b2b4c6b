/// One version of a changed message, carried through the render pipeline for a diff
/// writer.
struct DiffVersion {
    /// The message as shown: an edited message's changed words marked when the format
    /// marks them in the body (`DiffOptions.marks`).
    var shown: TranscriptMessage
    /// The same version without marks, when `shown` marks words as formatting and the
    /// output colours them: comparing the two drawings finds the marked words exactly.
    var unmarked: TranscriptMessage?
    /// What the diff writer's transcript writer prepares of `shown` and of `unmarked`
    /// (its `Piece`), made on the thread that laid the version out; nil when not made.
    var piece: (any Sendable)?
    var unmarkedPiece: (any Sendable)?
}
