/// A sender, a chat or a mentioned user as the filter sees it: names, an @username, an id.
public struct FilterParty: Sendable, Hashable {
    /// Names to match word by word: a user's full name, a chat's title.
    public var names: [String]
    /// The @username, without the @.
    public var username: String?
    /// The numeric id.
    public var id: Int64?
    /// `user`, `channel` or `chat` when the input says (export ids read `user123`).
    public var kind: String?

    /// Creates a party.
    public init(names: [String] = [], username: String? = nil, id: Int64? = nil, kind: String? = nil) {
        self.names = names
        self.username = username
        self.id = id
        self.kind = kind
    }

    /// A party of a Telegram Desktop export: a name and an id like `user123` or
    /// `channel123` (a bare number is an id of unknown kind).
    public init(name: String?, exportID: String?) {
        self.init(names: name.map { $0.isEmpty ? [] : [$0] } ?? [])
        if let (kind, id) = exportID.flatMap(Self.splitID) {
            self.kind = kind
            self.id = id
        }
    }

    /// `user123` → ("user", 123); `123` → (nil, 123); nil when it is no id.
    static func splitID(_ text: String) -> (String?, Int64)? {
        let lower = text.lowercased()
        for kind in ["user", "channel", "chat"] where lower.hasPrefix(kind) {
            return Int64(lower.dropFirst(kind.count)).map { (kind, $0) }
        }
        return Int64(lower).map { (nil, $0) }
    }
}
