// The Unicode Bidirectional Algorithm (UAX #9) for one paragraph without explicit
// embeddings, overrides or isolates: the levels ICU's ubidi gives such text, from a few
// walks over its bidi classes instead of ubidi's general machinery (which costs about
// twice as much on message text). Classes and paired brackets come from msgfmt's
// generated code-point table (bits 26-30 the class, bit 31 a paired bracket).
//
// msgfmt_bidi_levels answers -2 for what it leaves to ICU; msgfmt_icu_bidi_levels stays
// the reference, and BidiFastPathTests compares the two on random text and on every class
// sequence of Unicode's BidiTest.txt.

#include "msgfmt_icu.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/utf16.h>

// Paired brackets may nest this deep (BD16); deeper text is left to ICU.
#define MAX_BRACKET_DEPTH 63

// Bidi classes as ICU numbers them (UCharDirection).
enum {
    L = U_LEFT_TO_RIGHT, R = U_RIGHT_TO_LEFT, EN = U_EUROPEAN_NUMBER, ES = U_EUROPEAN_NUMBER_SEPARATOR,
    ET = U_EUROPEAN_NUMBER_TERMINATOR, AN = U_ARABIC_NUMBER, CS = U_COMMON_NUMBER_SEPARATOR,
    B = U_BLOCK_SEPARATOR, S = U_SEGMENT_SEPARATOR, WS = U_WHITE_SPACE_NEUTRAL, ON = U_OTHER_NEUTRAL,
    AL = U_RIGHT_TO_LEFT_ARABIC, NSM = U_DIR_NON_SPACING_MARK, BN = U_BOUNDARY_NEUTRAL,
};

// Sets of classes, as masks of 1 << class.
#define BIT(c) (1u << (c))
#define STRONG (BIT(L) | BIT(R) | BIT(AL))
#define NEUTRAL (BIT(ON) | BIT(WS) | BIT(S) | BIT(B))

// What a class tells about the paragraph (msgfmt_bidi_levels reads it per code point).
enum { SEEN_LTR = 1, SEEN_RTL = 2, SEEN_AN = 4, SEEN_NEUTRAL = 8, SEEN_B = 16, SEEN_EXPLICIT = 32, SEEN_S = 64 };
static const uint8_t seen_of[32] = {
    [L] = SEEN_LTR, [EN] = SEEN_LTR, [R] = SEEN_RTL, [AL] = SEEN_RTL, [AN] = SEEN_AN | SEEN_LTR,
    [BN] = SEEN_NEUTRAL, [B] = SEEN_NEUTRAL | SEEN_B, [ON] = SEEN_NEUTRAL, [ES] = SEEN_NEUTRAL,
    [ET] = SEEN_NEUTRAL, [CS] = SEEN_NEUTRAL, [S] = SEEN_NEUTRAL | SEEN_S, [WS] = SEEN_NEUTRAL,
    [U_LEFT_TO_RIGHT_EMBEDDING] = SEEN_EXPLICIT, [U_LEFT_TO_RIGHT_OVERRIDE] = SEEN_EXPLICIT,
    [U_RIGHT_TO_LEFT_EMBEDDING] = SEEN_EXPLICIT, [U_RIGHT_TO_LEFT_OVERRIDE] = SEEN_EXPLICIT,
    [U_POP_DIRECTIONAL_FORMAT] = SEEN_EXPLICIT, [U_FIRST_STRONG_ISOLATE] = SEEN_EXPLICIT,
    [U_LEFT_TO_RIGHT_ISOLATE] = SEEN_EXPLICIT, [U_RIGHT_TO_LEFT_ISOLATE] = SEEN_EXPLICIT,
    [U_POP_DIRECTIONAL_ISOLATE] = SEEN_EXPLICIT,
};

