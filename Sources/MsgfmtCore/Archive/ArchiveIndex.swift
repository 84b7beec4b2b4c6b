/// What a comparison keeps of an export: per chat, each message's identity, date, content
/// hash and place in the file, not the messages themselves, so its size is about 48 bytes
/// a message however long the messages are.
public struct ArchiveIndex: Sendable {
    /// The name diagnostics use for the file.
    public var source: String
    /// The chats, in file order (a chat listed twice is one chat).
    public private(set) var chats: [ArchiveChat] = []
    /// The exporting account's `from_id` (`user123`), when the export names it.
    public var owner: String?
    /// Messages read, including those that could not be decoded.
    public var messages = 0
    /// Messages that could not be decoded.
    public var failed = 0
    /// The latest time the export shows (a message's date or last edit): how recent the
    /// export is, as a merge of several exports judges it.
    public var asOf: Int64 = 0
    /// An order-free summary of every chat key, identity, content hash and message length,
    /// telling apart two exports with the same `asOf` whatever order they are given in.
    public var fingerprint: UInt64 = 0
    private var positions: [ChatKey: Int] = [:]

    /// Creates an empty index.
    public init(source: String) {
        self.source = source
    }

    /// The position in `chats` of the chat `info` describes, added when new.
    public mutating func chatPosition(for info: ExportChatInfo) -> Int {
        let key = ChatKey(info)
        if let position = positions[key] {
            chats[position].info = info
            return position
        }
        positions[key] = chats.count
        chats.append(ArchiveChat(key: key, info: info))
        fingerprint &+= Self.mix(key.stableHash)
        return chats.count - 1
    }

    /// Adds a message to the chat at `position`.
    public mutating func add(_ entry: ArchiveEntry, toChatAt position: Int) {
        chats[position].add(entry)
        fingerprint &+= Self.mix(entry.hash.low ^ UInt64(bitPattern: entry.id) ^ (UInt64(entry.length) << 40))
    }

    /// Spreads a value's bits over the fingerprint (SplitMix64's finalizer).
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Counts a message of the chat at `position` that could not be identified.
    public mutating func addUnidentified(toChatAt position: Int) {
        chats[position].addUnidentified()
    }

    /// Updates what is known about the chat at `position` with the fields written after
    /// its messages; a chat whose id comes only after its messages is keyed by it then.
    public mutating func update(_ info: ExportChatInfo, at position: Int) {
        chats[position].info = info
        let key = ChatKey(info)
        let old = chats[position].key
        guard key != old, positions[key] == nil else { return }
        positions[old] = nil
        positions[key] = position
        chats[position].key = key
    }

    /// Sorts every chat by id; returns, per chat position, the ids that appeared twice.
    public mutating func finish() -> [(position: Int, ids: [Int64])] {
        var repeated: [(position: Int, ids: [Int64])] = []
        for i in chats.indices {
            let ids = chats[i].finish()
            if !ids.isEmpty { repeated.append((i, ids)) }
        }
        return repeated
    }

    /// The chat with `key`, if the export has it.
    public func chat(_ key: ChatKey) -> ArchiveChat? {
        positions[key].map { chats[$0] }
    }
}
