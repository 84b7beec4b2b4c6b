/// `--to text`: the laid-out lines as plain text, no escapes, one blank line between
/// messages. Spoilers are masked with `░`, one per cell, unless revealed, so the layout
/// does not move when they are shown. A media placeholder (`[Photo 90×90]`) comes first.
/// A message whose layout `render` left to it (`deferredLayout`) is laid out here line by
/// line (`PlainTextLineSink`).
public struct PlainTextEmitter: ParallelEmitter, BufferedEmitter {
    private var count = 0
    private let options: StyleOptions
    /// The bytes of the message being written, reused from message to message.
    var buffer: [UInt8] = []

    /// Creates the emitter.
    public init(options: StyleOptions) {
        self.options = options
    }

    public mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        emitThroughBuffer(message, into: sink)
    }

    /// Plain text: spoilers, pre blocks and quotes, nothing of the other styles.
    public var styleScope: StyleScope { .plainText }

    /// A copy for a worker thread.
    public func makeWorkerCopy() -> PlainTextEmitter? {
        PlainTextEmitter(options: options)
    }

    /// Appends the message's lines, media first.
    public func prepare(_ message: RenderedMessage, into out: inout [UInt8]) {
        prepare(message, into: &out) { _ in }
    }

    /// `prepare(_:into:)`, handing `out` to `drain` after each stretch of a long message.
    public func prepare(_ message: RenderedMessage, into out: inout [UInt8], drain: (inout [UInt8]) -> Void) {
        for line in message.mediaLines {
            Self.append(line, spoilers: options.spoilers, into: &out)
            out.append(0x0A)
        }
        // The lines read in place (a copy of each would retain its fragments).
        func appendLines(of layout: TextLayout) {
            layout.lines.withUnsafeBufferPointer { lines in
                for k in lines.indices {
                    Self.append(lines[k], spoilers: options.spoilers, into: &out)
                    out.append(0x0A)
                }
            }
        }
        message.pieces?.layOutEach {
            appendLines(of: $0)
            drain(&out)
        }
        if let constraints = message.deferredLayout {
            // Laid out here, each line written as it is planned (`PlainTextLineSink`).
            var sink = PlainTextLineSink(spoilers: options.spoilers)
            swap(&sink.out, &out)
            TextLayouter.layout(message.styled, constraints, into: &sink)
            swap(&sink.out, &out)
        }
        if let layout = message.layout { appendLines(of: layout) }
    }

    /// Writes a blank line before every message but the first, then `prepared`.
    public mutating func emit(prepared: UnsafeBufferPointer<UInt8>, into sink: OutputSink) {
        if count > 0 { sink.write(CollectionOfOne(0x0A)) }
        count += 1
        sink.write(prepared)
    }

    /// Appends lines laid out outside a message's layout (a transcript's), each drawn as
    /// `emit` draws a line.
    func append(_ lines: some Sequence<LayoutLine>, into out: inout [UInt8]) {
        for line in lines {
            Self.append(line, spoilers: options.spoilers, into: &out)
            out.append(0x0A)
        }
    }

    /// Appends `text(of:spoilers:)` as UTF-8.
    static func append(_ line: LayoutLine, spoilers: SpoilerMode, into out: inout [UInt8]) {
        if line.x > 0 { out.append(contentsOf: repeatElement(0x20, count: line.x)) }
        for k in line.fragments.indices {
            if spoilers == .hide, line.fragments[k].style.attributes.contains(.spoiler) {
                SpoilerMask.appendCells(line.fragments[k].width, to: &out)
            } else {
                line.fragments[k].appendDisplay(to: &out)
            }
        }
    }

    /// One line as plain text: `line.x` spaces, then each fragment's display (or its mask).
    public static func text(of line: LayoutLine, spoilers: SpoilerMode) -> String {
        var text = String(repeating: " ", count: line.x)
        for fragment in line.fragments {
            if spoilers == .hide, fragment.style.attributes.contains(.spoiler) {
                text += String(repeating: "\u{2591}", count: fragment.width)
            } else {
                text += fragment.display
            }
        }
        return text
    }
}
