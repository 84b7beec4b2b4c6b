/// The SGR state of a terminal between two pieces of output: the text attributes and the
/// foreground color that are switched on.
///
/// `ANSIEmitter` keeps one of these for what it last wrote and asks `transition(to:into:)`
/// for the shortest sequence that reaches the next fragment's state.
public struct ANSIAttributes: Sendable, Hashable {
    public var bold = false
    public var dim = false
    public var italic = false
    public var underline = false
    public var reverse = false
    public var strikethrough = false
    /// A 16-color foreground SGR code (30–37 or 90–97), or nil for the default color.
    public var foreground: UInt8?

    /// Creates a state with everything off.
    public init() {}

    /// Nothing switched on: what the terminal is in at the start and end of every line.
    public static let plain = ANSIAttributes()

    /// True when nothing is switched on.
    public var isPlain: Bool { self == .plain }

    /// Appends to `out` the SGR sequence that changes the terminal from `self` to
    /// `target`; appends nothing when they are equal. Going back to plain is one `ESC[0m`.
    public func transition(to target: ANSIAttributes, into out: inout String) {
        if self == target { return }
        if target.isPlain {
            out += "\u{1B}[0m"
            return
        }
        var codes = SGRCodes()
        // 22 switches off both bold and dim, so whichever should stay is switched on again.
        if (bold && !target.bold) || (dim && !target.dim) {
            codes.add(22)
            if target.bold { codes.add(1) }
            if target.dim { codes.add(2) }
        } else {
            if target.bold && !bold { codes.add(1) }
            if target.dim && !dim { codes.add(2) }
        }
        if italic != target.italic { codes.add(target.italic ? 3 : 23) }
        if underline != target.underline { codes.add(target.underline ? 4 : 24) }
        if reverse != target.reverse { codes.add(target.reverse ? 7 : 27) }
        if strikethrough != target.strikethrough { codes.add(target.strikethrough ? 9 : 29) }
        if foreground != target.foreground { codes.add(target.foreground ?? 39) }
        out += "\u{1B}["
        out += codes.text
        out += "m"
    }
}

/// A `;`-separated list of SGR parameters, built without intermediate arrays.
private struct SGRCodes {
    var text = ""

    mutating func add(_ code: UInt8) {
        if !text.isEmpty { text += ";" }
        text += String(code)
    }
}
