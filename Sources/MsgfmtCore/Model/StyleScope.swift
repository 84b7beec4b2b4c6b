/// How much of a message's styling an output shows, and so how much of it the styled text
/// needs to carry (`StyledTextBuilder.build(_:text:scope:)`).
public enum StyleScope: Sendable {
    /// Every style with its payload: links, custom emoji, times.
    case all
    /// What plain text shows of it: spoilers (masked when hidden), pre blocks and quotes
    /// (`EntityKind.showsInPlainText`). Bold, links, code and the rest leave no mark in
    /// plain text, whose lines are the same with or without them: cell widths and line
    /// breaks do not depend on a style.
    case plainText
}
