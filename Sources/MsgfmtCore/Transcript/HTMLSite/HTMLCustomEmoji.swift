/// Custom emoji in the HTML site: Telegram Desktop's export gives each one's sticker file
/// as its `document_id` (`stickers/sticker (3).webp`, "(unavailable)" or ""). When that is a
/// still picture inside the export folder (the same containment as every media file; with
/// `--media copy` it is copied too), the emoji's text becomes a small inline `<img>` (1.2em
/// high, the emoji as `alt`); otherwise the emoji stays as text. Runs on the worker threads.
enum HTMLCustomEmoji {
    /// How the shared HTML emitter opens a custom emoji's span (`HTMLInlineTag`).
    static let spanOpening = "<span class=\"msgfmt-custom-emoji\" data-custom-emoji-id=\""

    /// `body` (the emitter's HTML of `styled`) with each shown custom emoji's text replaced
    /// by its picture.
    static func withPictures(_ body: String, styled: StyledText, media: MediaOptions) -> String {
        guard media.mode != .none,
            styled.blocks.contains(where: { $0.runs.contains(where: { $0.style.customEmojiID != nil }) })
        else { return body }
        var sources: [String: String] = [:]
        for block in styled.blocks {
            for run in block.runs {
                guard let id = run.style.customEmojiID, sources[id] == nil, let href = href(of: id, media: media) else { continue }
                sources[HTMLEscaping.escape(id)] = href
            }
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

    /// The escaped URL of the sticker file `id` names, from a page, when it is a still
    /// picture found inside the export folder (and, with `--media copy`, placed).
    static func href(of id: String, media: MediaOptions) -> String? {
        let file = MediaFile(kind: MediaKind.of(mediaType: "sticker", path: id), path: id)
        let lower = id.lowercased()
        guard file.kind == .sticker, [".webp", ".png", ".jpg", ".jpeg", ".gif"].contains(where: { lower.hasSuffix($0) }) else { return nil }
        let resolved = MediaResolver.resolve(file, options: media)
        guard resolved.available, let href = resolved.href else { return nil }
        return HTMLEscaping.escape(HTMLMediaMarkup.pagePrefix + href)
    }
}
