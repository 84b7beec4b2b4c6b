/// A line-break opportunity (UAX #14) after some text.
public struct LineBreak: Sendable, Hashable, Codable {
    /// UTF-16 offset of the break: the line would end before this unit.
    public var offset: Int
    /// True for a hard break (after a newline or the like), false where a break is allowed.
    public var mandatory: Bool

    /// Creates a break opportunity.
    public init(offset: Int, mandatory: Bool) {
        self.offset = offset
        self.mandatory = mandatory
    }
}
