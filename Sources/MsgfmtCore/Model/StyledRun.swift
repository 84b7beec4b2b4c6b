/// A range of text with one resolved style.
public struct StyledRun: Sendable, Hashable {
    /// The UTF-16 range of the run in the message text.
    public var range: Range<Int>
    /// The style of every character in the run.
    public var style: Style

    /// Creates a run.
    public init(range: Range<Int>, style: Style) {
        self.range = range
        self.style = style
    }
}
