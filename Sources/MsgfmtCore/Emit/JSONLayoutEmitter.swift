/// `--to json`: each message's layout boxes as one compact JSON object per line (JSON
/// Lines), with the field names of CLI.md. Fragments also carry `role` (text, tab,
/// ellipsis, quote_bar, title) and `rtl`; decorations have an empty source range and
/// their drawn text in `text`. A message with media has a `media` member after `id`:
/// `{"kind", "title", "status", "details"}`; `text` and `lines` are then its caption's.
///
/// A layout measured with fonts (`pixels` set) is written in pixels (at most two
/// decimals): `"unit": "px"` after `id`, `x`, `width`, `y` (the top) and `height` of lines
/// and fragments, and each line's `baseline` (from the top of the message), `ascent` and
/// `descent`; the message's `height` is in pixels too. Cell layouts have no `unit`.
public struct JSONLayoutEmitter: ParallelEmitter, BufferedEmitter {
    /// The geometry of a font-measured layout, or nil for cells.
    public var pixels: PixelMetrics?
    /// The JSON of the message being written, reused from message to message.
    var buffer: [UInt8] = []

    /// Creates the emitter; `pixels` for layouts measured with fonts.
    public init(pixels: PixelMetrics? = nil) {
        self.pixels = pixels
    }

