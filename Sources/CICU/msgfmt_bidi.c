// The Unicode Bidirectional Algorithm (UAX #9) for one paragraph without explicit
// embeddings, overrides, isolates or paired brackets: the levels ICU's ubidi gives such
// text, from a few walks over its bidi classes instead of ubidi's general machinery
// (which costs about twice as much on message text).
//
// msgfmt_bidi_levels answers -2 for what it leaves to ICU; msgfmt_icu_bidi_levels stays
// the reference, and BidiFastPathTests compares the two on random text and on every class
// sequence of Unicode's BidiTest.txt.

#include "msgfmt_icu.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/utf16.h>

// Bidi classes as ICU numbers them (UCharDirection).
enum {
    L = U_LEFT_TO_RIGHT, R = U_RIGHT_TO_LEFT, EN = U_EUROPEAN_NUMBER, ES = U_EUROPEAN_NUMBER_SEPARATOR,
    ET = U_EUROPEAN_NUMBER_TERMINATOR, AN = U_ARABIC_NUMBER, CS = U_COMMON_NUMBER_SEPARATOR,
    B = U_BLOCK_SEPARATOR, S = U_SEGMENT_SEPARATOR, WS = U_WHITE_SPACE_NEUTRAL, ON = U_OTHER_NEUTRAL,
    AL = U_RIGHT_TO_LEFT_ARABIC, NSM = U_DIR_NON_SPACING_MARK, BN = U_BOUNDARY_NEUTRAL,
};

// Per-thread scratch, grown as texts need.
typedef struct {
    uint8_t *original;  // class of each code point (BN included)
    uint8_t *types;     // resolved types of the code points that are not BN
    int32_t *units;     // its unit (the trail unit of a supplementary code point)
    int32_t capacity;
} Scratch;

static _Thread_local Scratch scratch;

static int grow(int32_t count) {
    if (count <= scratch.capacity) return 1;
    int32_t capacity = scratch.capacity ? scratch.capacity : 256;
    while (capacity < count) capacity *= 2;
    void *a = realloc(scratch.original, (size_t)capacity);
    if (a) scratch.original = a;
    void *b = realloc(scratch.types, (size_t)capacity);
    if (b) scratch.types = b;
    void *c = realloc(scratch.units, sizeof(int32_t) * (size_t)capacity);
    if (c) scratch.units = c;
    if (!a || !b || !c) return 0;
    scratch.capacity = capacity;
    return 1;
}

// Strong direction of a resolved type for N1 (numbers count as R), or -1.
static inline int strong(uint8_t t) {
    if (t == L) return L;
    if (t == R || t == AL || t == EN || t == AN) return R;
    return -1;
}

// Resolves the n code points (not BN) of one paragraph at level `level`, W1 to N2, in
// scratch.types.
static void resolve(int32_t n, uint8_t level) {
    uint8_t *t = scratch.types;
    const uint8_t e = (level & 1) ? R : L;  // the embedding direction, also sos and eos
    // W1, W2, W3 in one walk: a mark takes the type before it; numbers after Arabic
    // letters are Arabic; Arabic letters are R.
    uint8_t before = e, last_strong = e;
    for (int32_t k = 0; k < n; k++) {
        uint8_t c = t[k];
        if (c == NSM) c = before;
        before = c;
        if (c == L || c == R || c == AL) last_strong = c;
        else if (c == EN && last_strong == AL) c = AN;
        t[k] = c == AL ? R : c;
    }
    // W4: one separator between two numbers of a kind joins them.
    for (int32_t k = 1; k + 1 < n; k++) {
        uint8_t c = t[k];
        if (c == ES && t[k - 1] == EN && t[k + 1] == EN) t[k] = EN;
        else if (c == CS && t[k - 1] == EN && t[k + 1] == EN) t[k] = EN;
        else if (c == CS && t[k - 1] == AN && t[k + 1] == AN) t[k] = AN;
    }
    // W5: terminators next to European numbers are numbers.
    for (int32_t k = 0; k < n; k++) {
        if (t[k] != ET) continue;
        int32_t end = k;
        while (end < n && t[end] == ET) end++;
        int number = (k > 0 && t[k - 1] == EN) || (end < n && t[end] == EN);
        if (number) {
            for (int32_t j = k; j < end; j++) t[j] = EN;
        }
        k = end - 1;
    }
    // W6, W7 in one walk: other separators and terminators are neutral; European
    // numbers after L are L.
    last_strong = e;
    for (int32_t k = 0; k < n; k++) {
        uint8_t c = t[k];
        if (c == L || c == R) last_strong = c;
        else if (c == ES || c == ET || c == CS) t[k] = ON;
        else if (c == EN && last_strong == L) t[k] = L;
    }
    // N1, N2: neutrals between two strong types of one direction take it, else the
    // embedding direction.
    for (int32_t k = 0; k < n; k++) {
        uint8_t c = t[k];
        if (c != ON && c != WS && c != S && c != B) continue;
        int32_t end = k;
        while (end < n && (t[end] == ON || t[end] == WS || t[end] == S || t[end] == B)) end++;
        int left = k == 0 ? e : strong(t[k - 1]);
        int right = end == n ? e : strong(t[end]);
        uint8_t to = (left >= 0 && left == right) ? (uint8_t)left : e;
        for (int32_t j = k; j < end; j++) t[j] = to;
        k = end - 1;
    }
}

