/// One thing the export scanner found while streaming through `result.json`.
public enum ExportEvent: Sendable {
    /// The account's `personal_information` object (whole-account exports).
    case personalInformation(JSONValue)
    /// A chat's messages begin; the info holds the fields seen before them.
    case chatStart(ExportChatInfo)
    /// The raw bytes of one message object and where they start in the file.
    case message(RawExportMessage)
    /// A chat ended; the info now also holds fields written after its messages.
    case chatEnd(ExportChatInfo)
}

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
