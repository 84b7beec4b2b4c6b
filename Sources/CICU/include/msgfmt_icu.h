/// Plain C entry points over the system ICU (libicuuc), used by MsgfmtCore.
///
/// This header deliberately includes no ICU header: Swift 6's Foundation ships its own
/// ICU module whose C types clash with the system's, so Swift sees only these functions,
/// written with standard integer types. Text is always UTF-16 (the unit Telegram's
/// entity offsets count in).
#ifndef MSGFMT_ICU_H
#define MSGFMT_ICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Scalar property flags returned by msgfmt_icu_scalar_flags.
enum {
    MSGFMT_ICU_WIDE = 1u << 0,                 ///< East Asian Wide or Fullwidth.
    MSGFMT_ICU_EMOJI_PRESENTATION = 1u << 1,   ///< Emoji_Presentation=Yes.
    MSGFMT_ICU_EXTENDED_PICTOGRAPHIC = 1u << 2,///< Extended_Pictographic=Yes.
    MSGFMT_ICU_ZERO_WIDTH = 1u << 3,           ///< control, Mn/Me/Cf, default ignorable, Hangul V/T jamo.
    MSGFMT_ICU_REGIONAL_INDICATOR = 1u << 4,   ///< Regional_Indicator=Yes.
    MSGFMT_ICU_EMOJI = 1u << 5,                ///< Emoji=Yes (may take VS16 to become emoji).
    MSGFMT_ICU_STRONG_RTL = 1u << 7,           ///< Bidi class R, AL, or an RTL embedding/override/isolate.
    MSGFMT_ICU_CONTROL = 1u << 8,              ///< General category Cc.
    /// Grapheme_Cluster_Break is Other, Control or LF (not CR), and the scalar is neither
    /// Extended_Pictographic nor a surrogate: a cluster boundary always falls between two
    /// such scalars.
    MSGFMT_ICU_GRAPHEME_ALONE = 1u << 9,
    /// Part of a word for search: Alphabetic, a number (any Numeric_Type) or a mark (Mn,
    /// Mc, Me).
    MSGFMT_ICU_WORD = 1u << 10,
};

/// Code points per stage-1 block, as a shift (CodePointTable.blockShift, which a test
/// compares with it).
#define MSGFMT_CODE_POINT_BLOCK_SHIFT 7

/// The stages of msgfmt's generated code-point table (Sources/CICU/msgfmt_code_points.c,
/// written by scripts/gen-unicode-table; CodePointTable.swift gives their lengths): stage
/// 1, one block number per 128 code points; stage 2, one word index per code point of each
/// distinct block; the distinct property words. Constant data, valid for the process.
const uint16_t *msgfmt_code_point_stage1(void);
const uint8_t *msgfmt_code_point_stage2(void);
const uint32_t *msgfmt_code_point_words(void);

/// The Bidi_Mirroring_Glyph pairs of the same generated file, flattened: code point, then
/// its mirror, for CodePointTable.mirroringPairs pairs sorted by code point (all in the
/// BMP). Constant data, valid for the process.
const uint16_t *msgfmt_bidi_mirroring(void);

/// ICU's Bidi_Mirroring_Glyph of a scalar (u_charMirror): its mirror, or the scalar
/// itself when it has none. Tests compare the generated pairs with it.
uint32_t msgfmt_icu_char_mirror(uint32_t scalar);

/// The paired brackets of the same generated file (rule N0 of UAX #9): CodePointTable.bracketRows
/// rows of a bracket, its Bidi_Paired_Bracket and 1 when it opens or 2 when it closes,
/// sorted by bracket (all in the BMP). Constant data, valid for the process.
const uint16_t *msgfmt_bidi_brackets(void);
int32_t msgfmt_bidi_bracket_rows(void);

/// ICU's Bidi_Class of a scalar (UCharDirection). Tests compare the table with it.
uint32_t msgfmt_icu_bidi_class(uint32_t scalar);

/// ICU's Bidi_Paired_Bracket_Type of a scalar (0 none, 1 open, 2 close), its
/// Bidi_Paired_Bracket in `pair` (the scalar itself when it has none). Tests compare the
/// table with it.
uint32_t msgfmt_icu_bidi_bracket(uint32_t scalar, uint32_t *pair);

/// The Arabic shaping data of the same generated file: CodePointTable.arabicLetters rows of
/// a letter and its isolated, final, initial and medial presentation forms (0 for one it
/// lacks), sorted by letter; and CodePointTable.joiningRanges ranges (first, last,
/// Joining_Type as ArabicShaping.swift numbers it) of the code points whose Joining_Type is
/// not U, sorted. Constant data, valid for the process.
const uint16_t *msgfmt_arabic_forms(void);
const uint32_t *msgfmt_joining_types(void);

/// ICU's Joining_Type of a scalar (UJoiningType: 0 U, 1 C, 2 D, 3 L, 4 R, 5 T). Tests
/// compare the generated ranges with it.
uint32_t msgfmt_icu_joining_type(uint32_t scalar);

