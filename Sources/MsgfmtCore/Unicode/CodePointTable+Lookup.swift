internal import CICU

/// Reading the generated table: one property word per code point.
///
/// A word holds the UAX #14 line-break class in bits 0–5 and the UAX #29 grapheme-break
/// property in bits 6–10 (both numbered as ICU's enums), whether the East Asian width is
/// F, W or H in bit 11 (rule LB30), the `ScalarFlags` bits from bit 12, in bit 22 whether
/// the code point is an unassigned Extended_Pictographic one (rule LB30b) and in bit 23
/// whether it is a virama (Indic_Syllabic_Category Virama or Invisible_Stacker: ICU 72
/// keeps consonant–virama–consonant conjuncts in one cluster, which the fused pass leaves
/// to ICU). Bit 24 is derived when the words are first read (`plainLetterBit`).
extension CodePointTable {
    /// The stages, shared by all threads: stage 1 and 2 as CICU holds them, the words
    /// copied once with `plainLetterBit` derived.
    final class Stages: @unchecked Sendable {
        let stage1: UnsafePointer<UInt16>
        let stage2: UnsafePointer<UInt8>
        let words: UnsafePointer<UInt32>

        init() {
            stage1 = msgfmt_code_point_stage1()
            stage2 = msgfmt_code_point_stage2()
            let generated = msgfmt_code_point_words()!
            let words = UnsafeMutablePointer<UInt32>.allocate(capacity: CodePointTable.counts.words)
            for k in 0..<CodePointTable.counts.words {
                let word = generated[k]
                words[k] = CodePointTable.isPlainLetter(word) ? word | CodePointTable.plainLetterBit : word
            }
            self.words = UnsafePointer(words)
        }
    }

    /// Bit 24, set when the words are copied (the generated table leaves it clear): a
    /// letter of line-break class AL or HL (AI, SG and XX resolve to AL) that is grapheme
    /// property Other, one cell wide and no emoji, pictograph, regional indicator,
    /// East Asian wide character or virama. Between two of them neither UAX #29 nor
    /// UAX #14 looks further: a cluster boundary and no line break (LB28), which is
    /// `FusedSegmenter`'s fast path.
    static let plainLetterBit: UInt32 = 1 << 24

    /// True when `word` (as generated) describes a plain letter (see `plainLetterBit`).
    static func isPlainLetter(_ word: UInt32) -> Bool {
        let lineClass = LineBreakClass(word: word).resolved
        guard lineClass == .al || lineClass == .hl, (word >> 6) & 0x1F == 0 else { return false }
        let flags: ScalarFlags = [
            .wide, .emojiPresentation, .extendedPictographic, .zeroWidth, .regionalIndicator, .emoji, .control,
        ]
        let excluded: UInt32 = 1 << 11 | flags.rawValue << 12 | 1 << 22 | 1 << 23
        return word & excluded == 0
    }

    /// The stages, decoded on first use.
    static let stages = Stages()

    /// The property word of `value` (values above U+10FFFF read as U+10FFFF, a noncharacter).
    @inline(__always)
    static func word(_ value: UInt32, _ stages: Stages) -> UInt32 {
        let v = Int(min(value, 0x10FFFF))
        let block = Int(stages.stage1[v &>> blockShift])
        let index = Int(stages.stage2[block &<< blockShift | (v & (1 << blockShift - 1))])
        return stages.words[index]
    }

    /// The property word of `value`.
    static func word(_ value: UInt32) -> UInt32 { word(value, stages) }
}