// Per-thread scratch, grown as texts need. The pass works on entries rather than code
// points: an entry is one code point, or a run of code points of one bidi class that no
// rule tells apart (letters of one direction, digits, spaces, marks after one type), so
// the rules after the first walk visit a word once instead of each of its letters.
// Entry k covers the units from the end of entry k - 1 to its own end: the BN code
// points removed by X9 and a supplementary code point's lead unit go with the entry that
// follows them, whose level ubidi gives them.
typedef struct {
    uint8_t *classes;  // each entry's bidi class as the table gives it (W1's marks NSM)
    uint8_t *types;    // each entry's type, resolved by the rules in turn
    int32_t *ends;     // the unit after each entry's last
    int32_t *pairs;    // the entries of brackets, then of bracket pairs
    int32_t capacity;
} Scratch;

static _Thread_local Scratch scratch;

static int grow(int32_t count) {
    if (count <= scratch.capacity) return 1;
    int64_t capacity = scratch.capacity ? scratch.capacity : 256;
    while (capacity < count) capacity *= 2;  // in 64 bits: no overflow past 2^30
    if (capacity > INT32_MAX) capacity = INT32_MAX;
    void *a = realloc(scratch.classes, (size_t)capacity);
    if (a) scratch.classes = a;
    void *b = realloc(scratch.types, (size_t)capacity);
    if (b) scratch.types = b;
    void *c = realloc(scratch.ends, sizeof(int32_t) * (size_t)capacity);
    if (c) scratch.ends = c;
    void *d = realloc(scratch.pairs, sizeof(int32_t) * (size_t)capacity);
    if (d) scratch.pairs = d;
    if (!a || !b || !c || !d) return 0;
    scratch.capacity = (int32_t)capacity;
    return 1;
}

// Strong direction of a resolved type for N1 (numbers count as R), or -1.
static inline int strong(uint8_t t) {
    if (t == L) return L;
    if (t == R || t == AL || t == EN || t == AN) return R;
    return -1;
}

// The first unit of entry k.
static inline int32_t entry_start(int32_t k) { return k == 0 ? 0 : scratch.ends[k - 1]; }

// Sets the units from `from` to `to` to `level`: entries are mostly a few units long,
// too short to pay for a call to memset.
static inline void fill(uint8_t *levels, int32_t from, int32_t to, uint8_t level) {
    if (to - from > 32) {
        memset(levels + from, level, (size_t)(to - from));
        return;
    }
    for (int32_t u = from; u < to; u++) levels[u] = level;
}

// The row (bracket, pair, 1 open or 2 close) of a paired bracket.
static const uint16_t *bracket_row(uint16_t c) {
    const uint16_t *rows = msgfmt_bidi_brackets();
    int32_t low = 0, high = msgfmt_bidi_bracket_rows() - 1;
    while (low < high) {
        int32_t mid = (low + high) / 2;
        if (rows[3 * mid] < c) low = mid + 1;
        else high = mid;
    }
    return rows + 3 * low;
}

// Pairs the `count` brackets at the entries scratch.pairs lists (BD16), writing the
// pairs there as opening and closing entry, sorted by opening; the number of pairs, or
// -1 when they nest deeper than BD16's stack. A bracket is an entry of its own whose
// last unit is the bracket (brackets are in the BMP).
static int32_t pair_brackets(const uint16_t *text, int32_t count) {
    struct { uint16_t pair; int32_t at; } stack[MAX_BRACKET_DEPTH];
    int32_t depth = 0, found = 0;
    int32_t *p = scratch.pairs;
    for (int32_t b = 0; b < count; b++) {
        int32_t k = p[b];
        uint16_t c = text[scratch.ends[k] - 1];
        const uint16_t *row = bracket_row(c);
        if (row[2] == 1) {
            if (depth == MAX_BRACKET_DEPTH) return -1;
            stack[depth].pair = row[1];
            stack[depth].at = k;
            depth++;
            continue;
        }
        for (int32_t s = depth - 1; s >= 0; s--) {
            if (stack[s].pair != c) continue;
            // Pair number `found` goes to slots 2 found and 2 found + 1, which hold
            // brackets already read: the found + 1 pairs are made of 2 (found + 1) of the
            // b + 1 brackets read so far.
            int32_t at = found++;
            p[2 * at] = stack[s].at;
            p[2 * at + 1] = k;
            // Keep the pairs sorted by opening: an inner pair closes first.
            while (at > 0 && p[2 * (at - 1)] > p[2 * at]) {
                int32_t o = p[2 * at], e = p[2 * at + 1];
                p[2 * at] = p[2 * (at - 1)];
                p[2 * at + 1] = p[2 * (at - 1) + 1];
                p[2 * (at - 1)] = o;
                p[2 * (at - 1) + 1] = e;
                at--;
            }
            depth = s;
            break;
        }
    }
    return found;
}

