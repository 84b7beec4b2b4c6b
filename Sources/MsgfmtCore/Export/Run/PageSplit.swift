/// `msgfmt export --to html --pages`: how a chat is cut into pages.
public enum PageSplit: String, CaseIterable, Sendable, Hashable {
    /// `--page-size` messages a page.
    case count
    /// One page per local day, month or year (in `--time-zone`) that has messages.
    case day, month, year
}
