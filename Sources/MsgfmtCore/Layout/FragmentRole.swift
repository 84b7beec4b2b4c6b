/// What a layout fragment stands for.
public enum FragmentRole: String, Sendable, Hashable, Codable {
    /// Message text (its `start..<end` range is in the message).
    case text
    /// An expanded tab: `width` blank cells standing for one tab character.
    case tab
    /// The truncation ellipsis (an empty source range at the cut).
    case ellipsis
    /// The quote bar `▎` at the start of a quoted line, with the space after it and any
    /// alignment padding of the line's text (empty source range). 2 cells plus padding;
    /// 1 cell (no space) at width 2; absent at width 1.
    case quoteBar
    /// The language title of a pre block (empty source range).
    case title
}