// N0: each bracket pair (scratch.pairs, `count` of them, by opening) takes the embedding
// direction when a strong type of it lies inside, else the opposite direction when that
// lies inside and is also the context before the opening bracket. Marks after a bracket
// keep the ON that W1 gave them and are resolved by N1 as ubidi resolves them (UAX #9
// since Unicode 8.0 gives them the bracket's new type; ICU 72 does not).
static void resolve_brackets(int32_t count, uint8_t e) {
    uint8_t *t = scratch.types;
    const int32_t *p = scratch.pairs;
    for (int32_t q = 0; q < count; q++) {
        int32_t open = p[2 * q], close = p[2 * q + 1];
        int inside_e = 0, inside_other = 0;
        for (int32_t j = open + 1; j < close; j++) {
            int s = strong(t[j]);
            if (s == e) { inside_e = 1; break; }
            if (s >= 0) inside_other = 1;
        }
        uint8_t to;
        if (inside_e) {
            to = e;
        } else if (inside_other) {
            int before = e;
            for (int32_t j = open - 1; j >= 0; j--) {
                int s = strong(t[j]);
                if (s >= 0) { before = s; break; }
            }
            to = (uint8_t)before;
        } else {
            continue;
        }
        t[open] = t[close] = to;
    }
}

// W5, W6, W7 in one walk over the n entries (W1-W4 done as they were read): terminators
// next to European numbers are numbers; other separators and terminators are neutral;
// European numbers after L are L. `before` is the W5 type of the entry before k.
static void resolve_weak(int32_t n, uint8_t e) {
    uint8_t *t = scratch.types;
    uint8_t last_strong = e, before = e;
    for (int32_t k = 0; k < n;) {
        uint8_t c = t[k];
        if (c == ET) {
            int32_t end = k;
            while (end < n && t[end] == ET) end++;
            int number = before == EN || (end < n && t[end] == EN);
            uint8_t to = number ? (last_strong == L ? L : EN) : ON;
            for (int32_t j = k; j < end; j++) t[j] = to;
            before = number ? EN : ET;
            k = end;
            continue;
        }
        if (BIT(c) & (BIT(L) | BIT(R))) last_strong = c;
        else if (BIT(c) & (BIT(ES) | BIT(CS))) t[k] = ON;
        else if (c == EN && last_strong == L) t[k] = L;
        before = c;
        k++;
    }
}

// N1, N2 (neutrals between two strong types of one direction take it, else the
// embedding direction) and I1, I2 in one walk, each level written over its entries'
// units where it differs from the paragraph level the levels start at.
static void resolve_levels(int32_t n, uint8_t level, uint8_t *levels) {
    const uint8_t *t = scratch.types;
    const int32_t *ends = scratch.ends;
    const uint8_t e = (level & 1) ? R : L;
    // The level of each resolved type (L R EN AN), indexed by type.
    uint8_t of[AN + 1];
    memset(of, level, sizeof of);
    if ((level & 1) == 0) {
        of[R] = level + 1;
        of[EN] = of[AN] = level + 2;
    } else {
        of[L] = of[EN] = of[AN] = level + 1;
    }
    for (int32_t k = 0; k < n;) {
        uint8_t c = t[k];
        if (!(BIT(c) & NEUTRAL)) {
            uint8_t lv = c <= AN ? of[c] : level;
            if (lv != level) fill(levels, entry_start(k), ends[k], lv);
            k++;
            continue;
        }
        int32_t end = k + 1;
        while (end < n && (BIT(t[end]) & NEUTRAL)) end++;
        int left = k == 0 ? e : strong(t[k - 1]);
        int right = end == n ? e : strong(t[end]);
        uint8_t lv = of[(left >= 0 && left == right) ? left : e];
        if (lv != level) fill(levels, entry_start(k), ends[end - 1], lv);
        k = end;
    }
}

