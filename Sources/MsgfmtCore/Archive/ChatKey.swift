/// Which chat a message belongs to, the same in every export of that chat: the chat's id,
/// else (an export that gives none) its name, else its position in the file.
public enum ChatKey: Sendable, Hashable {
    case id(Int64)
    case name(String)
    case position(Int)

    /// The key of `chat` as an export describes it.
    public init(_ chat: ExportChatInfo) {
        if let id = chat.id {
            self = .id(id)
        } else if let name = chat.name {
            self = .name(name)
        } else {
            self = .position(chat.ordinal)
        }
    }

    /// The chat id, when the key is one.
    public var id: Int64? {
        if case .id(let id) = self { return id }
        return nil
    }

    /// A hash of the key that is the same in every run (Swift's `Hasher` is seeded per
    /// process): FNV-1a over a tag and the value.
    var stableHash: UInt64 {
        var h = FNV1aHasher()
        switch self {
        case .id(let id): h.add(byte: 1); h.add(bytes: withUnsafeBytes(of: id.littleEndian, Array.init))
        case .name(let name): h.add(byte: 2); h.add(bytes: name.utf8)
        case .position(let p): h.add(byte: 3); h.add(bytes: withUnsafeBytes(of: Int64(p).littleEndian, Array.init))
        }
        return h.value
    }
}
