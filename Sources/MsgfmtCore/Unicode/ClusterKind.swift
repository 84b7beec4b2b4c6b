/// How layout treats a grapheme cluster: shown text, a space, a tab, a line end or an
/// unsafe control. `FusedSegmenter` tells it as it closes each cluster; the ICU path asks
/// `of(_:_:_:)`, and the two agree (`ClusterTableFusedPathTests`).
enum ClusterKind: UInt8 {
    /// Shown text.
    case text
    /// A breaking space: hangs at a line end.
    case space
    /// A tab: hangs at a line end, else expands to the next tab stop.
    case tab
    /// A line or paragraph separator (CR, LF, CR LF, VT, FF, NEL, LS, PS): ends a line.
    case newline
    /// An unsafe control character, shown as its `DisplaySafety` placeholder.
    case unsafe

    /// How the cluster `start..<end` of `units` is treated.
    @inline(__always)
    static func of(_ units: UnsafeBufferPointer<UInt16>, _ start: Int, _ end: Int) -> ClusterKind {
        let u = units[start]
        if end - start == 2, u == 0x0D, units[start + 1] == 0x0A { return .newline }
        guard end - start == 1 else { return .text }
        return ClusterKind(scalar: UInt32(u))
    }

    /// The kind of a cluster of the one code point `value`.
    @inline(__always)
    init(scalar value: UInt32) {
        switch value {
        case 0x20, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: self = .space
        case 0x09: self = .tab
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: self = .newline
        default: self = Self.isControl(value) ? .unsafe : .text
        }
    }

    /// True for a C0 or C1 control or a bidi embedding, override or isolate control: what
    /// terminal output shows as a placeholder (`DisplaySafety`), unless it is a tab or a
    /// line end, which have kinds of their own.
    @inline(__always)
    static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || (value >= 0x7F && value < 0xA0) || (value >= 0x202A && value <= 0x202E)
            || (value >= 0x2066 && value <= 0x2069)
    }

    /// False when a cluster beginning with `first` is certainly `.text` (`of` need not be
    /// asked): printable ASCII, and everything past the C1 controls outside the range of
    /// spaces and separators U+1680–U+3000.
    @inline(__always)
    static func mayNotBeText(_ first: UInt32) -> Bool {
        // Printable ASCII, most clusters, answered by the first test.
        if first &- 0x21 < 0x5E { return false }
        return first < 0x21 || (first >= 0x7F && first < 0xA0) || (first >= 0x1680 && first <= 0x3000)
    }
}
