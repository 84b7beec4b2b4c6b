/// What the break chooser knows of a word: widths only, never text.
///
/// A line holding items `i..<j` is `width` of each item plus the `whitespaceWidth` of every
/// item but the last, plus the last item's `penaltyWidth` (a hyphen that appears only
/// when the line breaks there).
public struct WrapItem: Sendable, Hashable {
    /// Width of the word itself.
    public var width: Int
    /// Width of the whitespace after it; hangs (is not counted) at a line end.
    public var whitespaceWidth: Int
    /// Extra width when a line ends after this item.
    public var penaltyWidth: Int

    /// Creates an item.
    public init(width: Int, whitespaceWidth: Int = 0, penaltyWidth: Int = 0) {
        self.width = width
        self.whitespaceWidth = whitespaceWidth
        self.penaltyWidth = penaltyWidth
    }
}
