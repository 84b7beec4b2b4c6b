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
        var bytes: [UInt8] = []
        transition(to: target, into: &bytes)
        if !bytes.isEmpty { out += String(decoding: bytes, as: UTF8.self) }
    }

    /// `transition(to:into:)` appending UTF-8 bytes, as `ANSIEmitter` writes.
    func transition(to target: ANSIAttributes, into out: inout [UInt8]) {
        if self == target { return }
        out.append(0x1B)
        out.append(0x5B)  // [
        if target.isPlain {
            out.append(0x30)
            out.append(0x6D)  // 0m
            return
        }
        var first = true
        @inline(__always) func add(_ code: UInt8) {
            if !first { out.append(0x3B) }  // ;
            first = false
            if code >= 10 { out.append(0x30 &+ code / 10) }
            out.append(0x30 &+ code % 10)
        }
        // 22 switches off both bold and dim, so whichever should stay is switched on again.
        if (bold && !target.bold) || (dim && !target.dim) {
            add(22)
            if target.bold { add(1) }
            if target.dim { add(2) }
        } else {
            if target.bold && !bold { add(1) }
            if target.dim && !dim { add(2) }
        }
        if italic != target.italic { add(target.italic ? 3 : 23) }
        if underline != target.underline { add(target.underline ? 4 : 24) }
        if reverse != target.reverse { add(target.reverse ? 7 : 27) }
        if strikethrough != target.strikethrough { add(target.strikethrough ? 9 : 29) }
        if foreground != target.foreground { add(target.foreground ?? 39) }
        out.append(0x6D)  // m
    }
}
