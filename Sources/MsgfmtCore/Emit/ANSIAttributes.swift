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

    /// `transition(to:into:)` appending UTF-8 bytes, as `ANSIEmitter` writes: the
    /// sequence is written through a pointer into room for the longest one
    /// (`longestTransition`), with one capacity check.
    func transition(to target: ANSIAttributes, into out: inout [UInt8]) {
        if self == target { return }
        out.appendBytes(upTo: Self.longestTransition) { p in
            p[0] = 0x1B
            p[1] = 0x5B  // [
            if target.isPlain {
                p[2] = 0x30
                p[3] = 0x6D  // 0m
                return 4
            }
            var n = 2
            @inline(__always) func add(_ code: UInt8) {
                if n > 2 {
                    p[n] = 0x3B  // ;
                    n &+= 1
                }
                if code >= 10 {
                    p[n] = 0x30 &+ code / 10
                    n &+= 1
                }
                p[n] = 0x30 &+ code % 10
                n &+= 1
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
            p[n] = 0x6D  // m
            return n &+ 1
        }
    }

    /// The most bytes a transition writes: ESC, `[`, at most eight codes of at most two
    /// digits with a `;` between each two (`22;1;2;23;24;27;29;97`), and `m`.
    static let longestTransition = 2 + (8 * 2 + 7) + 1
}
