internal import CICU

/// The Unicode properties msgfmt needs of one scalar, read from ICU.
public struct ScalarFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// East Asian Wide or Fullwidth.
    public static let wide = ScalarFlags(rawValue: 1 << 0)
    /// Emoji_Presentation: drawn as an emoji by default.
    public static let emojiPresentation = ScalarFlags(rawValue: 1 << 1)
    /// Extended_Pictographic: may start an emoji ZWJ sequence.
    public static let extendedPictographic = ScalarFlags(rawValue: 1 << 2)
    /// Takes no cell: controls, non-spacing/enclosing marks, format characters,
    /// default ignorables, Hangul medial and final jamo.
    public static let zeroWidth = ScalarFlags(rawValue: 1 << 3)
    /// Regional indicator (half of a flag).
    public static let regionalIndicator = ScalarFlags(rawValue: 1 << 4)
    /// Emoji=Yes: becomes an emoji when followed by VS16.
    public static let emoji = ScalarFlags(rawValue: 1 << 5)
    /// Strong right-to-left, or an RTL embedding, override or isolate.
    public static let strongRTL = ScalarFlags(rawValue: 1 << 7)
    /// General category Cc.
    public static let control = ScalarFlags(rawValue: 1 << 8)
    /// Grapheme_Cluster_Break Other, Control or LF (not CR), not Extended_Pictographic:
    /// a grapheme cluster boundary always falls between two such scalars.
    public static let graphemeAlone = ScalarFlags(rawValue: 1 << 9)
    /// Part of a word for search (`FoldedText`): Alphabetic, a number or a mark.
    public static let word = ScalarFlags(rawValue: 1 << 10)

    /// The flags of `scalar`. ASCII is answered from a table; the rest from ICU.
    @inline(__always)
    public static func of(_ scalar: Unicode.Scalar) -> ScalarFlags {
        let value = scalar.value
        if value < 0x80 {
            if value == 0x0D { return [.control, .zeroWidth] }
            return (value < 0x20 || value == 0x7F) ? [.control, .zeroWidth, .graphemeAlone] : asciiPrintable(value)
        }
        return ScalarFlags(rawValue: msgfmt_icu_scalar_flags(value))
    }

    @inline(__always)
    private static func asciiPrintable(_ value: UInt32) -> ScalarFlags {
        // '#', '*' and digits are Emoji=Yes (keycap bases); letters and digits make words.
        switch value {
        case 0x30...0x39: return [.emoji, .graphemeAlone, .word]
        case 0x23, 0x2A: return [.emoji, .graphemeAlone]
        case 0x41...0x5A, 0x61...0x7A: return [.graphemeAlone, .word]
        default: return .graphemeAlone
        }
    }
}