/// ICU's Arabic letter shaping (u_shapeArabic, letters to their presentation forms, logical
/// order, lam-alef ligatures at the alef with a space at the lam) of `length` UTF-16 units
/// into `dest`, which has room for as many; the length written, or -1 on failure. Tests
/// compare msgfmt's own shaping with it.
int32_t msgfmt_icu_shape_arabic(const uint16_t *units, int32_t length, uint16_t *dest);

/// Returns the MSGFMT_ICU_* flags of one Unicode scalar value. Answers are computed in
/// blocks of 64 scalars on first use and cached for the life of the process
/// (thread-safe).
uint32_t msgfmt_icu_scalar_flags(uint32_t scalar);

/// Returns ICU's break properties of one code point, packed as msgfmt's generated code-point
/// table packs them: the line-break class (ULineBreak) in bits 0-5, the grapheme-break
/// property (UGraphemeClusterBreak) in bits 6-10, 1 in bit 11 for East Asian width F, W or H,
/// 1 in bit 22 for an unassigned Extended_Pictographic code point, and 1 in bit 23 for
/// Indic_Syllabic_Category Virama or Invisible_Stacker. Tests compare the table with it.
uint32_t msgfmt_icu_break_properties(uint32_t scalar);

/// The Unicode version of ICU's data, such as "15.0" (u_getUnicodeVersion).
const char *msgfmt_icu_unicode_version(void);

/// Writes the UAX #14 line-break opportunities of `text` (excluding offset 0, including
/// the end of the text) as UTF-16 offsets into `offsets`; `mandatory[i]` is 1 for a hard
/// break. Returns the number written, or -1 when ICU fails or `capacity` is too small.
/// `capacity` of `length + 1` always suffices.
int32_t msgfmt_icu_line_breaks(const uint16_t *text, int32_t length,
                               int32_t *offsets, uint8_t *mandatory, int32_t capacity);

/// Writes the UAX #29 extended grapheme cluster boundaries of `text` (excluding 0,
/// including the end) into `offsets`. Returns the number written, or -1 on failure.
int32_t msgfmt_icu_grapheme_breaks(const uint16_t *text, int32_t length,
                                   int32_t *offsets, int32_t capacity);

/// Runs the Unicode Bidirectional Algorithm over one paragraph of `text`.
///
/// `base` is 0 for LTR, 1 for RTL, or -1 to take the direction from the first strong
/// character (LTR when there is none). Writes one embedding level per UTF-16 unit into
/// `levels` (which must hold `length` bytes) and returns the paragraph level, or -1 on
/// failure.
int32_t msgfmt_icu_bidi_levels(const uint16_t *text, int32_t length, int32_t base,
                               uint8_t *levels);

/// The bidi levels ICU's ubidi gives `text` (as msgfmt_icu_bidi_levels: `base` 0 LTR, 1
/// RTL, else each paragraph's first strong character, LTR when there is none), computed
/// without ubidi for text that holds no explicit embedding, override or isolate:
/// returns the first paragraph's level, or -2 when it leaves the text to ICU. `span`, when
/// not NULL, gets two offsets: every unit before the first or from the second on is at
/// level 0 (the left-to-right ends the pass set aside; 0 and `length` when it set none).
int32_t msgfmt_bidi_levels(const uint16_t *text, int32_t length, int32_t base, uint8_t *levels, int32_t *span);

/// Computes the visual order of `count` items with the given embedding levels (UBA rule
/// L2): `visual_to_logical[v]` receives the logical index shown at visual position `v`.
/// Returns 0, or -1 on failure.
int32_t msgfmt_icu_reorder_visual(const uint8_t *levels, int32_t count,
                                  int32_t *visual_to_logical);

/// Folds `text` for search (msgfmt_icu_fold.c): compatibility decomposition (NFKD), Unicode
/// default case folding, NFKD again, then drops default-ignorable code points and accents
/// (nonspacing marks of Script=Inherited and Hebrew points; kana voicing marks stay). With
/// `collapse` not 0, each run of white space in the result is written as one space and
/// none at the ends (as msgfmt_icu_collapse_spaces). Writes at most `capacity` UTF-16
/// units to `out` and returns how many the result has (more than `capacity` asks for a
/// larger buffer), or -1 when ICU fails. ASCII text never reaches ICU.
int32_t msgfmt_icu_fold(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity, int32_t collapse);

/// msgfmt_icu_fold through the three steps over the whole text, never scalar by scalar
/// (msgfmt_icu_fold's reference, for tests).
int32_t msgfmt_icu_fold_whole(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity, int32_t collapse);

/// Makes each run of white space (Unicode's White_Space) in `units` one space and drops
/// those at the ends, in place; returns how many units are kept, at the front.
int32_t msgfmt_icu_collapse_spaces(uint16_t *units, int32_t length);

#ifdef __cplusplus
}
#endif

#endif
