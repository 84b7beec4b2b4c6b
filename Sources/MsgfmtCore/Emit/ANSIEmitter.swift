/// `--to ansi`: laid-out lines with SGR styles and OSC 8 hyperlinks.
///
/// Writes each line as `line.x` blanks then every fragment's `display`, in order; it never
/// measures text. A message whose layout `render` left to it (`deferredLayout`) is laid out
/// here line by line, the plain lines written from the cluster table as the fragments they
/// would be (`ANSILineSink`). Only the differences between neighbouring fragments' styles are written,
/// and every attribute and link is closed before each newline. Whatever it writes from
/// the message goes through `DisplaySafety` (and links through `LinkPolicy`) once more, so
/// message text cannot carry escape sequences to the terminal even if layout let one by.
/// With `color`, `attributes` and `hyperlinks` all off it writes no escape sequence at all.
/// A media placeholder (`[Photo 90×90]`) comes first, dim and italic.
public struct ANSIEmitter: ParallelEmitter, BufferedEmitter {
    private let options: StyleOptions
    private let palette: ANSIPalette
    private var count = 0
    /// Messages in the inputs before the current one (`beginInput`): hyperlink ids number
    /// a message from there.
    private var inputBase = 0
    /// The bytes of the message being written, reused from message to message.
    var buffer: [UInt8] = []

    /// Creates the emitter.
    public init(options: StyleOptions) {
        self.options = options
        self.palette = ANSIPalette.of(options.theme)
    }

