/// The undecoded bytes of one message object, as the scanner cut them out.
public struct RawExportMessage: Sendable {
    /// The message's JSON text.
    public var bytes: [UInt8]
    /// Offset of the first byte in the file.
    public var byteOffset: Int
    /// Position of the message in its chat (0-based).
    public var index: Int

    /// Creates a raw message.
    public init(bytes: [UInt8], byteOffset: Int, index: Int) {
        self.bytes = bytes
        self.byteOffset = byteOffset
        self.index = index
    }
}
