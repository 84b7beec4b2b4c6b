/// What `export --to svg|png`'s prepare step makes of a message that is drawn: its name
/// and time, and the rows around its text (all but the reply quote, which `write` finds
/// in order), or a service message's sentence, measured with the fonts on the worker
/// thread.
public struct PicturePiece: Sendable {
    /// The sender name and the time.
    public var caption: BubbleCaption
    /// The forward and via-bot lines, the media placeholder, the reactions.
    public var extras: BubbleExtras
    /// A service message's sentence and time ("Ann pinned a message · 10:02"), wrapped to
    /// a chip's width at the chip's scale (`BubbleScene.init(service:metrics:theme:)`);
    /// empty for every other message.
    public var service: [LayoutLine] = []
}
