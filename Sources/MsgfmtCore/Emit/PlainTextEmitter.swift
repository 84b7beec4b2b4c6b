/// `--to text`: the laid-out lines as plain text, no escapes, one blank line between
/// messages. Spoilers are masked with `░`, one per cell, unless revealed, so the layout
/// does not move when they are shown.
public struct PlainTextEmitter: MessageEmitter {
    private var count = 0
    private let options: StyleOptions

    /// Creates the emitter.
    public init(options: StyleOptions) {
        self.options = options
    }

    public mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {
        if count > 0 { sink.write("\n") }
        count += 1
        guard let layout = message.layout else { return }
        for line in layout.lines {
            sink.write(Self.text(of: line, spoilers: options.spoilers))
            sink.write("\n")
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
