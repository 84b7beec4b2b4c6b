/// A maximal range of text at one bidi embedding level (even: LTR, odd: RTL).
public struct BidiRun: Sendable, Hashable, Codable {
    /// UTF-16 start offset.
    public var start: Int
    /// UTF-16 end offset (exclusive).
    public var end: Int
    /// The embedding level from the Unicode Bidirectional Algorithm.
    public var level: Int

    /// Creates a run.
    public init(start: Int, end: Int, level: Int) {
        self.start = start
        self.end = end
        self.level = level
    }
}
