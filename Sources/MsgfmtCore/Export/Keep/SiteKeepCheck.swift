/// `--update` of an HTML site: pages of the current chat whose messages are byte for byte
/// those of the previous site's pages, after pages written again (`SitePageReuse`). They
/// can be kept only when what comes before them is as it was: the page before ends where
/// a page ended, and what they show of other messages (`SiteQuote`) is unchanged. The
/// writer answers how many of them, from the first, can be (`HTMLSiteWriter.keepable`).
public struct SiteKeepCheck: Sendable {
    /// The chat's folder in the previous site.
    public var folder: String
    /// The first page's number and ordinal, as in `SiteKeptPage`.
    public var number: Int
    public var before: Int
    /// The previous site's page before the first: the day of its last day header and the
    /// date of its first message (for the headers and links the pages begin with).
    public var previousLastDay: Int64?
    public var previousFirst: Int64
    /// The pages, in order, their spans' ends moved to where the spans now lie.
    public var pages: [SitePageRecord]

    /// Creates a check.
    public init(folder: String, number: Int, before: Int, previousLastDay: Int64?, previousFirst: Int64, pages: [SitePageRecord]) {
        self.folder = folder
        self.number = number
        self.before = before
        self.previousLastDay = previousLastDay
        self.previousFirst = previousFirst
        self.pages = pages
    }
}