// L1: separators, and the white space before them or at the end, at the paragraph
// level; the BN units of those entries with them (the BN after the last entry are
// already at it). Walks back from the end, over the whole text only when it holds a
// segment separator (a paragraph separator can only end it).
static void reset_whitespace(int32_t n, int any_separator, uint8_t level, uint8_t *levels) {
    const uint8_t *classes = scratch.classes;
    const int32_t *ends = scratch.ends;
    int trailing = 1;
    for (int32_t k = n - 1; k >= 0; k--) {
        uint8_t d = classes[k];
        if (d == B || d == S || (trailing && d == WS)) {
            fill(levels, entry_start(k), ends[k], level);
            trailing = 1;
        } else {
            if (!any_separator) return;
            trailing = 0;
        }
    }
}

// Whether a run of code points of one class can be one entry: every rule treats such a
// run as it treats one of them. Not separators (W4 joins two numbers across one only),
// paragraph separators (checked one by one), brackets (paired one by one) or the code
// points removed by X9. Marks may: those W1 makes separators follow one, so W4 never
// finds a single separator there, joined or not.
static const uint8_t joins[32] = {
    [L] = 1, [R] = 1, [AL] = 1, [EN] = 1, [AN] = 1, [ET] = 1, [S] = 1, [WS] = 1, [ON] = 1, [NSM] = 1,
};

// The class (bits 0-4) of every code point of the BMP and whether it is a paired
// bracket (bit 7), read from the generated table's words once a process, the first time
// a text needs the pass: one load a code point instead of the table's three.
static uint8_t bmp_classes[0x10000];
static pthread_once_t bmp_classes_once = PTHREAD_ONCE_INIT;

// The class and bracket bit of code point c from the generated table.
static inline uint8_t class_of(uint32_t c) {
    uint32_t block = msgfmt_code_point_stage1()[c >> MSGFMT_CODE_POINT_BLOCK_SHIFT];
    uint32_t word = msgfmt_code_point_words()[msgfmt_code_point_stage2()[block << MSGFMT_CODE_POINT_BLOCK_SHIFT
                                                                       | (c & ((1u << MSGFMT_CODE_POINT_BLOCK_SHIFT) - 1))]];
    return (uint8_t)(((word >> 26) & 0x1F) | ((word >> 31) << 7));
}

static void fill_bmp_classes(void) {
    for (uint32_t c = 0; c < 0x10000; c++) bmp_classes[c] = class_of(c);
}

// The angle brackets U+2329/U+232A and their canonical equivalents U+3008/U+3009, which
// pair either way: ubidi lets one opening pair twice when its first closing bracket leaves
// it unresolved, which this pass does not copy, so text with one goes to ICU.
static inline int is_angle_bracket(uint32_t c) { return c == 0x2329 || c == 0x232A || c == 0x3008 || c == 0x3009; }

// The SEEN_ bits of the classes in `classes` (one bit each), with `extra` added.
static unsigned seen_of_classes(uint32_t classes, unsigned extra) {
    unsigned seen = extra;
    for (int d = 0; d < 32; d++) {
        if (classes >> d & 1) seen |= seen_of[d];
    }
    return seen;
}

