/// What one page of an HTML site showed of a message outside it: a reply's quote and link,
/// or a pin's link. `--update` keeps a page after pages written again only while each of
/// its quotes would come out the same (`HTMLSiteWriter.keepable`).
public struct SiteQuote: Sendable, Equatable {
    /// The message quoted or linked to.
    public var id: Int64
    /// The place on the page of the message that quotes it (0 for the first).
    public var at: Int
    /// The page the link led to (0-based), nil when the message was on no page before.
    public var page: Int?
    /// The digest of the quoted sender and preview (`digest(of:)`); nil for a link alone.
    public var preview: ContentHash?

    /// Creates a quote.
    public init(id: Int64, at: Int, page: Int?, preview: ContentHash?) {
        self.id = id
        self.at = at
        self.page = page
        self.preview = preview
    }

    /// The digest of what a reply shows of the message it answers: its sender and preview,
    /// or that it was not remembered.
    static func digest(of quote: (sender: String, text: String)?) -> ContentHash {
        var hasher = ContentHasher()
        hasher.combine(quote != nil)
        hasher.combine(quote?.sender)
        hasher.combine(quote?.text)
        return hasher.hash
    }
}
