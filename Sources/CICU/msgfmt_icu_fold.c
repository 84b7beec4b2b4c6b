// Search folding for the filter language. Like msgfmt_icu.c, it includes ICU headers,
// which Swift never sees (see include/msgfmt_icu.h).
#include "msgfmt_icu.h"
#include "msgfmt_icu_blocks.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// One step of the fold into a fresh buffer: NFKD when `fold` is 0, default case folding
// otherwise. Guesses the size and retries once with what ICU asks for. Returns NULL when
// ICU fails; the caller frees the result.
static UChar *fold_step(const UChar *text, int32_t length, int fold, int32_t *out_length) {
    int32_t capacity = length + length / 2 + 8;
    for (int attempt = 0; attempt < 2; attempt++) {
        UChar *buffer = malloc(sizeof(UChar) * (size_t)capacity);
        if (buffer == NULL) {
            return NULL;
        }
        UErrorCode status = U_ZERO_ERROR;
        int32_t written;
        if (fold) {
            written = u_strFoldCase(buffer, capacity, text, length, U_FOLD_CASE_DEFAULT, &status);
        } else {
            const UNormalizer2 *nfkd = unorm2_getNFKDInstance(&status);
            written = U_SUCCESS(status) ? unorm2_normalize(nfkd, text, length, buffer, capacity, &status) : 0;
        }
        // A result that fills the buffer exactly is a success with a warning (no NUL).
        if (U_SUCCESS(status) && written <= capacity) {
            *out_length = written;
            return buffer;
        }
        free(buffer);
        if (status != U_BUFFER_OVERFLOW_ERROR) {
            return NULL;
        }
        capacity = written;
    }
    return NULL;
}

// True for what the fold drops: default-ignorable code points (variation selectors,
// zero-width joiners, soft hyphens) and accents — nonspacing marks shared by scripts
// (Script=Inherited: Latin, Greek and Cyrillic diacritics, Arabic harakat) and Hebrew
// points — but not the kana voicing marks, which tell different syllables apart.
static int is_dropped(UChar32 c) {
    if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) {
        return 1;
    }
    if (u_charType(c) != U_NON_SPACING_MARK || c == 0x3099 || c == 0x309A) {
        return 0;
    }
    if (c >= 0x0591 && c <= 0x05C7) {
        return 1;
    }
    UErrorCode status = U_ZERO_ERROR;
    return uscript_getScript(c, &status) == USCRIPT_INHERITED && U_SUCCESS(status);
}

// True when `units` does not begin with a run of non-zero combining class holding a
// character the fold keeps (or that folds to another): nothing kept can move before it.
static int starts_alone(const UChar *units, int32_t length) {
    for (int32_t i = 0; i < length;) {
        UChar32 c;
        U16_NEXT(units, i, length, c);
        if (u_getCombiningClass(c) == 0) {
            return 1;
        }
        if (!is_dropped(c) || u_foldCase(c, U_FOLD_CASE_DEFAULT) != c) {
            return 0;
        }
    }
    return 1;
}

// NFKD, default case folding and NFKD again (case folding can compose what was
// decomposed, and fold to compatibility forms). Returns the result, which the caller
// frees, or NULL when ICU fails; `starts_alone_out`, when given, is set to whether both
// NFKD results pass `starts_alone` (see the cache below).
static UChar *three_steps(const UChar *text, int32_t length, int32_t *out_length, int *starts_alone_out) {
    int32_t n1 = 0, n2 = 0;
    UChar *decomposed = fold_step(text, length, 0, &n1);
    if (decomposed == NULL) {
        return NULL;
    }
    if (starts_alone_out != NULL) {
        *starts_alone_out = starts_alone(decomposed, n1);
    }
    UChar *folded = fold_step(decomposed, n1, 1, &n2);
    free(decomposed);
    if (folded == NULL) {
        return NULL;
    }
    UChar *again = fold_step(folded, n2, 0, out_length);
    free(folded);
    if (again != NULL && starts_alone_out != NULL && !starts_alone(again, *out_length)) {
        *starts_alone_out = 0;
    }
    return again;
}

// Where a fold is written: at most `capacity` units to `out`, `count` of them asked for so
// far (it may pass `capacity`, which asks the caller for a larger buffer). With `collapse`
// set, each run of white space is written as one space and none at the ends: `pending`
// holds a space until something else follows it.
typedef struct {
    uint16_t *out;
    int32_t capacity;
    int32_t count;
    int collapse;
    int pending;
} fold_writer;

