/// Where the first `n` characters of a UTF-8 text end, found without Swift's character
/// machinery wherever the scalars on both sides of a position settle it: most previews
/// are cut inside long lines of letters, ideographs and emoji.
///
/// Three kinds of scalar are told apart, all from ranges whose grapheme properties are
/// the same in every Unicode version Swift and ICU ship:
/// - *plain*: letters, digits, punctuation and symbols of ASCII, Latin, Greek, Cyrillic,
///   Hebrew and Arabic letters, general punctuation, CJK, kana, Hangul syllables, full-width
///   forms, and the common emoji blocks: all Grapheme_Cluster_Break Other (the soft hyphen,
///   a Control after which even a mark stands alone, is left out).
/// - *extending*: combining diacritical marks, Arabic vowel signs, variation selectors and
///   emoji modifiers (Extend), and the zero width joiner (ZWJ). Nothing breaks before one
///   (GB9).
/// - anything else.
///
/// Between a plain or extending scalar and a plain one there is a boundary (GB999: no rule
/// joins them; GB11 needs a joiner before, GB9c an Indic consonant, GB12/13 regional
/// indicators), except after a joiner, whose next boundary depends on what came before
/// it. Before an extending scalar there is none. At any other pair the walk stops at the
/// last boundary it knows, and Swift's characters take the text past that pair; the walk
/// then goes on from a boundary again (no grapheme rule looks back across one).
enum CharacterCut {
    /// What the walk found.
    enum Found: Equatable {
        /// The text has no more than `n` characters.
        case whole
        /// The first `n` characters end at this byte offset.
        case end(Int)
        /// The walk stopped at the scalar at byte offset `stop`: the last boundary it
        /// knows is at `boundary`, with `before` characters (fewer than `n`) since `start`.
        case handOver(boundary: Int, before: Int, stop: Int)
    }

    /// How `scalar` takes part in the walk.
    private enum Kind { case plain, extending, joiner, other }

    /// The first `n` (at least 1) characters of the valid UTF-8 `bytes` from the boundary
    /// at byte offset `start`.
    static func find(in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, characters n: Int) -> Found {
        guard let p = bytes.baseAddress, start < bytes.count else { return .whole }
        let end = bytes.count
        var characters = 0  // characters that end at or before `lastBoundary`
        var lastBoundary = start
        var previous = Kind.other
        var i = start
        while i < end {
            let (value, length) = decode(p, i)
            let kind = Self.kind(of: value)
            switch kind {
            case .plain where i == start:
                break
            case .plain where previous == .plain || previous == .extending:
                // A boundary at i: the character before it is complete.
                characters &+= 1
                if characters == n { return .end(i) }
                lastBoundary = i
            case .extending, .joiner:
                // Nothing breaks before it, unless at the start (after a control).
                if i == start { return .handOver(boundary: start, before: 0, stop: i) }
            default:
                return .handOver(boundary: lastBoundary, before: characters, stop: i)
            }
            previous = kind
            i &+= length
        }
        // The last character ends with the text: `characters` stayed below `n`.
        return .whole
    }

    /// The scalar at `p[i]` of valid UTF-8, and its length in bytes.
    @inline(__always)
    private static func decode(_ p: UnsafePointer<UInt8>, _ i: Int) -> (UInt32, Int) {
        let b0 = UInt32(p[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(p[i &+ 1]) & 0x3F, 2) }
        if b0 < 0xF0 { return ((b0 & 0x0F) << 12 | (UInt32(p[i &+ 1]) & 0x3F) << 6 | UInt32(p[i &+ 2]) & 0x3F, 3) }
        let value = (b0 & 0x07) << 18 | (UInt32(p[i &+ 1]) & 0x3F) << 12 | (UInt32(p[i &+ 2]) & 0x3F) << 6 | UInt32(p[i &+ 3]) & 0x3F
        return (value, 4)
    }

    /// The walk's kind of the scalar `v` (see the type's summary).
    @inline(__always)
    private static func kind(of v: UInt32) -> Kind {
        switch v {
        case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x370...0x482, 0x48A...0x52F, 0x5D0...0x5EA, 0x620...0x64A, 0x660...0x66F,
            0x671...0x6D3, 0x2010...0x2027, 0x2030...0x205E, 0x2600...0x27BF,
            0x3000...0x3029, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF5E:
            return .plain
        case 0x300...0x36F, 0x64B...0x65F, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF:
            return .extending
        case 0x1F300...0x1F5FF, 0x1F600...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF:
            return .plain
        case 0x200D:
            return .joiner
        default:
            return .other
        }
    }
}