    public mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        emitThroughBuffer(message, into: sink)
    }

    /// A copy for a worker thread.
    public func makeWorkerCopy() -> JSONLayoutEmitter? {
        JSONLayoutEmitter(pixels: pixels)
    }

    /// Appends the message's line of JSON, newline included.
    public func prepare(_ message: RenderedMessage, into out: inout [UInt8]) {
        prepare(message, into: &out) { _ in }
    }

    /// `prepare(_:into:)`, handing `out` to `drain` after the text and after each stretch
    /// of a long message's lines.
    public func prepare(_ message: RenderedMessage, into out: inout [UInt8], drain: (inout [UInt8]) -> Void) {
        var w = JSONWriter(appendingTo: out)
        out = []
        Self.write(message, into: &w, pixels: pixels, drain: drain)
        w.raw("\n")
        out = w.takeBytes()
    }

    /// Writes the object for one message: `id`, `media` when the message has media, then
    /// the layout members (`drain` as `writeLayoutMembers` takes it).
    public static func write(
        _ message: RenderedMessage, into w: inout JSONWriter, pixels: PixelMetrics? = nil, drain: (inout [UInt8]) -> Void = { _ in }
    ) {
        w.raw("{\"id\":")
        if let id = message.layout?.messageID ?? message.message.id { w.number(id) } else { w.null() }
        w.comma()
        if let media = message.message.media {
            w.key("media")
            write(media, into: &w)
            w.comma()
        }
        writeLayoutMembers(message, into: &w, pixels: pixels, drain: drain)
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
    ///
    /// A long message laid out in stretches (`RenderedMessage.pieces`) is laid out twice:
    /// once for its width, height and truncation, which come before its lines, then for
    /// the lines, `w`'s bytes handed to `drain` after each stretch.
    public static func writeLayoutMembers(
        _ message: RenderedMessage, into w: inout JSONWriter, pixels: PixelMetrics? = nil,
        drain: (inout [UInt8]) -> Void = { _ in }
    ) {
        let layout = message.layout
        var (width, height, truncated) = (layout?.width ?? 0, layout?.height ?? 0, layout?.truncated ?? false)
        message.pieces?.layOutEach { layout in
            width = max(width, layout.width)
            height &+= layout.height
            truncated = truncated || layout.truncated
        }
        if pixels != nil { w.raw("\"unit\":\"px\",") }
        w.raw("\"text\":")
        w.string(layout?.text ?? message.styled.text.string)
        w.raw(",\"width\":")
        number(width, pixels, into: &w)
        w.raw(",\"height\":")
        if let pixels { number(pixels.top(ofLine: height), pixels, into: &w) } else { w.number(height) }
        w.raw(",\"truncated\":")
        w.bool(truncated)
        w.raw(",\"lines\":")
        if let pieces = message.pieces {
            w.drain(drain)
            w.raw("[")
            var first = true
            pieces.layOutEach { layout in
                layout.lines.withUnsafeBufferPointer { lines in
                    for line in lines {
                        if !first { w.comma() }
                        first = false
                        write(line, pixels, into: &w)
                    }
                }
                w.drain(drain)
            }
            w.raw("]")
        } else {
            array(layout?.lines ?? [], into: &w) { line, w in write(line, pixels, into: &w) }
        }
        w.raw(",\"diagnostics\":")
        array(message.diagnostics, into: &w, write)
    }

    /// Writes `items` as a JSON array, each with `write`.
    @inline(__always)
    private static func array<T>(_ items: [T], into w: inout JSONWriter, _ write: (T, inout JSONWriter) -> Void) {
        w.raw("[")
        // Each item reaches `write` as a copy, its strings and units retained and released:
        // 2 % of `--to json` for a line's fragments (see docs/PERFORMANCE.md).
        items.withUnsafeBufferPointer { items in
            for i in items.indices {
                if i > 0 { w.comma() }
                write(items[i], &w)
            }
        }
        w.raw("]")
    }

    /// Writes `units`: as is in cells, else in pixels with at most two decimals.
    private static func number(_ units: Int, _ pixels: PixelMetrics?, into w: inout JSONWriter) {
        guard let pixels else { return w.number(units) }
        let hundredths = (units * 100 + (units < 0 ? -pixels.unitsPerPixel : pixels.unitsPerPixel) / 2) / pixels.unitsPerPixel
        if hundredths < 0 { w.raw("-") }
        let magnitude = abs(hundredths)
        w.number(magnitude / 100)
        let fraction = magnitude % 100
        guard fraction != 0 else { return }
        w.raw(".")
        if fraction < 10 { w.raw("0") }
        w.number(fraction % 10 == 0 ? fraction / 10 : fraction)
    }

    /// The members lines and fragments share: `x` and `width` (cells or pixels), UTF-16
    /// `start` and `end`.
    private static func writeBox(x: Int, width: Int, start: Int, end: Int, pixels: PixelMetrics?, into w: inout JSONWriter) {
        guard pixels != nil else {
            // Cells: the four members in one piece of room (29 bytes of names, four integers).
            return w.appending(upTo: 29 + 4 * JSONWriter.Cursor.integerRoom) { c in
                c.raw("\"x\":"); c.integer(Int64(x))
                c.raw(",\"width\":"); c.integer(Int64(width))
                c.raw(",\"start\":"); c.integer(Int64(start))
                c.raw(",\"end\":"); c.integer(Int64(end))
            }
        }
        w.raw("\"x\":"); number(x, pixels, into: &w)
        w.raw(",\"width\":"); number(width, pixels, into: &w)
        w.raw(",\"start\":"); w.number(start)
        w.raw(",\"end\":"); w.number(end)
    }

    /// Writes the `block` member's value: `pre`, else `quote` inside a quote, else
    /// `paragraph`.
    private static func writeBlockName(_ line: LayoutLine, into w: inout JSONWriter) {
        if case .pre = line.block { return w.raw("\"pre\"") }
        w.raw(line.quoted ? "\"quote\"" : "\"paragraph\"")
    }

    private static func write(_ line: LayoutLine, _ pixels: PixelMetrics?, into w: inout JSONWriter) {
        w.raw("{\"y\":")
        if let pixels { number(pixels.top(ofLine: line.y), pixels, into: &w) } else { w.number(line.y) }
        w.comma()
        writeBox(x: line.x, width: line.width, start: line.start, end: line.end, pixels: pixels, into: &w)
        if let pixels {
            w.raw(",\"height\":"); number(pixels.lineHeight, pixels, into: &w)
            w.raw(",\"baseline\":"); number(pixels.baseline(ofLine: line.y), pixels, into: &w)
            w.raw(",\"ascent\":"); number(pixels.ascent, pixels, into: &w)
            w.raw(",\"descent\":"); number(pixels.descent, pixels, into: &w)
        }
        w.raw(",\"block\":"); writeBlockName(line, into: &w)
        w.raw(line.rtl ? ",\"rtl\":true,\"fragments\":" : ",\"rtl\":false,\"fragments\":")
        array(line.fragments, into: &w) { fragment, w in write(fragment, line: line, pixels, into: &w) }
        w.raw("}")
    }

    @inline(__always)
    private static func write(_ fragment: LayoutFragment, line: LayoutLine, _ pixels: PixelMetrics?, into w: inout JSONWriter) {
        w.raw("{")
        writeBox(x: fragment.x, width: fragment.width, start: fragment.start, end: fragment.end, pixels: pixels, into: &w)
        if let pixels {
            w.raw(",\"y\":"); number(pixels.top(ofLine: line.y), pixels, into: &w)
            w.raw(",\"height\":"); number(pixels.lineHeight, pixels, into: &w)
        }
        w.raw(",\"text\":")
        switch fragment.role {
        case .text, .tab: fragment.withText(utf16: { w.string(utf16: $0) }, utf8: { w.string(validUTF8: $0) })
        case .quoteBar where pixels != nil: w.string("\u{258E}")
        case .ellipsis, .quoteBar, .title: w.string(fragment.display)
        }
        w.raw(",\"styles\":[")
        // `attributes.names`, without building the array.
        let attributes = fragment.style.attributes
        var first = true
        if !attributes.isEmpty {
            for (attribute, name) in StyleAttributes.named where attributes.contains(attribute) {
                if !first { w.comma() }
                first = false
                w.string(name)
            }
        }
        if let link = fragment.style.link {
            w.raw("],\"link\":")
            w.string(link)
        } else {
            w.raw("],\"link\":null")
        }
        // The rest in one piece: its role, its direction and the closing brace.
        let rtl = fragment.rtl
        switch fragment.role {
        case .text: w.raw(rtl ? ",\"role\":\"text\",\"rtl\":true}" : ",\"role\":\"text\",\"rtl\":false}")
        case .tab: w.raw(rtl ? ",\"role\":\"tab\",\"rtl\":true}" : ",\"role\":\"tab\",\"rtl\":false}")
        case .ellipsis: w.raw(rtl ? ",\"role\":\"ellipsis\",\"rtl\":true}" : ",\"role\":\"ellipsis\",\"rtl\":false}")
        case .quoteBar: w.raw(rtl ? ",\"role\":\"quote_bar\",\"rtl\":true}" : ",\"role\":\"quote_bar\",\"rtl\":false}")
        case .title: w.raw(rtl ? ",\"role\":\"title\",\"rtl\":true}" : ",\"role\":\"title\",\"rtl\":false}")
        }
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
