/// What a replayed message (`SiteReplay`) gave: its id, sender and preview for replies,
/// and its search record.
public struct SiteReplayed: Sendable {
    /// The message's id and sender's name.
    public var id: Int64
    public var sender: String
    /// What replies quote of it, when `SiteReplay.preview` asked.
    public var preview: String?
    /// Its search record, when `SiteReplay.search` asked (and the site has search).
    public var search: SearchRecord?
    /// The kept page it is on, and its place on it.
    public var page: Int
    public var offset: Int
}