// White space: Unicode's White_Space, all of it in the Basic Multilingual Plane. The common
// cases first: ASCII and most letters beyond it take a comparison or two.
static inline int is_space_unit(uint16_t u) {
    if (u <= 0x20) {
        return u == 0x20 || (uint16_t)(u - 0x09) < 5;
    }
    if (u < 0x85 || u > 0x3000) {
        return 0;
    }
    if (u < 0x1680) {
        return u == 0x85 || u == 0xA0;
    }
    return u == 0x1680 || (u >= 0x2000 && u <= 0x200A) || u == 0x2028 || u == 0x2029 || u == 0x202F || u == 0x205F ||
           u == 0x3000;
}

static inline void put_unit(fold_writer *w, uint16_t u) {
    if (w->count < w->capacity) {
        w->out[w->count] = u;
    }
    w->count++;
}

// Writes the unit `u` of the fold, collapsing white space when the writer says so.
static inline void put(fold_writer *w, uint16_t u) {
    if (w->collapse) {
        if (is_space_unit(u)) {
            w->pending = w->count > 0;
            return;
        }
        if (w->pending) {
            w->pending = 0;
            put_unit(w, 0x20);
        }
    }
    put_unit(w, u);
}

// Writes the units of `units` the fold keeps.
static void append_kept(const UChar *units, int32_t length, fold_writer *w) {
    for (int32_t i = 0; i < length;) {
        int32_t start = i;
        UChar32 c;
        U16_NEXT(units, i, length, c);
        if (is_dropped(c)) {
            continue;
        }
        for (int32_t k = start; k < i; k++) {
            put(w, units[k]);
        }
    }
}

int32_t msgfmt_icu_fold_whole(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity, int32_t collapse) {
    if (length <= 0) {
        return 0;
    }
    int32_t n = 0;
    UChar *folded = three_steps((const UChar *)text, length, &n, NULL);
    if (folded == NULL) {
        return -1;
    }
    fold_writer w = {out, capacity, 0, collapse, 0};
    append_kept(folded, n, &w);
    free(folded);
    return w.count;
}

int32_t msgfmt_icu_collapse_spaces(uint16_t *units, int32_t length) {
    // Never longer than what it reads: written in place behind the reading.
    fold_writer w = {units, length, 0, 1, 0};
    for (int32_t i = 0; i < length; i++) {
        put(&w, units[i]);
    }
    return w.count;
}

// Most texts fold scalar by scalar: NFKD and default case folding map each code point on
// its own, and only NFKD's canonical reordering looks across code points, moving
// characters of non-zero combining class within runs of them. A kept character of one
// scalar can only change places with one of the scalar before when its own step's result
// begins with such a run holding a character the fold keeps; when no scalar's NFKD results
// (first and third step) begin that way, what reordering moves across scalars is dropped
// in the end, and the fold of a text is the folds of its scalars one after another. Those
// folds are kept in blocks of 64 scalars, made on first use and shared by all threads like
// the scalar flags (msgfmt_icu.c); a scalar that does not qualify (a lone combining mark
// the fold keeps, U+0345, a long expansion) sends its whole text through the three steps.
#define FOLD_BLOCK_SHIFT 6
#define FOLD_BLOCK_SIZE (1 << FOLD_BLOCK_SHIFT)
#define FOLD_MAX_UNITS 6

typedef struct {
    int8_t length;  // units of the fold; -1 when the scalar must be folded with its text
    uint16_t units[FOLD_MAX_UNITS];
} fold_entry;

static _Atomic(void *) fold_blocks[(0x10FFFF >> FOLD_BLOCK_SHIFT) + 1];

static void compute_fold_entry(UChar32 c, fold_entry *entry) {
    entry->length = -1;
    if (c >= 0xD800 && c <= 0xDFFF) {
        return;
    }
    UChar source[2];
    int32_t length = 0;
    U16_APPEND_UNSAFE(source, length, c);
    int32_t n = 0;
    int alone = 0;
    UChar *folded = three_steps(source, length, &n, &alone);
    if (folded == NULL) {
        return;
    }
    uint16_t units[FOLD_MAX_UNITS];
    fold_writer w = {units, FOLD_MAX_UNITS, 0, 0, 0};
    append_kept(folded, n, &w);
    int32_t count = w.count;
    free(folded);
    if (alone && count <= FOLD_MAX_UNITS) {
        memcpy(entry->units, units, sizeof(uint16_t) * (size_t)count);
        entry->length = (int8_t)count;
    }
}

