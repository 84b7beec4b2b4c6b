/// `--to json`: each message's layout boxes as one compact JSON object per line (JSON
/// Lines), with the field names of CLI.md and `index` after `id`, the message's 0-based
/// position in its input. Fragments also carry `role` (text, tab,
/// ellipsis, quote_bar, title) and `rtl`; decorations have an empty source range and
/// their drawn text in `text`. A message with media has a `media` member after `index`:
/// `{"kind", "title", "status", "details"}`; `text` and `lines` are then its caption's.
///
/// A layout measured with fonts (`pixels` set) is written in pixels (at most two
/// decimals): `"unit": "px"` after `index`, `x`, `width`, `y` (the top) and `height` of lines
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

    /// Writes the object for one message: `id`, `index` (its 0-based position in the input,
    /// failed and filtered messages counted, so a script can pair objects with inputs when
    /// some failed: diagnostics name it `message #index+1`), `media` when the message has
    /// media, then the layout members (`drain` as `writeLayoutMembers` takes it).
    public static func write(
        _ message: RenderedMessage, into w: inout JSONWriter, pixels: PixelMetrics? = nil, drain: (inout [UInt8]) -> Void = { _ in }
    ) {
        w.raw("{\"id\":")
        if let id = message.layout?.messageID ?? message.message.id { w.number(id) } else { w.null() }
        w.raw(",\"index\":")
        w.number(message.index)
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

    /// The members lines and fragments share, in pixels: `x` and `width`, UTF-16 `start`
    /// and `end` (in cells the line and fragment writers put them in their own pieces).
    private static func writeBox(x: Int, width: Int, start: Int, end: Int, pixels: PixelMetrics, into w: inout JSONWriter) {
        w.raw("\"x\":"); number(x, pixels, into: &w)
        w.raw(",\"width\":"); number(width, pixels, into: &w)
        w.raw(",\"start\":"); w.number(start)
        w.raw(",\"end\":"); w.number(end)
    }

    private static func write(_ line: LayoutLine, _ pixels: PixelMetrics?, into w: inout JSONWriter) {
        if pixels == nil {
            // Cells: everything up to the fragments in one piece of room (at most 81 bytes
            // of syntax and five integers).
            w.appending(upTo: 90 + 5 * JSONWriter.Cursor.integerRoom) { c in
                c.raw("{\"y\":"); c.integer(Int64(line.y))
                c.raw(",\"x\":"); c.integer(Int64(line.x))
                c.raw(",\"width\":"); c.integer(Int64(line.width))
                c.raw(",\"start\":"); c.integer(Int64(line.start))
                c.raw(",\"end\":"); c.integer(Int64(line.end))
                c.raw(",\"block\":")
                c.raw(blockName(line))
                c.raw(line.rtl ? ",\"rtl\":true,\"fragments\":[" : ",\"rtl\":false,\"fragments\":[")
            }
        } else if let pixels {
            w.raw("{\"y\":")
            number(pixels.top(ofLine: line.y), pixels, into: &w)
            w.comma()
            writeBox(x: line.x, width: line.width, start: line.start, end: line.end, pixels: pixels, into: &w)
            w.raw(",\"height\":"); number(pixels.lineHeight, pixels, into: &w)
            w.raw(",\"baseline\":"); number(pixels.baseline(ofLine: line.y), pixels, into: &w)
            w.raw(",\"ascent\":"); number(pixels.ascent, pixels, into: &w)
            w.raw(",\"descent\":"); number(pixels.descent, pixels, into: &w)
            w.raw(",\"block\":")
            w.raw(blockName(line))
            w.raw(line.rtl ? ",\"rtl\":true,\"fragments\":[" : ",\"rtl\":false,\"fragments\":[")
        }
        // Each fragment read in place (passed on as a copy, its strings and units were
        // retained and released: 2 % of `--to json`, see docs/PERFORMANCE.md).
        line.fragments.withUnsafeBufferPointer { fragments in
            for i in fragments.indices {
                write(fragments[i], first: i == 0, line: line, pixels, into: &w)
            }
        }
        w.raw("]}")
    }

    /// The `block` member's value: `pre`, else `quote` inside a quote, else `paragraph`.
    @inline(__always)
    private static func blockName(_ line: LayoutLine) -> StaticString {
        if case .pre = line.block { return "\"pre\"" }
        return line.quoted ? "\"quote\"" : "\"paragraph\""
    }

    /// The room the members after a fragment's text take, but for a link: its styles (all
    /// of them, at most, each quoted and after a comma), and at most 56 bytes of syntax
    /// around them, `link` and the tail (`tail`).
    private static let stylesRoom = 80 + StyleAttributes.named.reduce(0) { $0 + $1.1.utf8.count + 3 }

    /// Writes a fragment's object, after a comma unless it is the `first` of its line. In
    /// cells its members but the text and a link go out in two pieces of room.
    @inline(__always)
    private static func write(
        _ fragment: LayoutFragment, first: Bool, line: LayoutLine, _ pixels: PixelMetrics?, into w: inout JSONWriter
    ) {
        if pixels == nil {
            // 39 bytes of syntax and four integers.
            w.appending(upTo: 48 + 4 * JSONWriter.Cursor.integerRoom) { c in
                c.raw(first ? "{\"x\":" : ",{\"x\":"); c.integer(Int64(fragment.x))
                c.raw(",\"width\":"); c.integer(Int64(fragment.width))
                c.raw(",\"start\":"); c.integer(Int64(fragment.start))
                c.raw(",\"end\":"); c.integer(Int64(fragment.end))
                c.raw(",\"text\":")
            }
        } else if let pixels {
            w.raw(first ? "{" : ",{")
            writeBox(x: fragment.x, width: fragment.width, start: fragment.start, end: fragment.end, pixels: pixels, into: &w)
            w.raw(",\"y\":"); number(pixels.top(ofLine: line.y), pixels, into: &w)
            w.raw(",\"height\":"); number(pixels.lineHeight, pixels, into: &w)
            w.raw(",\"text\":")
        }
        switch fragment.role {
        case .text, .tab: fragment.withText(utf16: { w.string(utf16: $0) }, utf8: { w.string(validUTF8: $0) })
        case .quoteBar where pixels != nil: w.string("\u{258E}")
        case .ellipsis, .quoteBar, .title: w.string(fragment.display)
        }
        // `attributes.names`, without building the array, then `link` and the tail: in
        // one piece of room when there is no link.
        let attributes = fragment.style.attributes
        let link = fragment.style.link
        let tail = self.tail(fragment)
        w.appending(upTo: stylesRoom) { c in
            c.raw(",\"styles\":[")
            // `named` holds the attribute of bit k at k (`StyleAttributesTests`).
            var bits = attributes.rawValue
            if bits != 0 {
                StyleAttributes.named.withUnsafeBufferPointer { named in
                    bits &= (1 << UInt32(named.count)) &- 1
                    var comma = false
                    while bits != 0 {
                        if comma { c.raw(",") }
                        comma = true
                        c.quoted(ascii: named[bits.trailingZeroBitCount].1)
                        bits &= bits &- 1
                    }
                }
            }
            if link == nil {
                c.raw("],\"link\":null")
                c.raw(tail)
            } else {
                c.raw("],\"link\":")
            }
        }
        if let link {
            w.string(link)
            w.raw(tail)
        }
    }

    /// What closes a fragment's object: its role, its direction and the brace.
    @inline(__always)
    private static func tail(_ fragment: LayoutFragment) -> StaticString {
        let rtl = fragment.rtl
        switch fragment.role {
        case .text: return rtl ? ",\"role\":\"text\",\"rtl\":true}" : ",\"role\":\"text\",\"rtl\":false}"
        case .tab: return rtl ? ",\"role\":\"tab\",\"rtl\":true}" : ",\"role\":\"tab\",\"rtl\":false}"
        case .ellipsis: return rtl ? ",\"role\":\"ellipsis\",\"rtl\":true}" : ",\"role\":\"ellipsis\",\"rtl\":false}"
        case .quoteBar: return rtl ? ",\"role\":\"quote_bar\",\"rtl\":true}" : ",\"role\":\"quote_bar\",\"rtl\":false}"
        case .title: return rtl ? ",\"role\":\"title\",\"rtl\":true}" : ",\"role\":\"title\",\"rtl\":false}"
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