    public mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        emitThroughBuffer(message, into: sink)
    }

    public mutating func beginInput(numberedFrom first: Int) {
        inputBase = first
    }

    /// With no escape written (color, attributes and hyperlinks all off, as when standard
    /// output is a pipe or a file), what plain text shows: spoilers, pre blocks and quotes;
    /// else every style.
    public var styleScope: StyleScope {
        options.color || options.attributes || options.hyperlinks ? .all : .plainText
    }

    /// A copy for a worker thread: what it writes depends on the message and the input it
    /// is in alone (hyperlink ids number a message by its place among all inputs).
    public func makeWorkerCopy() -> ANSIEmitter? {
        var copy = ANSIEmitter(options: options)
        copy.inputBase = inputBase
        return copy
    }

    /// Appends the message's lines (media first); its hyperlink ids number it by its place
    /// among the messages of all inputs (`inputBase` + `index` + 1), so they are unique in
    /// the output whichever thread writes it.
    public func prepare(_ message: RenderedMessage, into out: inout [UInt8]) {
        prepare(message, into: &out) { _ in }
    }

    /// `prepare(_:into:)`, handing `out` to `drain` after each stretch of a long message.
    public func prepare(_ message: RenderedMessage, into out: inout [UInt8], drain: (inout [UInt8]) -> Void) {
        for line in message.mediaLines {
            write(line, links: nil, placeholder: true, into: &out)
        }
        let links = options.hyperlinks ? ANSIHyperlink(message.styled, messageNumber: inputBase + message.index + 1) : nil
        // A long message, a stretch of lines at a time (`LayoutPieces`).
        message.pieces?.layOutEach { layout in
            for line in layout.lines { write(line, links: links, into: &out) }
            drain(&out)
        }
        if let constraints = message.deferredLayout {
            // Laid out here, each line written as it is planned (`ANSILineSink`).
            var sink = ANSILineSink(emitter: self, links: links)
            swap(&sink.out, &out)
            TextLayouter.layout(message.styled, constraints, into: &sink)
            swap(&sink.out, &out)
        }
        guard let layout = message.layout else { return }
        for line in layout.lines {
            write(line, links: links, into: &out)
        }
    }

    /// Writes a blank line before every message but the first, then `prepared`.
    public mutating func emit(prepared: UnsafeBufferPointer<UInt8>, into sink: OutputSink) {
        if count > 0 { sink.write(CollectionOfOne(0x0A)) }
        count += 1
        sink.write(prepared)
    }

    /// Appends lines laid out outside a message's layout (a transcript's headers, quotes and
    /// boxes around body fragments), drawn as `emit` draws the lines of an output's first
    /// message; `styled` is the text that the body fragments among them come from, for
    /// their link spans.
    func append(_ lines: some Sequence<LayoutLine>, styled: StyledText?, into out: inout [UInt8]) {
        let links = options.hyperlinks ? styled.map { ANSIHyperlink($0, messageNumber: 1) } : nil
        for line in lines {
            write(line, links: links, into: &out)
        }
    }

    /// Appends one line and its newline, leaving the terminal plain at the end. The lines
    /// of a media `placeholder` are drawn dim and italic, whatever their fragments' style.
    func write(_ line: LayoutLine, links: ANSIHyperlink?, placeholder: Bool = false, into out: inout [UInt8]) {
        appendBlanks(line.x, into: &out)
        var pen = Pen()
        // Read in place: a fragment copy would retain every string it holds.
        line.fragments.withUnsafeBufferPointer { fragments in
            for k in fragments.indices {
                draw(
                    x: fragments[k].x, width: fragments[k].width, start: fragments[k].start, role: fragments[k].role,
                    attributes: fragments[k].style.attributes, linked: fragments[k].style.link != nil, links: links,
                    placeholder: placeholder, safe: false, pen: &pen, into: &out, appendDisplay: { fragments[k].appendDisplay(to: &$0) },
                    display: { fragments[k].display })
            }
        }
        finish(&pen, into: &out)
    }

    /// What the writing of a line has left open: the SGR state, the hyperlink, and where
    /// the last fragment ended.
    struct Pen {
        var state = ANSIAttributes.plain
        var openLink: Int? = nil
        var previousEnd: Int? = nil
    }

    /// Draws one fragment of a line (at column `x`, `width` cells, showing the message from
    /// UTF-16 offset `start`, in a style of `attributes`, `linked` when it has a link): the
    /// escapes from `pen`'s state to its own, then its display (`appendDisplay`, checked for
    /// unsafe scalars unless it is `safe`; `display` is asked only when there are some) or
    /// its spoiler mask.
    @inline(__always)
    func draw(
        x: Int, width: Int, start: Int, role: FragmentRole, attributes style: StyleAttributes, linked: Bool,
        links: ANSIHyperlink?, placeholder: Bool, safe: Bool, pen: inout Pen, into out: inout [UInt8],
        appendDisplay: (inout [UInt8]) -> Void, display: () -> String
    ) {
        if let end = pen.previousEnd, x > end {
            // A gap between fragments (justified text) is drawn unstyled.
            if pen.openLink != nil {
                ANSIHyperlink.close(into: &out)
                pen.openLink = nil
            }
            pen.state.transition(to: .plain, into: &out)
            pen.state = .plain
            appendBlanks(x - end, into: &out)
        }
        pen.previousEnd = x + width
        let masked = role == .text && options.spoilers == .hide && style.contains(.spoiler)
        let link = masked || role != .text || !linked ? nil : links?.span(at: start)
        if link != pen.openLink {
            if pen.openLink != nil { ANSIHyperlink.close(into: &out) }
            if let link { links?.open(link, into: &out) }
            pen.openLink = link
        }
        let target = placeholder ? placeholderAttributes : attributes(role: role, style: style, masked: masked)
        pen.state.transition(to: target, into: &out)
        pen.state = target
        if masked {
            SpoilerMask.appendCells(width, to: &out)
        } else if safe {
            appendDisplay(&out)
        } else {
            // The display's bytes as they are when no scalar is unsafe (the usual case,
            // found by a byte scan), else as `DisplaySafety.sanitize` spells it.
            let mark = out.count
            appendDisplay(&out)
            if out.withUnsafeBufferPointer({ DisplaySafety.mayHoldUnsafe($0, from: mark) }) {
                out.removeSubrange(mark...)
                out.append(utf8: DisplaySafety.sanitize(display()))
            }
        }
    }

    /// Ends a line: closes the link and the attributes `pen` left open, then the newline.
    func finish(_ pen: inout Pen, into out: inout [UInt8]) {
        if pen.openLink != nil { ANSIHyperlink.close(into: &out) }
        pen.state.transition(to: .plain, into: &out)
        out.append(0x0A)
    }

    /// The SGR state of a media placeholder: dim italics (plain when SGR is off).
    private var placeholderAttributes: ANSIAttributes {
        var a = ANSIAttributes()
        guard options.color || options.attributes else { return a }
        a.dim = true
        a.italic = true
        return a
    }

    /// The SGR state a fragment of `role` and `style` is drawn in (plain when SGR is off).
    private func attributes(role: FragmentRole, style: StyleAttributes, masked: Bool) -> ANSIAttributes {
        var a = ANSIAttributes()
        guard options.color || options.attributes else { return a }
        switch role {
        case .quoteBar:
            a.dim = true
            if options.color { a.foreground = palette.quoteBar }
            return a
        case .title, .ellipsis:
            a.dim = true
            return a
        case .text, .tab:
            break
        }
        if masked {
            a.dim = true
            return a
        }
        a.bold = style.contains(.bold)
        a.italic = style.contains(.italic)
        a.underline = style.contains(.underline)
        a.strikethrough = style.contains(.strikethrough)
        // A revealed spoiler stays recognisable: drawn dim.
        a.dim = style.contains(.spoiler)
        if options.color { a.foreground = palette.foreground(for: style) }
        return a
    }

    func appendBlanks(_ n: Int, into out: inout [UInt8]) {
        guard n > 0 else { return }
        out.append(contentsOf: repeatElement(0x20, count: n))
    }
}
