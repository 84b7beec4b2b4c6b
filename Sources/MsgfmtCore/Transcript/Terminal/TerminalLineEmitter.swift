/// Draws a terminal transcript's composed lines with the shared emitter of its format:
/// the plain-text emitter for `--to text`, the ANSI emitter otherwise. Made once per
/// drawing thread from the render options.
struct TerminalLineEmitter {
    private enum Emitter {
        case ansi(ANSIEmitter)
        case text(PlainTextEmitter)
    }

    private let emitter: Emitter
    /// Whether lines that link somewhere as a whole (media files) become OSC 8 hyperlinks.
    private let hyperlinks: Bool

    /// The emitter `options` ask for.
    init(options: RenderOptions) {
        emitter = options.to == .text ? .text(PlainTextEmitter(options: options.style)) : .ansi(ANSIEmitter(options: options.style))
        hyperlinks = options.to != .text && options.style.hyperlinks
    }

    /// Appends `lines` as the emitter draws a message's laid-out lines. Decoration fragments
    /// have empty source ranges and no links; `body` is the styled text of the message whose
    /// laid-out fragments are among the lines, for the link spans they point into.
    func append(_ lines: [TranscriptLine], body: StyledText?, into out: inout [UInt8]) {
        // Each line read in place (enumerating the lines would copy every one).
        let laid = lines.indices.lazy.map { lines[$0].line(y: $0) }
        switch emitter {
        case .ansi(let ansi):
            let linked = hyperlinks && lines.contains(where: { $0.link != nil })
            guard linked || lines.contains(where: { $0.image != nil }) else { return ansi.append(laid, styled: body, into: &out) }
            var pictures: [(first: Int, last: Int, line: TranscriptLine)] = []
            for (y, line) in lines.enumerated() {
                if hyperlinks, let link = line.link {
                    Self.appendLinked(link, into: &out) { ansi.append(CollectionOfOne(line.line(y: y)), styled: body, into: &$0) }
                } else {
                    ansi.append(CollectionOfOne(line.line(y: y)), styled: body, into: &out)
                }
                if let image = line.image { pictures.append((y, min(lines.count - 1, y + image.rows - 1), line)) }
                for picture in pictures where picture.last == y {
                    Self.appendPicture(picture.line, rowsUp: y - picture.first + 1, into: &out)
                }
            }
        case .text(let text): text.append(laid, into: &out)
        }
    }

    /// Appends a picture over the `rowsUp` lines just drawn (left blank for it): the cursor
    /// is saved, moved up to the first of them and to the picture's column, and restored
    /// once the picture is drawn, so the text goes on below it whatever the protocol does
    /// with the cursor.
    private static func appendPicture(_ line: TranscriptLine, rowsUp: Int, into out: inout [UInt8]) {
        guard let image = line.image else { return }
        if out.last != 0x0A { out.append(0x0A) }
        out.append(contentsOf: "\u{1B}7\u{1B}[\(rowsUp)A\u{1B}[\(line.imageColumn + 1)G".utf8)
        out.append(contentsOf: image.bytes)
        out.append(contentsOf: "\u{1B}8".utf8)
    }

    /// Appends what `draw` writes (one line and its newline) inside an OSC 8 hyperlink to
    /// `uri` (percent-encoded, so it holds no control character), closed before the newline.
    private static func appendLinked(_ uri: String, into out: inout [UInt8], draw: (inout [UInt8]) -> Void) {
        out.append(contentsOf: "\u{1B}]8;;\(uri)\u{1B}\\".utf8)
        draw(&out)
        let newline = out.last == 0x0A
        if newline { out.removeLast() }
        out.append(contentsOf: "\u{1B}]8;;\u{1B}\\".utf8)
        if newline { out.append(0x0A) }
    }
}
