/// `--update` of an HTML site: pages of the current chat whose messages are byte for byte
/// those of the previous site's pages, after pages written again (`SitePageReuse`). They
/// can be kept only when what comes before them is as it was: the page before ends where
/// a page ended, and what they quote of other messages (`SiteQuote`) is unchanged. The
/// writer answers how many of them, from the first, can be, and how many messages it
/// wrote before them (`HTMLSiteWriter.keepable`).
public struct SiteKeepCheck: Sendable {
    /// The chat's folder in the previous site.
    public var folder: String
    /// The first page's number, and how many of the chat's messages the previous site
    /// wrote before it (messages deleted or added before it make this one differ).
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

    /// The writer's answer: how many of the pages it can keep, from the first, and how many
    /// of the chat's messages it wrote before them.
    public struct Answer: Sendable, Equatable {
        public var pages: Int
        public var before: Int

        /// Creates an answer.
        public init(pages: Int, before: Int) {
            self.pages = pages
            self.before = before
        }
    }
}