int32_t msgfmt_bidi_levels(const uint16_t *text, int32_t length, int32_t base, uint8_t *levels) {
    if (length <= 0) return base == 1 ? 1 : 0;
    if (!grow(length)) return -2;
    uint8_t *original = scratch.original;
    // The classes, unit by unit: a supplementary code point's class on its trail unit
    // and BN on its lead unit, as ubidi has them. What this pass leaves to ICU: explicit
    // formatting characters, paired brackets (ubidi resolves N0 while it reads the text,
    // its own way), and a paragraph separator before the end (ubidi carries state from
    // one paragraph to the next).
    int has_rtl = 0, has_ltr = 0, has_an = 0, has_neutral = 0, has_bn = 0;
    for (int32_t i = 0; i < length;) {
        UChar32 c;
        int32_t start = i;
        U16_NEXT(text, i, length, c);
        uint8_t d = (uint8_t)u_charDirection(c);
        switch (d) {
        case L: case EN: has_ltr = 1; break;
        case R: case AL: has_rtl = 1; break;
        case AN: has_an = has_ltr = 1; break;
        case NSM: break;
        case BN: has_bn = has_neutral = 1; break;
        case B:
            has_neutral = 1;
            if (i < length && !(c == 0x0D && i + 1 == length && text[i] == 0x0A)) return -2;
            break;
        case ON:
            has_neutral = 1;
            if (u_getIntPropertyValue(c, UCHAR_BIDI_PAIRED_BRACKET_TYPE) != U_BPT_NONE) return -2;
            break;
        case ES: case ET: case CS: case S: case WS: has_neutral = 1; break;
        default: return -2;  // LRE, LRO, RLE, RLO, PDF, FSI, LRI, RLI, PDI
        }
        original[start] = d;
        if (i - start == 2) {
            original[start] = BN;
            original[start + 1] = d;
            has_bn = has_neutral = 1;
        }
    }
    // P2, P3.
    uint8_t level;
    if (base == 0 || base == 1) {
        level = (uint8_t)base;
    } else {
        level = 0;
        for (int32_t i = 0; i < length; i++) {
            uint8_t d = original[i];
            if (d == L) break;
            if (d == R || d == AL) { level = 1; break; }
        }
    }
    // Text of one direction (the paragraph level counted as L or R) is at the paragraph
    // level throughout: ubidi skips the rules then, even where they would raise numbers.
    if (level & 1) has_rtl = 1; else has_ltr = 1;
    if (!(has_rtl || (has_an && has_neutral)) || !has_ltr) {
        memset(levels, level, (size_t)length);
        return level;
    }
    // The code points that are not BN (X9), with their classes.
    int32_t n = 0;
    for (int32_t i = 0; i < length; i++) {
        if (original[i] == BN) continue;
        scratch.types[n] = original[i];
        scratch.units[n] = i;
        n++;
    }
    resolve(n, level);
    // I1, I2.
    for (int32_t k = 0; k < n; k++) {
        uint8_t t = scratch.types[k];
        uint8_t lv;
        if ((level & 1) == 0) lv = t == R ? level + 1 : (t == AN || t == EN) ? level + 2 : level;
        else lv = (t == L || t == EN || t == AN) ? level + 1 : level;
        levels[scratch.units[k]] = lv;
    }
    // Each BN at the level of what follows it (as ubidi places them, a lead surrogate
    // with its trail).
    if (has_bn) {
        uint8_t next = level;
        for (int32_t i = length - 1; i >= 0; i--) {
            if (original[i] == BN) levels[i] = next;
            else next = levels[i];
        }
    }
    // L1: separators, and the whitespace and BN before them or at the end, at the
    // paragraph level.
    int trailing = 1;
    for (int32_t i = length - 1; i >= 0; i--) {
        uint8_t d = original[i];
        if (d == B || d == S) {
            levels[i] = level;
            trailing = 1;
        } else if (trailing && (d == WS || d == BN)) {
            levels[i] = level;
        } else {
            trailing = 0;
        }
    }
    return level;
}
