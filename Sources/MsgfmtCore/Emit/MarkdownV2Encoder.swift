/// Re-encodes a normalized message in Telegram's MarkdownV2 parse mode.
///
/// Entities Telegram detects by itself (URLs, mentions, hashtags, …) are written as plain
/// text. A quote can only cover whole lines: one ending just before a newline takes the
/// newline, one starting or ending anywhere else mid-line is left out; a quote right after
/// another starts with `**>` so the two stay apart. MarkdownV2 cannot escape control characters,
/// so those other than tab and newline are written as spaces, as Telegram itself would
/// store them; the output never carries terminal escapes.
public enum MarkdownV2Encoder {
    /// The MarkdownV2 source of `message`.
    public static func encode(_ message: Message) -> String {
        let prepared = representable(message)
        let units = Array(prepared.text.utf16)
        let entities = prepared.entities
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
                        out.append(isControl(u) ? 0x20 : u)
                        continue
                    }
                    if u == 0x0A, let q = quote, p == q.end - 1 { writeMarker() }
                    if u < 0x80, reserved[Int(u)] { out.append(0x5C) }
                    out.append(isControl(u) ? 0x20 : u)
                    if u == 0x0A, let q = quote, p + 1 < q.end { out.append(0x3E) }
                }
                lastWasItalic = false
            case .open(let e):
                switch e.kind {
                case .blockquote, .expandableBlockquote:
                    let follows = quote.map { $0.end == e.offset } ?? false
                    quote = e
                    markerWritten = false
                    token(follows ? "**>" : ">")
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
                case .pre: codeDepth -= 1; token("```")
                case .code: codeDepth -= 1; token("`")
                default: token(closeToken(e))
                }
            }
        }
        return String(decoding: out, as: UTF16.self)
    }

    /// `message` (normalized) reduced to what MarkdownV2 can express: auto-detected kinds
    /// dropped; quotes kept only from a line start to the end of a line (a quote stopping
    /// just before a newline takes the newline, one stopping mid-line is dropped); entities
    /// ending with the newline at a quote boundary give up that newline; unusable pre
    /// languages removed.
    public static func representable(_ message: Message) -> Message {
        let units = Array(message.text.utf16)
        let count = units.count
        func lineStart(_ p: Int) -> Bool { p == 0 || (p > 0 && p <= count && units[p - 1] == 0x0A) }
        var quotes: [MessageEntity] = []
        var others: [MessageEntity] = []
        for var e in message.entities {
            switch e.kind.entityClass {
            case .quote:
                guard lineStart(e.offset) else { continue }
                if e.end < count, !lineStart(e.end) {
                    guard units[e.end] == 0x0A else { continue }
                    e.length += 1
                }
                if let last = quotes.last, last.end > e.offset { continue }
                quotes.append(e)
            case .splittable, .preLike:
                if e.kind == .pre, let language = e.language,
                    language.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0 == "`" || $0 == "\\" })
                {
                    e.language = nil
                }
                others.append(e)
            default:
                if e.kind == .textLink || e.kind == .textMention || e.kind == .customEmoji { others.append(e) }
            }
        }
        let boundaries = Set(quotes.flatMap { [$0.offset, $0.end] })
        others = others.compactMap { e in
            var e = e
            if boundaries.contains(e.end), e.end > 0, units[e.end - 1] == 0x0A { e.length -= 1 }
            return e.length > 0 ? e : nil
        }
        let reduced = Message(id: message.id, text: message.text, entities: quotes + others)
        return Normalizer.normalize(reduced, detect: false).0
    }

    /// C0 and C1 controls and DEL, except tab and newline.
    @inline(__always)
    static func isControl(_ u: UInt16) -> Bool {
        (u < 0x20 && u != 0x09 && u != 0x0A) || (u >= 0x7F && u <= 0x9F)
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