// The units at the start of a left-to-right paragraph that are at level 0 whatever follows
// them: those before its first R, AL or AN code point once an L has come, short of the BN
// code points before that one (ubidi gives them the level of what follows) and of the first
// bracket still open there (its pair may be raised with what it encloses). Every rule that
// looks back across that point finds L there or the paragraph's start, which the embedding
// direction L stands for, so the rest is resolved alone with the paragraph level given as
// 0. Stops, at most, at a paragraph separator or an explicit formatting character, which
// the pass after it judges. `seen` gets the SEEN_ bits of the units before the answer.
static int32_t ltr_prefix(const uint16_t *text, int32_t length, int32_t base, unsigned *seen_out) {
    // The classes a BMP code point of the prefix mostly has, passed over in the loop's
    // first test: all but R, AL, AN, BN, B and the explicit ones (brackets, class ON, have
    // bit 7 set in bmp_classes and take the slower way).
    const uint32_t plain = BIT(L) | BIT(EN) | BIT(ES) | BIT(ET) | BIT(CS) | BIT(S) | BIT(WS) | BIT(ON) | BIT(NSM);
    struct { uint16_t pair; int32_t at; } stack[MAX_BRACKET_DEPTH];
    int32_t depth = 0;
    uint32_t classes = 0;  // the classes met, one bit each
    unsigned surrogates = 0;  // SEEN_NEUTRAL once a supplementary code point is met
    int32_t end = 0;  // the end of the last code point that is not BN
    int32_t i = 0;
    while (i < length) {
        uint32_t c = text[i];
        if (c - 0xD800u >= 0x800u) {
            uint8_t v = bmp_classes[c];
            if (v < 32 && (plain >> v & 1)) {
                classes |= 1u << v;
                end = ++i;
                continue;
            }
        }
        int32_t next = i + 1;
        if (U16_IS_LEAD(c) && next < length && U16_IS_TRAIL(text[next])) {
            c = U16_GET_SUPPLEMENTARY(c, text[next]);
            next++;
        }
        uint8_t v = c < 0x10000 ? bmp_classes[c] : class_of(c);
        uint8_t d = v & 0x1F;
        if (d == R || d == AL || d == AN || (seen_of[d] & (SEEN_B | SEEN_EXPLICIT))) break;
        if (v >> 7) {
            // A paired bracket (BD16, as pair_brackets pairs them); the angle brackets are
            // left to the pass after, which sends them to ICU.
            if (is_angle_bracket(c)) break;
            const uint16_t *row = bracket_row((uint16_t)c);
            if (row[2] == 1) {
                if (depth == MAX_BRACKET_DEPTH) break;
                stack[depth].pair = row[1];
                stack[depth].at = end;
                depth++;
            } else {
                for (int32_t s = depth - 1; s >= 0; s--) {
                    if (stack[s].pair == c) {
                        depth = s;
                        break;
                    }
                }
            }
        }
        if (next - i == 2) surrogates = SEEN_NEUTRAL;  // its lead unit is BN, as ubidi has it
        classes |= 1u << d;
        if (d != BN) end = next;
        i = next;
    }
    if (i == length) end = length;  // nothing but L, numbers and neutrals: all at level 0
    if (depth > 0) end = stack[0].at;
    if (base != 0 && !(classes & BIT(L))) return 0;  // the paragraph level is not known yet
    *seen_out = seen_of_classes(classes, surrogates);
    return end;
}

