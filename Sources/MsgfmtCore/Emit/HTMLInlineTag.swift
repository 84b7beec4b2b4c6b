/// One inline element a styled run is wrapped in (`<strong>`, `<a href>`, a spoiler span…),
/// with the key that says whether a neighbouring run can share it.
struct HTMLInlineTag: Equatable {
    /// Equal keys mean the element continues from one run into the next.
    var key: String
    var open: String
    var close: String

    /// The elements for `style`, outermost first, in a fixed order so neighbouring runs
    /// share their common outer elements. `inPre` leaves out `<code>` (the block has it).
    static func tags(for style: Style, inPre: Bool, spoilersHidden: Bool, links: HTMLLinkTags? = nil) -> [HTMLInlineTag] {
        let a = style.attributes
        var tags: [HTMLInlineTag] = []
        if a.isEmpty, style.link == nil { return tags }
        if a.contains(.spoiler) {
            tags.append(spoilersHidden ? hiddenSpoiler : revealedSpoiler)
        }
        if let link = style.link, let tag = links.map({ $0.tag(for: link) }) ?? HTMLInlineTag.link(link) {
            tags.append(tag)
        }
        if !inPre, !a.isDisjoint(with: [.code, .pre]) { tags.append(code) }
        if a.contains(.bold) { tags.append(strong) }
        if a.contains(.italic) { tags.append(em) }
        if a.contains(.underline) { tags.append(underline) }
        if a.contains(.strikethrough) { tags.append(strikethrough) }
        if !a.isDisjoint(with: semanticAttributes) {
            for (attribute, tag) in semanticSpans where a.contains(attribute) {
                tags.append(tag)
            }
        }
        if a.contains(.customEmoji) {
            let id = HTMLEscaping.escape(style.customEmojiID ?? "")
            tags.append(
                HTMLInlineTag(
                    key: "emoji " + id,
                    open: "<span class=\"msgfmt-custom-emoji\" data-custom-emoji-id=\"\(id)\">",
                    close: "</span>"))
        }
        if a.contains(.dateTime) {
            var open = "<time"
            if let time = style.unixTime, let iso = HTMLDateTime.iso8601(time) {
                open += " datetime=\"\(iso)\""
            }
            open += ">"
            tags.append(HTMLInlineTag(key: open, open: open, close: "</time>"))
        }
        return tags
    }

    /// The `<a>` element for a link target, or nil when `LinkPolicy` refuses it.
    static func link(_ link: String) -> HTMLInlineTag? {
        guard let uri = LinkPolicy.safeURI(link) else { return nil }
        let href = HTMLEscaping.escape(uri)
        return HTMLInlineTag(key: "a " + uri, open: "<a href=\"\(href)\" rel=\"noopener noreferrer nofollow\">", close: "</a>")
    }

    /// The kinds of text that get a class of their own.
    private static let semanticClasses: [(StyleAttributes, String)] = [
        (.mention, "mention"), (.hashtag, "hashtag"), (.cashtag, "cashtag"),
        (.botCommand, "bot-command"), (.url, "url"), (.email, "email"),
        (.phoneNumber, "phone-number"), (.bankCard, "bank-card"), (.textMention, "text-mention"),
    ]
    /// The span of each of `semanticClasses`, made once.
    private static let semanticSpans: [(StyleAttributes, HTMLInlineTag)] = semanticClasses.map { ($0.0, span($0.1)) }
    /// All of `semanticClasses`.
    private static let semanticAttributes = StyleAttributes(semanticClasses.map(\.0))
    private static let code = simple("code")
    private static let strong = simple("strong")
    private static let em = simple("em")
    private static let underline = simple("u")
    private static let strikethrough = simple("s")

    /// A hidden spoiler: a button-like span revealed by a click or Enter/Space (see
    /// `HTMLPage.script`); the inner span is what CSS hides.
    static let hiddenSpoiler = HTMLInlineTag(
        key: "spoiler",
        open:
            "<span class=\"msgfmt-spoiler\" role=\"button\" tabindex=\"0\" aria-label=\"Spoiler: press to reveal\"><span class=\"msgfmt-spoiler-text\">",
        close: "</span></span>")
    /// A spoiler shown from the start (`--spoilers reveal`).
    static let revealedSpoiler = HTMLInlineTag(
        key: "spoiler",
        open: "<span class=\"msgfmt-spoiler msgfmt-revealed\"><span class=\"msgfmt-spoiler-text\">",
        close: "</span></span>")

    private static func simple(_ name: String) -> HTMLInlineTag {
        HTMLInlineTag(key: name, open: "<\(name)>", close: "</\(name)>")
    }

    private static func span(_ name: String) -> HTMLInlineTag {
        HTMLInlineTag(key: name, open: "<span class=\"msgfmt-\(name)\">", close: "</span>")
    }
}
