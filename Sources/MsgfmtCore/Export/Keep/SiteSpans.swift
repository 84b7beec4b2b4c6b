/// The spans of the pages an `--update` of an HTML site wrote (and the tails of its chats),
/// as byte ranges of the export: the manifest's records get their digests once the site is
/// written (`SpanDigester.records`).
public struct SiteSpans: Sendable {
    /// The record each range belongs to: a chat, and its page (nil: the chat's tail).
    public var owners: [(chat: Int, page: Int?)] = []
    /// The ranges of the file, in the order of `owners`.
    public var ranges: [Range<Int>] = []
    /// False when a message came without its place (`SitePageReuse` always gives one): no
    /// record can then be trusted.
    public var complete = true

    /// Creates an empty list.
    public init() {}

    /// `records` with the digests of the ranges (in order) filled in; no records when the
    /// list is not complete or a digest is missing (the next update writes the site in full).
    public func apply(_ digests: [ContentHash?], to records: [SiteChatRecord]) -> [SiteChatRecord] {
        guard complete, digests.count == ranges.count else { return [] }
        var records = records
        for (owner, digest) in zip(owners, digests) {
            guard let digest, owner.chat < records.count else { return [] }
            if let page = owner.page {
                guard page < records[owner.chat].pages.count else { return [] }
                records[owner.chat].pages[page].digest = digest
            } else {
                records[owner.chat].tailDigest = digest
            }
        }
        return records
    }
}
