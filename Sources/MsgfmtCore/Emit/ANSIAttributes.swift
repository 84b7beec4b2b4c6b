/// The SGR state of a terminal between two pieces of output: the text attributes and the
/// foreground color that are switched on.
///
/// `ANSIEmitter` keeps one of these for what it last wrote and asks `transition(to:into:)`
/// for the shortest sequence that reaches the next fragment's state.
public struct ANSIAttributes: Sendable, Hashable {
    /// The attributes as bits (`boldBit` … `strikethroughBit`, `foregroundBit` when a
    /// foreground is set) and the foreground code in the high byte: one register to pass
    /// and one comparison to tell two states apart (the emitter does both per fragment).
    private var bits: UInt16 = 0

    private static let boldBit: UInt16 = 1, dimBit: UInt16 = 2, italicBit: UInt16 = 4, underlineBit: UInt16 = 8
    private static let reverseBit: UInt16 = 16, strikethroughBit: UInt16 = 32, foregroundBit: UInt16 = 64

    @inline(__always)
    private func has(_ bit: UInt16) -> Bool { bits & bit != 0 }

    @inline(__always)
    private mutating func set(_ bit: UInt16, _ on: Bool) {
        bits = on ? bits | bit : bits & ~bit
    }

    public var bold: Bool {
        get { has(Self.boldBit) }
        set { set(Self.boldBit, newValue) }
    }
    public var dim: Bool {
        get { has(Self.dimBit) }
        set { set(Self.dimBit, newValue) }
    }
    public var italic: Bool {
        get { has(Self.italicBit) }
        set { set(Self.italicBit, newValue) }
    }
    public var underline: Bool {
        get { has(Self.underlineBit) }
        set { set(Self.underlineBit, newValue) }
    }
    public var reverse: Bool {
        get { has(Self.reverseBit) }
        set { set(Self.reverseBit, newValue) }
    }
    public var strikethrough: Bool {
        get { has(Self.strikethroughBit) }
        set { set(Self.strikethroughBit, newValue) }
    }
    /// A 16-color foreground SGR code (30–37 or 90–97), or nil for the default color.
    public var foreground: UInt8? {
        get { has(Self.foregroundBit) ? UInt8(truncatingIfNeeded: bits >> 8) : nil }
        set {
            bits = bits & 0x00FF & ~Self.foregroundBit
            if let newValue { bits |= Self.foregroundBit | UInt16(newValue) << 8 }
        }
    }

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
