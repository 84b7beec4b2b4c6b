/// Remembers the `<a>` element made for each link target, so a link shown across several
/// runs (or messages) is checked by `LinkPolicy` and escaped once. Bounded: it starts
/// over after `limit` targets.
final class HTMLLinkTags {
    private var tags: [String: HTMLInlineTag?] = [:]
    private let limit = 4096

    /// The element for `link`, or nil when `LinkPolicy` refuses it.
    func tag(for link: String) -> HTMLInlineTag? {
        if let known = tags[link] { return known }
        let made = HTMLInlineTag.link(link)
        if tags.count >= limit { tags.removeAll(keepingCapacity: true) }
        tags[link] = made
        return made
    }
}
