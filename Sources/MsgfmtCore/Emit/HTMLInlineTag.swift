/// A link's `<a>` element, made once per target (`HTMLLinkTags`), with the key that says
/// whether a neighbouring run continues it. A class, so the runs that share it copy one
/// reference.
final class HTMLInlineTag: Sendable {
    /// Equal keys mean the element continues from one run into the next.
    let key: String
    /// The `<a …>` tag's UTF-8.
    let open: [UInt8]

    private init(key: String, open: [UInt8]) {
        self.key = key
        self.open = open
    }

    /// The `<a>` element for a link target, or nil when `LinkPolicy` refuses it.
    static func link(_ link: String) -> HTMLInlineTag? {
        guard let uri = LinkPolicy.safeURI(link) else { return nil }
        var open: [UInt8] = []
        open.reserveCapacity(uri.utf8.count + 48)
        open.append(literal: "<a href=\"")
        HTMLEscaping.append(uri, newlines: .space, into: &open)
        open.append(literal: "\" rel=\"noopener noreferrer nofollow\">")
        return HTMLInlineTag(key: uri, open: open)
    }
}
