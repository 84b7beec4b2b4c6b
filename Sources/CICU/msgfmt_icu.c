// With msgfmt_icu_fold.c, the only files in msgfmt that include ICU headers. See
// include/msgfmt_icu.h.
#include "msgfmt_icu.h"
#include "msgfmt_icu_blocks.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <unicode/ushape.h>

// Break iterators are costly to open, so each thread keeps one of each kind and only
// resets its text. They live until the thread ends; msgfmt has a handful of threads.
static _Thread_local UBreakIterator *line_iterator = NULL;
static _Thread_local UBreakIterator *grapheme_iterator = NULL;
static _Thread_local UBiDi *bidi_state = NULL;

static UBreakIterator *iterator_for(UBreakIteratorType type, UBreakIterator **slot) {
    if (*slot == NULL) {
        UErrorCode status = U_ZERO_ERROR;
        UBreakIterator *it = ubrk_open(type, "", NULL, 0, &status);
        if (U_FAILURE(status)) {
            return NULL;
        }
        *slot = it;
    }
    return *slot;
}

static uint32_t compute_scalar_flags(UChar32 c) {
    uint32_t flags = 0;
    int8_t category = u_charType(c);
    int32_t eaw = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
    if (eaw == U_EA_WIDE || eaw == U_EA_FULLWIDTH) {
        flags |= MSGFMT_ICU_WIDE;
    }
    if (u_hasBinaryProperty(c, UCHAR_EMOJI_PRESENTATION)) {
        flags |= MSGFMT_ICU_EMOJI_PRESENTATION;
    }
    if (u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC)) {
        flags |= MSGFMT_ICU_EXTENDED_PICTOGRAPHIC;
    }
    if (u_hasBinaryProperty(c, UCHAR_EMOJI)) {
        flags |= MSGFMT_ICU_EMOJI;
    }
    if (u_hasBinaryProperty(c, UCHAR_REGIONAL_INDICATOR)) {
        flags |= MSGFMT_ICU_REGIONAL_INDICATOR;
    }
    if (category == U_CONTROL_CHAR) {
        flags |= MSGFMT_ICU_CONTROL | MSGFMT_ICU_ZERO_WIDTH;
    }
    if (category == U_NON_SPACING_MARK || category == U_ENCLOSING_MARK ||
        category == U_FORMAT_CHAR || u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) {
        flags |= MSGFMT_ICU_ZERO_WIDTH;
    }
    int32_t hst = u_getIntPropertyValue(c, UCHAR_HANGUL_SYLLABLE_TYPE);
    if (hst == U_HST_VOWEL_JAMO || hst == U_HST_TRAILING_JAMO) {
        flags |= MSGFMT_ICU_ZERO_WIDTH;
    }
    UCharDirection dir = u_charDirection(c);
    if (dir == U_RIGHT_TO_LEFT || dir == U_RIGHT_TO_LEFT_ARABIC || dir == U_RIGHT_TO_LEFT_EMBEDDING ||
        dir == U_RIGHT_TO_LEFT_OVERRIDE || dir == U_RIGHT_TO_LEFT_ISOLATE) {
        flags |= MSGFMT_ICU_STRONG_RTL;
    }
    int32_t gcb = u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK);
    if ((gcb == U_GCB_OTHER || gcb == U_GCB_CONTROL || gcb == U_GCB_LF) && c != 0x0D &&
        !(c >= 0xD800 && c <= 0xDFFF) && !u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC)) {
        flags |= MSGFMT_ICU_GRAPHEME_ALONE;
    }
    if (u_hasBinaryProperty(c, UCHAR_ALPHABETIC) || u_getIntPropertyValue(c, UCHAR_NUMERIC_TYPE) != U_NT_NONE ||
        (U_GET_GC_MASK(c) & (U_GC_MN_MASK | U_GC_MC_MASK | U_GC_ME_MASK)) != 0) {
        flags |= MSGFMT_ICU_WORD;
    }
    return flags;
}

// Layout asks for the flags of every non-ASCII scalar it measures, and each answer costs
// about ten ICU property look-ups. So the flags are kept in blocks of 64 scalars,
// computed on first use and then shared by all threads: a block is published with a
// compare-and-swap, and a thread that loses the race frees its copy.
#define FLAG_BLOCK_SHIFT 6
#define FLAG_BLOCK_SIZE (1 << FLAG_BLOCK_SHIFT)
static _Atomic(void *) flag_blocks[(0x10FFFF >> FLAG_BLOCK_SHIFT) + 1];

uint32_t msgfmt_icu_scalar_flags(uint32_t scalar) {
    if (scalar > 0x10FFFF) {
        return compute_scalar_flags((UChar32)scalar);
    }
    _Atomic(void *) *slot = &flag_blocks[scalar >> FLAG_BLOCK_SHIFT];
    uint16_t *block = atomic_load_explicit(slot, memory_order_acquire);
    if (block == NULL) {
        uint16_t *fresh = malloc(FLAG_BLOCK_SIZE * sizeof(uint16_t));
        if (fresh == NULL) {
            return compute_scalar_flags((UChar32)scalar);
        }
        UChar32 base = (UChar32)(scalar & ~(uint32_t)(FLAG_BLOCK_SIZE - 1));
        for (int32_t k = 0; k < FLAG_BLOCK_SIZE; k++) {
            fresh[k] = (uint16_t)compute_scalar_flags(base + k);
        }
        block = msgfmt_publish_block(slot, fresh);
    }
    return block[scalar & (FLAG_BLOCK_SIZE - 1)];
}

