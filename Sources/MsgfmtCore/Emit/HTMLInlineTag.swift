/// A link's `<a>` element, made once per target (`HTMLLinkTags`), with the key that says
/// whether a neighbouring run continues it. A class, so the runs that share it copy one
/// reference.
final class HTMLInlineTag: Sendable {
    /// Equal keys mean the element continues from one run into the next.
    let key: String
    let open: String

    private init(key: String, open: String) {
        self.key = key
        self.open = open
    }

    /// The `<a>` element for a link target, or nil when `LinkPolicy` refuses it.
    static func link(_ link: String) -> HTMLInlineTag? {
        guard let uri = LinkPolicy.safeURI(link) else { return nil }
        let href = HTMLEscaping.escape(uri)
        return HTMLInlineTag(key: "a " + uri, open: "<a href=\"\(href)\" rel=\"noopener noreferrer nofollow\">")
    }
}
