internal import CICU

/// Reading the generated table: one property word per code point.
///
/// A word holds the UAX #14 line-break class in bits 0–5 and the UAX #29 grapheme-break
/// property in bits 6–10 (both numbered as ICU's enums), whether the East Asian width is
/// F, W or H in bit 11 (rule LB30), the `ScalarFlags` bits from bit 12, in bit 22 whether
/// the code point is an unassigned Extended_Pictographic one (rule LB30b) and in bit 23
/// whether it is a virama (Indic_Syllabic_Category Virama or Invisible_Stacker: ICU 72
/// keeps consonant–virama–consonant conjuncts in one cluster, which the fused pass leaves
/// to ICU). Bits 24 and 25 are derived when the words are first read (`plainLetterBit`,
/// `plainIdeographBit`). Bits 26–30 hold the Bidi_Class (numbered as ICU's
/// UCharDirection) and bit 31 is set on a paired bracket: what CICU's bidi pass reads.
extension CodePointTable {
    /// The stages, shared by all threads: stage 1 and 2 as CICU holds them, the words
    /// copied once with `plainLetterBit` and `plainIdeographBit` derived.
    final class Stages: @unchecked Sendable {
        /// Keeps the pointers below off the cache line of the instance's reference count,
        /// which each thread segmenting text writes once a text: sharing that line, every
        /// table read after another core's count took it from this core.
        private let padding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        let stage1: UnsafePointer<UInt16>
        let stage2: UnsafePointer<UInt8>
        let words: UnsafePointer<UInt32>
        /// The words of U+0000–U+00FF, read with one load instead of three.
        let latin1: UnsafePointer<UInt32>

        init() {
            stage1 = msgfmt_code_point_stage1()
            stage2 = msgfmt_code_point_stage2()
            let generated = msgfmt_code_point_words()!
            let words = UnsafeMutablePointer<UInt32>.allocate(capacity: CodePointTable.counts.words)
            for k in 0..<CodePointTable.counts.words {
                let word = generated[k]
                words[k] = word | CodePointTable.derivedBits(word)
            }
            self.words = UnsafePointer(words)
            let latin1 = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
            for v in 0..<256 { (latin1 + v).initialize(to: Self.staged(UInt32(v), stage1, stage2, self.words)) }
            self.latin1 = UnsafePointer(latin1)
        }

        /// The word of `value` read through the three stages.
        @inline(__always)
        func stagedWord(_ value: UInt32) -> UInt32 { Self.staged(value, stage1, stage2, words) }

        /// The word of `value` in the stages given (what `stagedWord` reads, usable while
        /// the stages are being set up).
        @inline(__always)
        private static func staged(
            _ value: UInt32, _ stage1: UnsafePointer<UInt16>, _ stage2: UnsafePointer<UInt8>, _ words: UnsafePointer<UInt32>
        ) -> UInt32 {
            let v = Int(min(value, 0x10FFFF))
            let shift = CodePointTable.blockShift
            let block = Int(stage1[v &>> shift])
            return words[Int(stage2[block &<< shift | (v & (1 << shift - 1))])]
        }
    }

    /// Bit 24, set when the words are copied (the generated table leaves it clear): a
    /// letter of line-break class AL or HL (AI, SG and XX resolve to AL) that is grapheme
    /// property Other, one cell wide and no emoji, pictograph, regional indicator,
    /// East Asian wide character or virama. Between two of them neither UAX #29 nor
    /// UAX #14 looks further: a cluster boundary and no line break (LB28), which is
    /// `FusedSegmenter`'s fast path.
    static let plainLetterBit: UInt32 = 1 << 24
    /// Bit 25, derived like bit 24: an ideograph of line-break class ID, grapheme property
    /// Other, East Asian wide and two cells, no emoji or pictograph. Next to another plain
    /// letter or ideograph: a cluster boundary and a line-break opportunity (LB31).
    static let plainIdeographBit: UInt32 = 1 << 25

    /// The derived bits of a generated `word`: `plainLetterBit`, `plainIdeographBit` or none.
    static func derivedBits(_ word: UInt32) -> UInt32 {
        let lineClass = LineBreakClass(word: word).resolved
        guard (word >> 6) & 0x1F == 0, word & (1 << 22 | 1 << 23) == 0 else { return 0 }
        let flags = ScalarFlags(rawValue: (word >> 12) & 0x3FF)
        let emojiLike: ScalarFlags = [.emojiPresentation, .extendedPictographic, .regionalIndicator, .emoji]
        guard flags.isDisjoint(with: emojiLike.union([.zeroWidth, .control])) else { return 0 }
        let eastAsianWide = word & 1 << 11 != 0
        if lineClass == .al || lineClass == .hl, !eastAsianWide, !flags.contains(.wide) { return plainLetterBit }
        if lineClass == .id, eastAsianWide, flags.contains(.wide) { return plainIdeographBit }
        return 0
    }

    /// The stages, made on first use.
    static let stages = Stages()

    /// The property word of `value` (values above U+10FFFF read as U+10FFFF, a noncharacter).
    @inline(__always)
    static func word(_ value: UInt32, _ stages: Stages) -> UInt32 {
        value < 0x100 ? stages.latin1[Int(value)] : stages.stagedWord(value)
    }

    /// The property word of `value`.
    static func word(_ value: UInt32) -> UInt32 { word(value, stages) }
}
