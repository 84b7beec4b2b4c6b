/// `--to json`: each message's layout boxes as one compact JSON object per line (JSON
/// Lines), with the field names of CLI.md. Fragments also carry `role` (text, tab,
/// ellipsis, quote_bar, title) and `rtl`; decorations have an empty source range and
/// their drawn text in `text`.
public struct JSONLayoutEmitter: MessageEmitter {
    /// Creates the emitter.
    public init() {}

    public mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        var w = JSONWriter()
        Self.write(message, into: &w)
        w.raw("\n")
        sink.write(w.bytes)
    }

    /// Writes the object for one message.
    public static func write(_ message: RenderedMessage, into w: inout JSONWriter) {
        let layout = message.layout
        w.raw("{\"id\":")
        if let id = layout?.messageID ?? message.message.id { w.number(id) } else { w.null() }
        w.raw(",\"text\":")
        w.string(layout?.text ?? message.styled.text.string)
        w.raw(",\"width\":")
        w.number(layout?.width ?? 0)
        w.raw(",\"height\":")
        w.number(layout?.height ?? 0)
        w.raw(",\"truncated\":")
        w.bool(layout?.truncated ?? false)
        w.raw(",\"lines\":[")
        for (i, line) in (layout?.lines ?? []).enumerated() {
            if i > 0 { w.comma() }
            write(line, into: &w)
        }
        w.raw("],\"diagnostics\":[")
        for (i, diagnostic) in message.diagnostics.enumerated() {
            if i > 0 { w.comma() }
            write(diagnostic, into: &w)
        }
        w.raw("]}")
    }

    private static func write(_ line: LayoutLine, into w: inout JSONWriter) {
        w.raw("{\"y\":"); w.number(line.y)
        w.raw(",\"x\":"); w.number(line.x)
        w.raw(",\"width\":"); w.number(line.width)
        w.raw(",\"start\":"); w.number(line.start)
        w.raw(",\"end\":"); w.number(line.end)
        w.raw(",\"block\":"); w.string(line.block)
        w.raw(",\"rtl\":"); w.bool(line.rtl)
        w.raw(",\"fragments\":[")
        for (i, fragment) in line.fragments.enumerated() {
            if i > 0 { w.comma() }
            write(fragment, into: &w)
        }
        w.raw("]}")
    }

    private static func write(_ fragment: LayoutFragment, into w: inout JSONWriter) {
        w.raw("{\"x\":"); w.number(fragment.x)
        w.raw(",\"width\":"); w.number(fragment.width)
        w.raw(",\"start\":"); w.number(fragment.start)
        w.raw(",\"end\":"); w.number(fragment.end)
        w.raw(",\"text\":")
        switch fragment.role {
        case .text, .tab: w.string(fragment.text)
        case .ellipsis, .quoteBar, .title: w.string(fragment.display)
        }
        w.raw(",\"styles\":[")
        for (i, name) in fragment.style.attributes.names.enumerated() {
            if i > 0 { w.comma() }
            w.string(name)
        }
        w.raw("],\"link\":")
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
