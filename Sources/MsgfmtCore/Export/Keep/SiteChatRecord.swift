/// What an HTML site's manifest keeps of one chat `--chat` selected: which chat it was, the
/// folder it got and its pages, and the folding scalars of its search blocks.
public struct SiteChatRecord: Sendable, Equatable {
    /// Identifies the chat and what its pages show of it (`key(of:owner:)`).
    public var key: ContentHash
    /// `chat_001`…. The site writer records every chat it gives a folder; a record read
    /// without one (`null`) matches no chat, so its pages are never kept.
    public var folder: String?
    /// The pages in order.
    public var pages: [SitePageRecord] = []
    /// The input messages after the last page's last message, and their digest.
    public var tailInputs = 0
    public var tailDigest = ContentHash(high: 0, low: 0)
    /// The non-ASCII scalars of each search block's texts (`SearchFoldTable`), as a string.
    public var blocks: [String] = []

    /// The key of `chat` (as the export describes it before its messages) in a site whose
    /// owner (`TranscriptState.owner`) is `owner`.
    public static func key(of chat: ExportChatInfo, owner: String?) -> ContentHash {
        var hasher = ContentHasher()
        hasher.combine(chat.name)
        hasher.combine(chat.type)
        hasher.combine(chat.id)
        hasher.combine(Int64(chat.ordinal))
        hasher.combine(chat.left)
        hasher.combine(owner)
        return hasher.hash
    }

    /// Where page `k`'s span starts, counted from the chat's `messages` array: the end of the
    /// page before it (`SitePageRecord.end`), 0 for the first; `k == pages.count` gives the
    /// end of the last page.
    func spanStart(_ k: Int) -> Int {
        k == 0 ? 0 : pages[k - 1].end
    }

    /// Page `k` as it lies `delta` bytes further on in the export (a change before it added
    /// or took away that many).
    func page(_ k: Int, movedBy delta: Int) -> SitePageRecord {
        var page = pages[k]
        page.end += delta
        for w in page.warnings.indices { page.warnings[w].byte? += delta }
        return page
    }

    /// Creates a record of a chat.
    public init(key: ContentHash, folder: String?) {
        self.key = key
        self.folder = folder
    }
}
