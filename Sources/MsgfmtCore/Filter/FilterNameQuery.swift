/// The value of `from:`, `mentions:` or `chat:`, parsed and folded once: a name matched
/// by whole words, an @username, or an id (`123`, `user123`).
struct FilterNameQuery: Sendable, Hashable {
    /// The folded name; nil for `@username`, which is matched as a username only.
    let name: FoldedText?
    /// The folded username, without the @.
    let username: FoldedText
    /// The id and, for `user123` / `channel123` / `chat123`, its kind.
    let id: Int64?
    let kind: String?

    /// The query for `value`; nil when nothing is left to look for.
    init?(_ value: String) {
        let isUsername = value.hasPrefix("@")
        let bare = isUsername ? String(value.dropFirst()) : value
        username = FoldedText(bare)
        name = isUsername ? nil : username
        let split = isUsername ? nil : FilterParty.splitID(bare)
        kind = split?.0
        id = split?.1
        if username.isEmpty, id == nil { return nil }
    }

    /// True when `party` is the one asked for: by id (of the same kind, when both say),
    /// by username, or by a run of whole words of one of its names.
    func matches(_ party: FilterParty) -> Bool {
        if let id, party.id == id, kind == nil || party.kind == nil || kind == party.kind { return true }
        if let handle = party.username, !username.isEmpty {
            let folded = FoldedText(handle.hasPrefix("@") ? String(handle.dropFirst()) : handle)
            if folded == username { return true }
        }
        guard let name, !name.isEmpty else { return false }
        return party.names.contains { FoldedText($0).hasWholeWords(name) }
    }
}
