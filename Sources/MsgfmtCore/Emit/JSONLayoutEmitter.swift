/// `--to json`: each message's layout boxes as one compact JSON object per line (JSON
/// Lines), with the field names of CLI.md. Fragments also carry `role` (text, tab,
/// ellipsis, quote_bar, title) and `rtl`; decorations have an empty source range and
/// their drawn text in `text`. A message with media has a `media` member after `id`:
/// `{"kind", "title", "status", "details"}`; `text` and `lines` are then its caption's.
public struct JSONLayoutEmitter: MessageEmitter {
    /// Creates the emitter.
    public init() {}

    public mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        var w = JSONWriter()
        Self.write(message, into: &w)
        w.raw("\n")
        sink.write(w.bytes)
    }

    /// Writes the object for one message: `id`, `media` when the message has media, then
    /// the layout members.
    public static func write(_ message: RenderedMessage, into w: inout JSONWriter) {
        w.raw("{\"id\":")
        if let id = message.layout?.messageID ?? message.message.id { w.number(id) } else { w.null() }
        w.comma()
        if let media = message.message.media {
            w.key("media")
            write(media, into: &w)
            w.comma()
        }
        writeLayoutMembers(message, into: &w)
        w.raw("}")
    }

    /// A media placeholder as `{"kind", "title", "status", "details"}`, the object `msgfmt
    /// export --to json` writes for an export message's media.
    public static func write(_ media: MediaPlaceholder, into w: inout JSONWriter) {
        w.raw("{"); w.key("kind"); w.string(media.kind)
        w.comma(); w.key("title"); w.string(media.title)
        w.comma(); w.key("status"); w.string(media.status)
        w.comma(); w.key("details")
        array(media.details, into: &w) { detail, w in w.string(detail) }
        w.raw("}")
    }

    /// Writes the members after `id` — `text`, `width`, `height`, `truncated`, `lines`,
    /// `diagnostics` — without braces or a leading comma, so a caller (`msgfmt export
    /// --to json`) can place them in an object of its own with other members around them.
    public static func writeLayoutMembers(_ message: RenderedMessage, into w: inout JSONWriter) {
        let layout = message.layout
        w.raw("\"text\":")
        w.string(layout?.text ?? message.styled.text.string)
        w.raw(",\"width\":")
        w.number(layout?.width ?? 0)
        w.raw(",\"height\":")
        w.number(layout?.height ?? 0)
        w.raw(",\"truncated\":")
        w.bool(layout?.truncated ?? false)
        w.raw(",\"lines\":")
        array(layout?.lines ?? [], into: &w, write)
        w.raw(",\"diagnostics\":")
        array(message.diagnostics, into: &w, write)
    }

    /// Writes `items` as a JSON array, each with `write`.
    private static func array<T>(_ items: [T], into w: inout JSONWriter, _ write: (T, inout JSONWriter) -> Void) {
        w.raw("[")
        for (i, item) in items.enumerated() {
            if i > 0 { w.comma() }
            write(item, &w)
        }
        w.raw("]")
    }

    /// The members lines and fragments share: cells `x` and `width`, UTF-16 `start` and `end`.
    private static func writeBox(x: Int, width: Int, start: Int, end: Int, into w: inout JSONWriter) {
        w.raw("\"x\":"); w.number(x)
        w.raw(",\"width\":"); w.number(width)
        w.raw(",\"start\":"); w.number(start)
        w.raw(",\"end\":"); w.number(end)
    }

    /// The `block` member: `pre`, else `quote` inside a quote, else `paragraph`.
    private static func blockName(_ line: LayoutLine) -> String {
        if case .pre = line.block { return "pre" }
        return line.quoted ? "quote" : "paragraph"
    }

    private static func write(_ line: LayoutLine, into w: inout JSONWriter) {
        w.raw("{\"y\":"); w.number(line.y)
        w.comma()
        writeBox(x: line.x, width: line.width, start: line.start, end: line.end, into: &w)
        w.raw(",\"block\":"); w.string(blockName(line))
        w.raw(",\"rtl\":"); w.bool(line.rtl)
        w.raw(",\"fragments\":")
        array(line.fragments, into: &w, write)
        w.raw("}")
    }

    private static func write(_ fragment: LayoutFragment, into w: inout JSONWriter) {
        w.raw("{")
        writeBox(x: fragment.x, width: fragment.width, start: fragment.start, end: fragment.end, into: &w)
        w.raw(",\"text\":")
        switch fragment.role {
        case .text, .tab: w.string(fragment.text)
        case .ellipsis, .quoteBar, .title: w.string(fragment.display)
        }
        w.raw(",\"styles\":")
        array(fragment.style.attributes.names, into: &w) { name, w in w.string(name) }
        w.raw(",\"link\":")
        if let link = fragment.style.link { w.string(link) } else { w.null() }
        w.raw(",\"role\":")
        switch fragment.role {
        case .text: w.raw("\"text\"")
        case .tab: w.raw("\"tab\"")
        case .ellipsis: w.raw("\"ellipsis\"")
        case .quoteBar: w.raw("\"quote_bar\"")
        case .title: w.raw("\"title\"")
        }
        w.raw(",\"rtl\":")
        w.bool(fragment.rtl)
        w.raw("}")
    }

    private static func write(_ diagnostic: Diagnostic, into w: inout JSONWriter) {
        w.raw("{\"severity\":")
        w.string(diagnostic.severity.rawValue)
        w.raw(",\"message\":")
        w.string(diagnostic.message)
        let location = diagnostic.location
        if let entity = location.entityIndex { w.raw(",\"entity\":"); w.number(entity) }
        if let offset = location.byteOffset { w.raw(",\"byte_offset\":"); w.number(offset) }
        if let line = location.line { w.raw(",\"line\":"); w.number(line) }
        if let column = location.column { w.raw(",\"column\":"); w.number(column) }
        w.raw("}")
    }
}
