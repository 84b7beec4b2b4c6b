/// What `export --to svg|png`'s prepare step makes of a message that is drawn: its name
/// and time, and the rows around its text (all but the reply quote, which `write` finds
/// in order), measured with the fonts on the worker thread.
public struct PicturePiece: Sendable {
    /// The sender name and the time.
    public var caption: BubbleCaption
    /// The forward and via-bot lines, the media placeholder, the reactions.
    public var extras: BubbleExtras
}
