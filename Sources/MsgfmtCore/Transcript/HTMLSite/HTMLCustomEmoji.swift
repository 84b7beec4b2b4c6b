/// Custom emoji in the HTML site: Telegram Desktop's export gives each one's sticker file
/// as its `document_id` (`stickers/sticker (3).webp`, "(unavailable)" or ""). When that is a
/// still picture inside the folder of the export the message came from (the same
/// containment as every media file; with `--media copy` it is copied too; resolved with
/// the message, `TranscriptMessage.resolveCustomEmoji`), the emoji's text becomes a small
/// inline `<img>` (1.2em high, the emoji as `alt`); otherwise the emoji stays as text.
/// Runs on the worker threads.
enum HTMLCustomEmoji {
    /// How the shared HTML emitter opens a custom emoji's span (`HTMLInlineTagSet`).
    static let spanOpening = "<span class=\"msgfmt-custom-emoji\" data-custom-emoji-id=\""

    /// True when `withPictures` would change a body: some picture was found and has a path.
    static func hasPictures(_ pictures: [String: ResolvedMedia]) -> Bool {
        pictures.values.contains { $0.available && $0.href != nil }
    }

    /// `body` (the emitter's HTML of the message's text) with the text of each custom emoji
    /// whose picture was found (`pictures`, by `document_id`) replaced by the picture.
    static func withPictures(_ body: String, pictures: [String: ResolvedMedia]) -> String {
        var sources: [String: String] = [:]
        for (id, picture) in pictures where picture.available {
            guard let href = picture.href else { continue }
            sources[HTMLEscaping.escape(id)] = HTMLEscaping.escape(HTMLMediaMarkup.pagePrefix + href)
        }
        guard !sources.isEmpty else { return body }
        var out = ""
        out.reserveCapacity(body.utf8.count + sources.count * 120)
        var rest = body[...]
        while let open = rest.firstRange(of: spanOpening) {
            out += rest[..<open.upperBound]
            rest = rest[open.upperBound...]
            guard let idEnd = rest.firstRange(of: "\">") else { break }
            let id = String(rest[..<idEnd.lowerBound])
            out += rest[..<idEnd.upperBound]
            rest = rest[idEnd.upperBound...]
            guard let href = sources[id], let close = rest.firstRange(of: "</span>") else { continue }
            let text = rest[..<close.lowerBound]
            // Only plain (escaped) text is replaced: one picture per character.
            guard !text.isEmpty, !text.contains("<") else { continue }
            let characters = text.contains("&") ? [String(text)] : text.map(String.init)
            for character in characters {
                out +=
                    "<img class=\"custom-emoji\" src=\"\(href)\" alt=\"\(HTMLEscaping.escape(character))\" loading=\"lazy\" decoding=\"async\">"
            }
            rest = rest[close.lowerBound...]
        }
        out += rest
        return out
    }
}
