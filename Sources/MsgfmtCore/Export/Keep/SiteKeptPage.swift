/// `--update` of an HTML site: a page of the current chat kept from the previous site
/// (`SitePageReuse`), and where the writer must be for it to be the page a fresh export
/// would write there.
public struct SiteKeptPage: Sendable {
    /// The page's record, its span's end moved to where the span now lies.
    public var record: SitePageRecord
    /// The chat's folder in the previous site, which holds the page.
    public var folder: String
    /// The page's number in the chat (0-based), the same in both sites.
    public var number: Int
    /// How many of the chat's messages this site writes before the page (its first
    /// message's ordinal), and how many more than the previous site did (messages deleted
    /// or added before it).
    public var before: Int
    public var shift: Int
    /// Whether the page was its chat's last in the previous site (else it links on to a
    /// next page, which this site must then have).
    public var last: Bool
    /// Where the chat's `messages` array starts in this export (`SiteInputPlace.anchor`):
    /// the record's warnings are reported at their offsets from it.
    public var anchor: Int

    /// The record's warnings, as reported where the page now lies.
    public var warnings: [Diagnostic] { record.warnings.map { $0.diagnostic(anchor: anchor) } }

    /// Creates a kept page.
    public init(record: SitePageRecord, folder: String, number: Int, before: Int, shift: Int, last: Bool, anchor: Int) {
        self.record = record
        self.folder = folder
        self.number = number
        self.before = before
        self.shift = shift
        self.last = last
        self.anchor = anchor
    }
}