// The start of the units at the end of a left-to-right paragraph that are at level 0
// whatever comes before them: from the first L after its last R, AL or AN code point,
// with no closing bracket among them (one could pair with an opening bracket before and
// be raised with it); `length` when there are none. The rules before that point see the
// paragraph's end there, the embedding direction L, as they would see that L; a closing
// bracket after it pairs with an opening one before only around the L, which makes the
// pair L. Does not trim across a paragraph separator or an explicit formatting character,
// which the pass judges. `seen` gets the SEEN_ bits of the units from the answer on.
static int32_t ltr_suffix(const uint16_t *text, int32_t length, unsigned *seen_out) {
    uint32_t classes = 0, kept = 0;  // the classes met, and those from `start` on
    unsigned surrogates = 0, kept_surrogates = 0;
    int32_t start = length;
    int32_t i = length;
    while (i > 0) {
        int32_t at = i - 1;
        uint32_t c = text[at];
        if (U16_IS_TRAIL(c) && at > 0 && U16_IS_LEAD(text[at - 1])) {
            at--;
            c = U16_GET_SUPPLEMENTARY(text[at], c);
            surrogates = SEEN_NEUTRAL;  // its lead unit is BN, as ubidi has it
        }
        uint8_t v = c < 0x10000 ? bmp_classes[c] : class_of(c);
        uint8_t d = v & 0x1F;
        if (d == R || d == AL || d == AN) break;
        if (seen_of[d] & (SEEN_B | SEEN_EXPLICIT)) return length;
        if (v >> 7) {
            if (is_angle_bracket(c)) return length;
            if (bracket_row((uint16_t)c)[2] != 1) break;  // a closing bracket
        }
        classes |= 1u << d;
        if (d == L) {
            start = at;
            kept = classes;
            kept_surrogates = surrogates;
        }
        i = at;
    }
    if (start == length) return length;
    *seen_out = seen_of_classes(kept, kept_surrogates);
    return start;
}

static int32_t resolve(const uint16_t *text, int32_t length, int32_t base, uint8_t *levels, unsigned seen, int32_t *kept);

int32_t msgfmt_bidi_levels(const uint16_t *text, int32_t length, int32_t base, uint8_t *levels, int32_t *span) {
    int32_t ignored[2];
    if (span == NULL) span = ignored;
    span[0] = 0;
    span[1] = length > 0 ? length : 0;
    if (length <= 0) return base == 1 ? 1 : 0;
    pthread_once(&bmp_classes_once, fill_bmp_classes);
    unsigned seen = 0;
    int32_t kept = length;
    int32_t start = base == 1 ? 0 : ltr_prefix(text, length, base, &seen);
    if (start == 0) {
        int32_t level = resolve(text, length, base, levels, 0, &kept);
        if (level == 0) span[1] = kept;
        return level;
    }
    memset(levels, 0, (size_t)start);
    span[0] = start;
    if (start == length) return 0;
    if (resolve(text + start, length - start, 0, levels + start, seen, &kept) == -2) return -2;
    span[1] = start + kept;
    return 0;
}

