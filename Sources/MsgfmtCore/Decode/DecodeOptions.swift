/// How a decoder reads its input.
public struct DecodeOptions: Sendable, Hashable {
    /// The input format (`auto` sniffs).
    public var format: InputFormat = .auto
    /// `--from text`: the Bot API entity array as JSON.
    public var entitiesJSON: String?
    /// `--filter`: messages it does not keep are decoded as `.filtered`.
    public var filter: MessageFilter?

    /// Creates options.
    public init(format: InputFormat = .auto, entitiesJSON: String? = nil, filter: MessageFilter? = nil) {
        self.format = format
        self.entitiesJSON = entitiesJSON
        self.filter = filter
    }
}
