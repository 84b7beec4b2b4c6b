/// Draws a terminal transcript's composed lines with the shared emitter of its format:
/// the plain-text emitter for `--to text`, the ANSI emitter otherwise. Made once per
/// drawing thread from the render options.
struct TerminalLineEmitter {
    private enum Emitter {
        case ansi(ANSIEmitter)
        case text(PlainTextEmitter)
    }

    private let emitter: Emitter

    /// The emitter `options` ask for.
    init(options: RenderOptions) {
        emitter = options.to == .text ? .text(PlainTextEmitter(options: options.style)) : .ansi(ANSIEmitter(options: options.style))
    }

    /// Appends `lines` as the emitter draws a message's laid-out lines. Decoration fragments
    /// have empty source ranges and no links; `body` is the styled text of the message whose
    /// laid-out fragments are among the lines, for the link spans they point into.
    func append(_ lines: [TranscriptLine], body: StyledText?, into out: inout [UInt8]) {
        let laid = lines.lazy.enumerated().map { $0.element.line(y: $0.offset) }
        switch emitter {
        case .ansi(let ansi): ansi.append(laid, styled: body, into: &out)
        case .text(let text): text.append(laid, into: &out)
        }
    }
}