// msgfmt_bidi_levels on text whose paragraph, when `seen` is not 0, began before it with
// units of the SEEN_ bits `seen`, all at level 0 (ltr_prefix); when `base` is 0, the
// units from ltr_suffix on are set to level 0 and the rules run on those before them.
// `kept` gets the number of units before that suffix (`length` when none was set aside).
static int32_t resolve(const uint16_t *text, int32_t length, int32_t base, uint8_t *levels, unsigned seen, int32_t *kept) {
    // In a paragraph known to be left to right, the units from ltr_suffix on stay at level
    // 0; the walk and the rules see the text before them.
    const int32_t whole = length;
    if (base == 0) {
        unsigned after = 0;
        length = ltr_suffix(text, length, &after);
        seen |= after;
        if (length == 0) {
            memset(levels, 0, (size_t)whole);
            *kept = 0;
            return 0;
        }
    }
    *kept = length;
    if (!grow(length)) return -2;
    uint8_t *classes = scratch.classes;
    uint8_t *t = scratch.types;
    int32_t *ends = scratch.ends;
    // One walk over the units: the class of each code point; the first strong class
    // (P2); the entries of the code points that are not BN (X9), with W1-W4 applied as
    // they come (W1's start of text waits for the paragraph level). A code point of the
    // class of the entry before it, when that joins, only moves the entry's end. What
    // this pass leaves to ICU: explicit formatting characters, and a paragraph separator
    // before the end (ubidi carries state from one paragraph to the next).
    uint8_t first_strong = 0xFF;  // P2: the first L, R or AL; 0xFF: none
    int32_t n = 0, brackets = 0;
    uint8_t before = 0xFF, last_strong = 0xFF;  // W1's and W2's look-back; 0xFF: the start
    uint8_t joining = 0xFF;  // the class a code point may have to join the last entry
    for (int32_t i = 0; i < length;) {
        uint32_t c = text[i++];
        uint8_t v;
        if (c - 0xD800u >= 0x800u) {
            v = bmp_classes[c];
            if (v == joining) {
                // The rest of the run, in a loop of its own.
                while (i < length && text[i] - 0xD800u >= 0x800u && bmp_classes[text[i]] == joining) i++;
                ends[n - 1] = i;
                continue;
            }
        } else {
            if (U16_IS_LEAD(c) && i < length && U16_IS_TRAIL(text[i])) {
                c = U16_GET_SUPPLEMENTARY(c, text[i]);
                i++;
                seen |= SEEN_NEUTRAL;  // its lead unit is BN, as ubidi has it
            }
            v = class_of(c);
            if (v == joining) {
                ends[n - 1] = i;
                continue;
            }
        }
        uint8_t d = v & 0x1F;
        int bracket = v >> 7;  // a paired bracket (class ON)
        unsigned f = seen_of[d];
        seen |= f;
        if (f & (SEEN_B | SEEN_EXPLICIT)) {
            if (f & SEEN_EXPLICIT) return -2;  // LRE, LRO, RLE, RLO, PDF, FSI, LRI, RLI, PDI
            if (i < length && !(c == 0x0D && i + 1 == length && text[i] == 0x0A)) return -2;
        }
        if (bracket && is_angle_bracket(c)) return -2;
        if (d == BN) continue;
        if (first_strong == 0xFF && (BIT(d) & STRONG)) first_strong = d;
        // W1: a mark takes the type before it (at the start, the paragraph's: set below).
        uint8_t w = d;
        if (w == NSM && before != 0xFF) w = before;
        if (w != NSM) before = w;
        // W2: numbers after Arabic letters are Arabic; W3: Arabic letters are R.
        if (BIT(w) & STRONG) last_strong = w;
        else if (w == EN && last_strong == AL) w = AN;
        if (w == AL) w = R;
        // W4, one entry behind: one separator between two numbers of a kind joins them.
        if ((BIT(w) & (BIT(EN) | BIT(AN))) && n >= 2 && t[n - 2] == w) {
            uint8_t m = t[n - 1];
            if ((m == CS) || (m == ES && w == EN)) t[n - 1] = w;
        }
        if (bracket) scratch.pairs[brackets++] = n;
        classes[n] = d;
        t[n] = w;
        ends[n] = i;
        n++;
        joining = joins[d] && !bracket ? d : 0xFF;
    }
    // P2, P3.
    uint8_t level;
    if (base == 0 || base == 1) {
        level = (uint8_t)base;
    } else {
        level = first_strong != 0xFF && first_strong != L ? 1 : 0;
    }
    // Text of one direction (the paragraph level counted as L or R) is at the paragraph
    // level throughout: ubidi skips the rules then, even where they would raise numbers.
    memset(levels, level, (size_t)whole);
    seen |= (level & 1) ? SEEN_RTL : SEEN_LTR;
    int rtl = (seen & SEEN_RTL) || ((seen & SEEN_AN) && (seen & SEEN_NEUTRAL));
    if (!rtl || !(seen & SEEN_LTR) || n == 0) return level;
    const uint8_t e = (level & 1) ? R : L;  // the embedding direction, also sos and eos
    for (int32_t k = 0; k < n && t[k] == NSM; k++) t[k] = e;  // W1 at the start
    resolve_weak(n, e);
    if (brackets > 0) {  // every bracket (class ON, never BN) was listed
        brackets = pair_brackets(text, brackets);
        if (brackets < 0) return -2;
        resolve_brackets(brackets, e);
    }
    resolve_levels(n, level, levels);
    reset_whitespace(n, (seen & SEEN_S) != 0, level, levels);
    return level;
}
