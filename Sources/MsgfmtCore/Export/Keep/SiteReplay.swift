/// `--update` of an HTML site: what a message of a kept page is read again for. Replies
/// on the pages written again may quote it, and the search block it shares with them is
/// written again, so its preview or its search record is needed; nothing else of it is.
public struct SiteReplay: Sendable, Hashable {
    /// The kept page the message is on (0-based), and its place on it (0 for the first).
    public var page: Int
    public var offset: Int
    /// Whether replies may quote it (it is among the last `ReplyPreviewCache`'s worth).
    public var preview: Bool
    /// Whether its search block is written again.
    public var search: Bool

    /// Creates a replay use.
    public init(page: Int, offset: Int, preview: Bool, search: Bool) {
        self.page = page
        self.offset = offset
        self.preview = preview
        self.search = search
    }
}