const char *msgfmt_icu_unicode_version(void) {
    static char text[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo version;
    u_getUnicodeVersion(version);
    u_versionToString(version, text);
    return text;
}

uint32_t msgfmt_icu_char_mirror(uint32_t scalar) { return (uint32_t)u_charMirror((UChar32)scalar); }

uint32_t msgfmt_icu_joining_type(uint32_t scalar) {
    return (uint32_t)u_getIntPropertyValue((UChar32)scalar, UCHAR_JOINING_TYPE);
}

uint32_t msgfmt_icu_bidi_class(uint32_t scalar) {
    return (uint32_t)u_charDirection((UChar32)scalar);
}

uint32_t msgfmt_icu_bidi_bracket(uint32_t scalar, uint32_t *pair) {
    *pair = (uint32_t)u_getBidiPairedBracket((UChar32)scalar);
    return (uint32_t)u_getIntPropertyValue((UChar32)scalar, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
}

int32_t msgfmt_icu_shape_arabic(const uint16_t *units, int32_t length, uint16_t *dest) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = u_shapeArabic(
        (const UChar *)units, length, (UChar *)dest, length,
        U_SHAPE_LETTERS_SHAPE | U_SHAPE_TEXT_DIRECTION_LOGICAL | U_SHAPE_LAMALEF_NEAR, &status);
    return U_FAILURE(status) ? -1 : written;
}

uint32_t msgfmt_icu_break_properties(uint32_t scalar) {
    UChar32 c = (UChar32)scalar;
    uint32_t lb = (uint32_t)u_getIntPropertyValue(c, UCHAR_LINE_BREAK);
    uint32_t gcb = (uint32_t)u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK);
    int32_t eaw = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
    uint32_t wide = (eaw == U_EA_FULLWIDTH || eaw == U_EA_WIDE || eaw == U_EA_HALFWIDTH) ? 1 : 0;
    uint32_t unassigned_pictographic =
        (u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC) && u_charType(c) == U_UNASSIGNED) ? 1 : 0;
    int32_t insc = u_getIntPropertyValue(c, UCHAR_INDIC_SYLLABIC_CATEGORY);
    uint32_t virama = (insc == U_INSC_VIRAMA || insc == U_INSC_INVISIBLE_STACKER) ? 1 : 0;
    return lb | gcb << 6 | wide << 11 | unassigned_pictographic << 22 | virama << 23;
}

// Walks the boundaries of `text` with the thread's iterator of `type`, writing each
// offset (and, when `mandatory` is not NULL, whether it is a hard line break). Returns the
// number written, or -1 when ICU fails or `capacity` is too small.
static int32_t walk_boundaries(UBreakIteratorType type, UBreakIterator **slot,
                               const uint16_t *text, int32_t length,
                               int32_t *offsets, uint8_t *mandatory, int32_t capacity) {
    if (length == 0) {
        return 0;
    }
    UBreakIterator *it = iterator_for(type, slot);
    if (it == NULL) {
        return -1;
    }
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(it, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) {
        return -1;
    }
    int32_t count = 0;
    ubrk_first(it);
    for (int32_t pos = ubrk_next(it); pos != UBRK_DONE; pos = ubrk_next(it)) {
        if (count >= capacity) {
            count = -1;
            break;
        }
        if (mandatory != NULL) {
            int32_t rule = ubrk_getRuleStatus(it);
            mandatory[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        }
        offsets[count++] = pos;
    }
    // Detach the caller's buffer so the iterator never holds a dangling pointer.
    ubrk_setText(it, NULL, 0, &status);
    return count;
}

int32_t msgfmt_icu_line_breaks(const uint16_t *text, int32_t length,
                               int32_t *offsets, uint8_t *mandatory, int32_t capacity) {
    return walk_boundaries(UBRK_LINE, &line_iterator, text, length, offsets, mandatory, capacity);
}

int32_t msgfmt_icu_grapheme_breaks(const uint16_t *text, int32_t length,
                                   int32_t *offsets, int32_t capacity) {
    return walk_boundaries(UBRK_CHARACTER, &grapheme_iterator, text, length, offsets, NULL, capacity);
}

int32_t msgfmt_icu_bidi_levels(const uint16_t *text, int32_t length, int32_t base,
                               uint8_t *levels) {
    if (bidi_state == NULL) {
        bidi_state = ubidi_open();
        if (bidi_state == NULL) {
            return -1;
        }
    }
    UErrorCode status = U_ZERO_ERROR;
    UBiDiLevel para = base == 0 ? 0 : (base == 1 ? 1 : UBIDI_DEFAULT_LTR);
    ubidi_setPara(bidi_state, (const UChar *)text, length, para, NULL, &status);
    if (U_FAILURE(status)) {
        return -1;
    }
    if (length > 0) {
        const UBiDiLevel *computed = ubidi_getLevels(bidi_state, &status);
        if (U_FAILURE(status) || computed == NULL) {
            return -1;
        }
        memcpy(levels, computed, (size_t)length);
    }
    return (int32_t)ubidi_getParaLevel(bidi_state);
}

int32_t msgfmt_icu_reorder_visual(const uint8_t *levels, int32_t count,
                                  int32_t *visual_to_logical) {
    if (count <= 0) {
        return 0;
    }
    ubidi_reorderVisual((const UBiDiLevel *)levels, count, visual_to_logical);
    return 0;
}
