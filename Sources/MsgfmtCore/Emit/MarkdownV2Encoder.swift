/// Re-encodes a normalized message in Telegram's MarkdownV2 parse mode.
///
/// Entities Telegram detects by itself (URLs, mentions, hashtags, …) are written as plain
/// text. A quote can only cover whole lines: one starting mid-line is left out, one ending
/// mid-line extends to the end of that line.
public enum MarkdownV2Encoder {
    /// The MarkdownV2 source of `message`.
    public static func encode(_ message: Message) -> String {
        let text = UTF16Text(message.text)
        let units = text.units
        let entities = message.entities.filter { e in
            switch e.kind.entityClass {
            case .splittable, .preLike: return true
            case .quote: return e.offset == 0 || (e.offset <= units.count && units[e.offset - 1] == 0x0A)
            default: return e.kind == .textLink || e.kind == .textMention || e.kind == .customEmoji
            }
        }
        var out: [UInt16] = []
        out.reserveCapacity(units.count + units.count / 8 + 16)
        var codeDepth = 0
        var quote: MessageEntity?
        var markerWritten = false
        var lastWasItalic = false

        func token(_ s: String) {
            if lastWasItalic, s.hasPrefix("_") { out.append(0x0D) }
            out.append(contentsOf: s.utf16)
            lastWasItalic = s == "_"
        }
        func writeMarker() {
            if let q = quote, q.kind == .expandableBlockquote, !markerWritten {
                out.append(contentsOf: "||".utf16)
                markerWritten = true
                lastWasItalic = false
            }
        }

        for event in EntityNesting.events(entities, count: units.count) {
            switch event {
            case .text(let range):
                for p in range {
                    let u = units[p]
                    if codeDepth > 0 {
                        if u == 0x60 || u == 0x5C { out.append(0x5C) }
                        out.append(u)
                        continue
                    }
                    if u == 0x0A, let q = quote, p == q.end - 1 { writeMarker() }
                    if u < 0x80, reserved[Int(u)] { out.append(0x5C) }
                    out.append(u)
                    if u == 0x0A, let q = quote, p + 1 < q.end { out.append(0x3E) }
                }
                lastWasItalic = false
            case .open(let e):
                switch e.kind {
                case .blockquote, .expandableBlockquote:
                    quote = e
                    markerWritten = false
                    token(e.kind == .expandableBlockquote ? "**>" : ">")
                case .pre:
                    codeDepth += 1
                    let language = e.language ?? ""
                    let usable = !language.unicodeScalars.contains { $0.properties.isWhitespace || $0 == "`" || $0 == "\\" }
                    token("```" + (usable ? language : "") + "\n")
                case .code: codeDepth += 1; token("`")
                default: token(openToken(e.kind))
                }
            case .close(let e):
                switch e.kind {
                case .blockquote, .expandableBlockquote:
                    writeMarker()
                    quote = nil
                case .pre: codeDepth -= 1; token("```")
                case .code: codeDepth -= 1; token("`")
                default: token(closeToken(e))
                }
            }
        }
        return String(decoding: out, as: UTF16.self)
    }

    /// The characters that must be escaped outside code.
    static let reserved: [Bool] = {
        var table = [Bool](repeating: false, count: 128)
        for c in "_*[]()~`>#+-=|{}.!\\".utf8 { table[Int(c)] = true }
        return table
    }()

    static func openToken(_ kind: EntityKind) -> String {
        switch kind {
        case .bold: "*"
        case .italic: "_"
        case .underline: "__"
        case .strikethrough: "~"
        case .spoiler: "||"
        case .textLink, .textMention: "["
        case .customEmoji, .dateTime: "!["
        default: ""
        }
    }

    static func closeToken(_ e: MessageEntity) -> String {
        switch e.kind {
        case .textLink: "](" + escapeURL(e.url ?? "") + ")"
        case .textMention: "](tg://user?id=\(e.userID ?? 0))"
        case .customEmoji: "](tg://emoji?id=\(e.customEmojiID ?? ""))"
        case .dateTime: "](tg://time?unix=\(e.unixTime ?? 0)" + (e.dateTimeFormat.map { "&format=" + $0 } ?? "") + ")"
        default: openToken(e.kind) == "![" ? "" : openToken(e.kind)
        }
    }

    static func escapeURL(_ url: String) -> String {
        var out = ""
        for c in url.unicodeScalars {
            if c == ")" || c == "\\" { out.append("\\") }
            out.unicodeScalars.append(c)
        }
        return out
    }
}
