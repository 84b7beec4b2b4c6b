/// How a decoder reads its input.
public struct DecodeOptions: Sendable, Hashable {
    /// The input format (`auto` sniffs).
    public var format: InputFormat = .auto
    /// `--from text`: the Bot API entity array as JSON.
    public var entitiesJSON: String?

    /// Creates options.
    public init(format: InputFormat = .auto, entitiesJSON: String? = nil) {
        self.format = format
        self.entitiesJSON = entitiesJSON
    }
}
