/// Colours the changed words of an edited message in ANSI output. The transcript writer
/// draws the message twice, once with the changed words struck through (removed) or
/// underlined (inserted) and once without; the two drawings hold the same text, so the
/// characters whose attribute only the marked drawing has are the changed words, and they
/// are drawn red or green as well. Text the message itself strikes through or underlines
/// keeps its own colour.
///
/// Lines are read as the ANSI emitter writes them: SGR sequences (`ESC [ … m`), OSC 8
/// hyperlinks (`ESC ] … ESC \`, copied as they are) and text. The SGR state is tracked and
/// written again, with the colour, through `ANSIAttributes.transition`.
enum DiffColoring {
    /// The SGR foreground of a side: red for removed words, green for inserted ones;
    /// bright variants on a dark theme, as `ANSIPalette` does.
    static func foreground(_ side: DiffMarks.Side, theme: Theme) -> UInt8 {
        let base: UInt8 = side == .removed ? 31 : 32
        return theme == .dark ? base + 60 : base
    }

    /// The marked drawing of one line (no newline) with its changed words coloured, or nil
    /// when the two drawings do not hold the same text.
    static func recolor(marked: [UInt8], plain: [UInt8], side: DiffMarks.Side, theme: Theme) -> [UInt8]? {
        let color = foreground(side, theme: theme)
        var unmarkedStates: [ANSIAttributes] = []
        var unmarkedText: [UInt8] = []
        scan(plain) { byte, state in
            unmarkedText.append(byte)
            unmarkedStates.append(state)
        }
        var out: [UInt8] = []
        out.reserveCapacity(marked.count + 16)
        var written = ANSIAttributes.plain
        var k = 0
        var matches = true
        scan(
            marked, copy: { out.append(contentsOf: $0) },
            text: { byte, state in
                guard matches, k < unmarkedText.count, unmarkedText[k] == byte else {
                    matches = false
                    return
                }
                let before = unmarkedStates[k]
                k += 1
                var target = state
                let changed = side == .removed ? state.strikethrough && !before.strikethrough : state.underline && !before.underline
                if changed { target.foreground = color }
                written.transition(to: target, into: &out)
                written = target
                out.append(byte)
            })
        written.transition(to: .plain, into: &out)
        return matches && k == unmarkedText.count ? out : nil
    }

    /// Calls `text` for every byte of text in `line` with the SGR state it is drawn in, and
    /// `copy` with every OSC sequence.
    private static func scan(_ line: [UInt8], copy: ([UInt8]) -> Void = { _ in }, text: (UInt8, ANSIAttributes) -> Void) {
        var state = ANSIAttributes.plain
        var i = 0
        let n = line.count
        while i < n {
            if line[i] == 0x1B, i + 1 < n, line[i + 1] == UInt8(ascii: "[") {
                var j = i + 2
                while j < n, line[j] != UInt8(ascii: "m"), j - i < 64 { j += 1 }
                if j < n, line[j] == UInt8(ascii: "m") {
                    apply(line[(i + 2)..<j], to: &state)
                    i = j + 1
                    continue
                }
            }
            if line[i] == 0x1B, i + 1 < n, line[i + 1] == UInt8(ascii: "]") {
                var j = i + 2
                while j + 1 < n, !(line[j] == 0x1B && line[j + 1] == UInt8(ascii: "\\")) { j += 1 }
                let end = min(n, j + 2)
                copy(Array(line[i..<end]))
                i = end
                continue
            }
            text(line[i], state)
            i += 1
        }
    }

    /// Applies the parameters of one SGR sequence (those the ANSI emitter writes).
    private static func apply(_ parameters: ArraySlice<UInt8>, to state: inout ANSIAttributes) {
        let codes = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { digits in
            digits.reduce(0) { min(1000, $0 * 10 + (Int($1) - 48)) }
        }
        for code in codes {
            switch code {
            case 0: state = .plain
            case 1: state.bold = true
            case 2: state.dim = true
            case 3: state.italic = true
            case 4: state.underline = true
            case 7: state.reverse = true
            case 9: state.strikethrough = true
            case 22: state.bold = false; state.dim = false
            case 23: state.italic = false
            case 24: state.underline = false
            case 27: state.reverse = false
            case 29: state.strikethrough = false
            case 30...37, 90...97: state.foreground = UInt8(code)
            case 39: state.foreground = nil
            default: break
            }
        }
    }
}
