/// A normalized message cut into blocks of non-overlapping styled runs: the input of layout
/// and of the reflowable emitters.
public struct StyledText: Sendable, Hashable {
    /// The message id, when the input had one.
    public var messageID: Int64?
    /// The message text with its UTF-16 view.
    public var text: UTF16Text
    /// The blocks, in text order; they tile the whole text.
    public var blocks: [Block]

    /// Creates styled text.
    public init(messageID: Int64? = nil, text: UTF16Text, blocks: [Block]) {
        self.messageID = messageID
        self.text = text
        self.blocks = blocks
    }

    /// Plain unstyled text as one paragraph block.
    public init(plain string: String, messageID: Int64? = nil) {
        let text = UTF16Text(string)
        self.messageID = messageID
        self.text = text
        let all = 0..<text.count
        self.blocks = [Block(kind: .paragraph, range: all, runs: [StyledRun(range: all, style: .plain)])]
    }

    /// Every run of every block, in text order.
    public var runs: [StyledRun] { blocks.flatMap(\.runs) }
}
