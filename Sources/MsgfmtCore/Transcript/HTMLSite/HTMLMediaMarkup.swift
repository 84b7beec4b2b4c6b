/// The HTML of a message's media in the site: photos and stickers as images, videos and
/// GIFs as `<video>`, voice and audio as `<audio>`, documents as download links, each
/// referring to its file by a URL path relative to the page; a placeholder box (with the
/// reason) when the file is not there or `--media none` asked for placeholders.
enum HTMLMediaMarkup {
    /// Pages sit one folder below the site's root (`chat_001/messages.html`).
    static let pagePrefix = "../"

    /// The markup of `placeholder`, showing `media`'s file when it is available.
    static func markup(_ placeholder: ExportMedia, media: ResolvedMedia?) -> String {
        guard let media, media.available, let href = media.href else {
            return box(placeholder, reason: media?.problem)
        }
        let src = attribute(pagePrefix + href)
        let poster = media.thumbnailHref.map { " poster=\"\(attribute(pagePrefix + $0))\"" } ?? ""
        let file = media.file
        let kindClass = "media media-\(HTMLEscaping.escape(placeholder.kind)) media-shown"
        let alt = HTMLEscaping.escape(placeholder.title)
        switch file.kind {
        case .photo:
            return
                "<div class=\"\(kindClass)\"><a href=\"\(src)\"><img src=\"\(src)\" alt=\"\(alt)\" loading=\"lazy\" decoding=\"async\"\(size(file))></a></div>"
        case .sticker:
            return "<div class=\"\(kindClass)\"><img src=\"\(src)\" alt=\"\(alt)\" loading=\"lazy\" decoding=\"async\"\(size(file))></div>"
        case .animatedSticker:
            if let thumbnail = media.thumbnailHref {
                return
                    "<div class=\"\(kindClass)\"><a href=\"\(src)\"><img src=\"\(attribute(pagePrefix + thumbnail))\" alt=\"\(alt)\" loading=\"lazy\" decoding=\"async\"\(size(file))></a></div>"
            }
            guard let emoji = file.emoji, !emoji.isEmpty else { return box(placeholder, reason: nil) }
            return
                "<div class=\"\(kindClass)\"><a class=\"sticker-emoji\" href=\"\(src)\" title=\"\(alt)\">\(HTMLEscaping.escape(emoji))</a></div>"
        case .animation, .video, .videoMessage:
            let round = file.kind == .videoMessage ? " class=\"round\"" : ""
            let loop = file.kind == .animation ? " loop muted playsinline" : ""
            return
                "<div class=\"\(kindClass)\"><video\(round) src=\"\(src)\" controls preload=\"none\"\(loop)\(poster)\(size(file)) aria-label=\"\(alt)\"></video>"
                + caption(placeholder, media: media, href: src) + "</div>"
        case .voice, .audio:
            return
                "<div class=\"\(kindClass)\"><div class=\"media-title\">\(alt)</div><audio src=\"\(src)\" controls preload=\"none\"></audio>"
                + status(media) + "</div>"
        case .document:
            let name = HTMLEscaping.escape(file.displayName)
            return "<div class=\"\(kindClass)\"><a class=\"media-title\" href=\"\(src)\" download=\"\(name)\">\(name)</a>" + status(media)
                + "</div>"
        }
    }

    /// The placeholder box (`HTMLSiteWriter.mediaBox`), with `reason` added to its status
    /// unless the status says it already.
    static func box(_ placeholder: ExportMedia, reason: MediaProblem?) -> String {
        var shown = placeholder
        if let reason, reason != .notIncluded {
            shown.status = [placeholder.status, reason.reason].filter { !$0.isEmpty }.joined(separator: " · ")
        }
        return HTMLSiteWriter.mediaBox(shown)
    }

    /// The line under a video: its title, size and a link to the file.
    private static func caption(_ placeholder: ExportMedia, media: ResolvedMedia, href: String) -> String {
        var parts = [HTMLEscaping.escape(placeholder.title)]
        if let size = media.displaySize { parts.append(MediaPlaceholder.size(size)) }
        return "<div class=\"media-status\">" + parts.joined(separator: " · ") + " · <a href=\"\(href)\">open</a></div>"
    }

    /// The size line of audio and documents.
    private static func status(_ media: ResolvedMedia) -> String {
        guard let size = media.displaySize else { return "" }
        return "<div class=\"media-status\">\(MediaPlaceholder.size(size))</div>"
    }

    /// ` width="W" height="H"` from the export, so the page does not move as images load;
    /// nothing when a side is unknown or absurd.
    private static func size(_ file: MediaFile) -> String {
        guard let w = file.width, let h = file.height, (1...100_000).contains(w), (1...100_000).contains(h) else { return "" }
        return " width=\"\(w)\" height=\"\(h)\""
    }

    /// A URL path as an attribute value.
    private static func attribute(_ url: String) -> String {
        HTMLEscaping.escape(url)
    }
}
