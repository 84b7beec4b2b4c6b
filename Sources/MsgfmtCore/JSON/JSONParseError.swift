/// A JSON syntax error with its position in the input.
public struct JSONParseError: Error, Sendable, Hashable {
    /// What is wrong, as one lower-case sentence.
    public var reason: String
    /// Byte offset of the problem within the parsed bytes.
    public var byteOffset: Int
    /// 1-based line and column (in bytes) of the problem within the parsed bytes.
    public var line: Int
    public var column: Int

    /// Creates an error.
    public init(reason: String, byteOffset: Int, line: Int, column: Int) {
        self.reason = reason
        self.byteOffset = byteOffset
        self.line = line
        self.column = column
    }
}
