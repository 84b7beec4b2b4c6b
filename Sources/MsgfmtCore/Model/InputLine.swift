/// The line of JSON Lines (or the first line of a value in a sequence of them) that a
/// decoded item was read from, as its diagnostics name it.
public struct InputLine: Sendable, Hashable {
    /// The line's number, from 1.
    public var number: Int
    /// Whether the line holds several messages (an array of them, a `getUpdates`
    /// response): a diagnostic then names the message beside the line, which alone would
    /// not say which of them it means.
    public var holdsSeveral: Bool

    /// Line `number`, holding several messages or one.
    public init(_ number: Int, holdsSeveral: Bool = false) {
        self.number = number
        self.holdsSeveral = holdsSeveral
    }

    /// Line `number` holding `value`: several messages when it is an array or a response
    /// whose result is one.
    init(_ number: Int, holding value: JSONValue) {
        self.init(number, holdsSeveral: value.arrayValue != nil || value["result"]?.arrayValue != nil)
    }
}
