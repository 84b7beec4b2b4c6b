/// Streams through a Telegram Desktop `result.json` and cuts out each message object
/// without parsing the document as a whole, so memory stays flat however large the file.
///
/// The scanner tracks only the structure that matters (the root object, `chats` /
/// `left_chats` sections, their `list` arrays, chat objects and `messages` arrays) and
/// counts brackets inside everything else. It keeps in memory the current chunk and the
/// partial object being cut out, nothing more.
public struct ExportScanner {
    enum Role {
        case root
        case section(left: Bool)
        case list(left: Bool)
        case chat, messages
    }
    enum Capture { case skip, message, personalInfo, field }

    struct Frame {
        var role: Role
        var isObject: Bool
        var expectingKey: Bool
        var key: [UInt8] = []
    }

    struct Opaque {
        var kind: Capture
        var depth: Int
        var start: Int
        var scalar: Bool
        var stringOnly: Bool
        var key: [UInt8]
    }

    let source: ExportByteSource
    var buffer: [UInt8] = []
    var base = 0
    var pos = 0
    var eof = false
    var frames: [Frame] = []
    var opaque: Opaque?
    var inString = false
    var escaped = false
    var keyStart: Int?
    var done = false
    var sawRoot = false
    var sawChats = false
    var chat = ExportChatInfo()
    var chatStarted = false
    var chatOrdinal = 0
    var messageIndex = 0
    var pending: [ExportEvent] = []
    /// Pretty-printed exports: the indentation of the message being cut out.
    var messageIndent: Int?
    /// Where the current line starts, and whether only blanks came before on it.
    var lastLineStart = 0
    var spacesOnly = true
    /// Where the current line of the message being cut out starts.
    var messageLineStart = 0
    /// Where the last line that starts inside a string (after a raw line feed in it,
    /// `continueStringPastLineBreak`) starts.
    var continuedLineStart = -1
    /// Set while lines of the message being cut out were passed over without their
    /// brackets counted (`skipMessageBytes`): the offset from which, and the depth at which,
    /// `msgfmt_byte_scan_message_depth` counts them when a closing bracket needs the depth.
    var uncounted: (from: Int, depth: Int)?
    /// The next decision needs bytes beyond the buffer.
    var needMore = false
    /// Cuts messages out with the general steps only, byte by byte, without the loop that
    /// runs through a message's body (`skipMessageBytes`): the reference the fast path is
    /// tested and fuzzed against.
    @_spi(Testing) public var cutsMessagesByteByByte = false

    /// Creates a scanner over `source`.
    public init(source: ExportByteSource) {
        self.source = source
    }

    /// Bytes consumed so far (for progress).
    public var bytesRead: Int { base + buffer.count }

    /// The offset in the file of the next byte to scan: right after a chat's `messages`
    /// array opens when `next()` has just returned its `chatStart`.
    public var offset: Int { base + pos }

    /// Goes on at `offset` as if every byte up to it had been scanned: `offset` must be
    /// where a message of the current chat's `messages` array ends (or where the array
    /// opens), and the scanner between two messages of that array, as it is after handing
    /// out `chatStart` or a message. The next message gets index `messageIndex`.
    /// `SitePageReuse` skips this way the spans it found unchanged, forward or back.
    public mutating func jump(to offset: Int, messageIndex: Int) throws(ExportReadError) {
        guard case .messages? = frames.last?.role, opaque == nil, !inString, pending.isEmpty, keyStart == nil else {
            throw .unreadable(path: source.name, reason: "it cannot be scanned again from byte \(offset)")
        }
        try source.seek(to: offset)
        buffer.removeAll(keepingCapacity: true)
        base = offset
        pos = 0
        eof = false
        needMore = false
        escaped = false
        messageIndent = nil
        uncounted = nil
        // A message's last byte is not a blank: the line it ends on does not start a message.
        lastLineStart = offset
        spacesOnly = false
        self.messageIndex = messageIndex
    }

    /// The next event, or nil at the end of a well-formed export.
    public mutating func next() throws(ExportReadError) -> ExportEvent? {
        while true {
            if !pending.isEmpty { return pending.removeFirst() }
            if pos >= buffer.count || needMore {
                needMore = false
                compact()
                if eof { return try finish() }
                eof = try !source.readChunk(into: &buffer)
                continue
            }
            try step()
        }
    }

    private mutating func finish() throws(ExportReadError) -> ExportEvent? {
        if !sawRoot { throw .notAnExport(reason: "the file is empty") }
        if opaque?.kind == .message {
            // The file ends inside a message: what there is of it is handed out (the decoder
            // reports it, by its id when that was read, and it is counted as failed) before
            // the file is reported truncated.
            pos = buffer.count
            inString = false
            escaped = false
            finishOpaque(end: base + pos)
            if !pending.isEmpty { return pending.removeFirst() }
        }
        if !done { throw .truncated(byteOffset: base + pos) }
        if !sawChats { throw .notAnExport(reason: "it has neither a messages array nor a chats list") }
        return nil
    }

    /// Drops consumed bytes, keeping the object being cut out.
    private mutating func compact() {
        var keep = pos
        if let o = opaque, o.kind != .skip { keep = min(keep, o.start - base) }
        if let k = keyStart { keep = min(keep, k) }
        keep = min(keep, buffer.count)
        guard keep > 0 else { return }
        buffer.removeFirst(keep)
        base += keep
        pos -= keep
        if let k = keyStart { keyStart = k - keep }
    }
}
