/// The undecoded bytes of one message object, as the scanner cut them out.
public struct RawExportMessage: Sendable {
    /// The message's JSON text.
    public var bytes: [UInt8]
    /// Offset of the first byte in the file.
    public var byteOffset: Int
    /// Position of the message in its chat (0-based).
    public var index: Int
    /// The chat it is in, as far as the export said before its messages (for `chat:`).
    public var chat: ExportChatInfo
    /// Set by a merge of several exports (`--deleted mark`): a later export that covers
    /// the message's date no longer has it. The scanner never sets it.
    public var deleted = false
    /// Set by a merge: which of the merged exports (in the order given) the message was
    /// read from, so its media are found in that export's folder. Nil from the scanner.
    public var source: Int?
    /// Set by `--update` of a site (`SitePageReuse`): where the message lies in its chat.
    public var place: SiteInputPlace?
    /// Set by `--update` of a site: the message is on a page kept from the previous site
    /// and is read again only for what later pages need of it.
    public var replay: SiteReplay?

    /// The message's id when it is the object's first field (`{"id": 42, …`), as Telegram
    /// Desktop writes it; nil otherwise. Read from the first bytes alone, without parsing
    /// the rest (`SitePageReuse` uses it as a hint, checked against the bytes after it).
    public var leadingID: Int64? {
        var i = 0
        func skipBlanks() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        }
        func expect(_ text: StaticString) -> Bool {
            let n = text.utf8CodeUnitCount
            guard i + n <= bytes.count else { return false }
            for k in 0..<n where bytes[i + k] != text.utf8Start[k] { return false }
            i += n
            return true
        }
        skipBlanks()
        guard expect("{") else { return nil }
        skipBlanks()
        guard expect("\"id\"") else { return nil }
        skipBlanks()
        guard expect(":") else { return nil }
        skipBlanks()
        let negative = i < bytes.count && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var value: Int64 = 0
        var digits = 0
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39, digits < 18 {
            value = value * 10 + Int64(bytes[i] - 0x30)
            i += 1
            digits += 1
        }
        guard digits > 0, i < bytes.count, bytes[i] < 0x30 || bytes[i] > 0x39 else { return nil }
        return negative ? -value : value
    }

    /// Creates a raw message.
    public init(bytes: [UInt8], byteOffset: Int, index: Int, chat: ExportChatInfo = ExportChatInfo()) {
        self.bytes = bytes
        self.byteOffset = byteOffset
        self.index = index
        self.chat = chat
    }
}