static const fold_entry *fold_entry_of(UChar32 c) {
    _Atomic(void *) *slot = &fold_blocks[c >> FOLD_BLOCK_SHIFT];
    fold_entry *block = atomic_load_explicit(slot, memory_order_acquire);
    if (block == NULL) {
        fold_entry *fresh = malloc(FOLD_BLOCK_SIZE * sizeof(fold_entry));
        if (fresh == NULL) {
            return NULL;
        }
        UChar32 base = c & ~(UChar32)(FOLD_BLOCK_SIZE - 1);
        for (int32_t k = 0; k < FOLD_BLOCK_SIZE; k++) {
            compute_fold_entry(base + k, &fresh[k]);
        }
        block = msgfmt_publish_block(slot, fresh);
    }
    return &block[c & (FOLD_BLOCK_SIZE - 1)];
}

// The number of units from `text` on, at most eight, that are printable ASCII other than
// space (U+0021-U+007E, which fold to themselves, letters to lower case, and are never white
// space) or single spaces between two of them in the eight (which collapsing keeps as they
// are), 0 when the first is not such a unit; all eight units of `text` are written to `out`
// folded so, and the caller keeps as many as it is told. Eight units must be readable at
// `text` and writable at `out`. Without SSE2, spaces end the run (the fold is the same).
static inline int32_t printable_ascii_run(const uint16_t *text, uint16_t *out) {
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    __m128i v = _mm_loadu_si128((const __m128i *)text);
    // Unsigned v - 0x21 <= 0x5D, as a saturating subtraction that leaves 0.
    __m128i printable = _mm_cmpeq_epi16(_mm_subs_epu16(_mm_sub_epi16(v, _mm_set1_epi16(0x21)), _mm_set1_epi16(0x5D)), zero);
    unsigned mask = (unsigned)_mm_movemask_epi8(printable);
    if (!(mask & 1)) {
        return 0;
    }
    // Two bits a lane: a space whose lanes on both sides are printable is kept too.
    unsigned space = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi16(v, _mm_set1_epi16(0x20)));
    mask |= space & (mask << 2) & (mask >> 2);
    __m128i upper = _mm_cmpeq_epi16(_mm_subs_epu16(_mm_sub_epi16(v, _mm_set1_epi16(0x41)), _mm_set1_epi16(25)), zero);
    _mm_storeu_si128((__m128i *)out, _mm_or_si128(v, _mm_and_si128(upper, _mm_set1_epi16(0x20))));
    return mask == 0xFFFF ? 8 : __builtin_ctz(~mask) / 2;
#else
    int32_t n = 0;
    while (n < 8 && text[n] >= 0x21 && text[n] <= 0x7E) {
        out[n] = (text[n] >= 'A' && text[n] <= 'Z') ? (uint16_t)(text[n] | 0x20) : text[n];
        n++;
    }
    return n;
#endif
}

int32_t msgfmt_icu_fold(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity, int32_t collapse) {
    fold_writer w = {out, capacity, 0, collapse, 0};
    for (int32_t i = 0; i < length;) {
        // Runs of printable ASCII (most of most texts), eight units at a time while there
        // is room for them and the space pending before them.
        if ((uint16_t)(text[i] - 0x21) < 0x5E && length - i >= 8 && w.capacity - w.count >= 9) {
            if (w.pending) {
                w.pending = 0;
                w.out[w.count++] = 0x20;
            }
            int32_t run = printable_ascii_run(text + i, w.out + w.count);
            i += run;
            w.count += run;
            continue;
        }
        // ASCII folds to itself, letters to lower case (what its cache entries hold; the
        // tests compare every scalar with the three steps).
        if (text[i] < 0x80) {
            uint16_t u = text[i++];
            put(&w, (u >= 'A' && u <= 'Z') ? (uint16_t)(u | 0x20) : u);
            continue;
        }
        UChar32 c;
        U16_NEXT(text, i, length, c);
        const fold_entry *entry = (c >= 0 && c <= 0x10FFFF) ? fold_entry_of(c) : NULL;
        if (entry == NULL || entry->length < 0) {
            return msgfmt_icu_fold_whole(text, length, out, capacity, collapse);
        }
        for (int32_t k = 0; k < entry->length; k++) {
            put(&w, entry->units[k]);
        }
    }
    return w.count;
}
