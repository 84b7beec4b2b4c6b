// The byte scans are static inline in the header; this file holds what is not.

#include "msgfmt_byte_scan.h"
#include <string.h>

int32_t msgfmt_byte_scan_lanes(void) { return MSGFMT_BYTE_SCAN_LANES; }

/* The end of the UTF-8 sequence at p[i] (a byte at or above 0x80), or -1 when it is not
 * one: a shortest form of a scalar value (no surrogates, nothing above U+10FFFF). */
static intptr_t utf8_sequence_end(const uint8_t *p, intptr_t i, intptr_t end) {
    uint8_t b = p[i];
    uint8_t low = 0x80, high = 0xBF; /* the range of the second byte */
    intptr_t length;
    if (b >= 0xC2 && b <= 0xDF) {
        length = 2;
    } else if (b >= 0xE0 && b <= 0xEF) {
        length = 3;
        if (b == 0xE0) low = 0xA0;
        if (b == 0xED) high = 0x9F;
    } else if (b >= 0xF0 && b <= 0xF4) {
        length = 4;
        if (b == 0xF0) low = 0x90;
        if (b == 0xF4) high = 0x8F;
    } else {
        return -1;
    }
    if (end - i < length) return -1;
    if (p[i + 1] < low || p[i + 1] > high) return -1;
    for (intptr_t k = 2; k < length; k++) {
        if ((p[i + k] & 0xC0) != 0x80) return -1;
    }
    return i + length;
}

static int is_hex_digit(uint8_t b) {
    return (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);
}

/* The first offset from `i` inside a string whose byte is a quote, a backslash or a control
 * character, or `end`: plain ASCII passed sixteen bytes at a time, each non-ASCII sequence
 * checked as UTF-8 on the way; -1 at the first that is not valid. The walk for short
 * strings, the tail of long ones and machines without SSSE3. */
static intptr_t valid_plain_end_walk(const uint8_t *p, intptr_t i, intptr_t end) {
    for (;;) {
        i = msgfmt_byte_scan_string_plain_end(p, i, end);
        if (i >= end || p[i] < 0x80) return i;
        /* A word of non-ASCII letters is checked in this loop. */
        do {
            i = utf8_sequence_end(p, i, end);
            if (i < 0) return -1;
        } while (i < end && p[i] >= 0x80);
    }
}

#if defined(__SSE2__) && (defined(__x86_64__) || defined(__i386__))
#include <cpuid.h>
#include <tmmintrin.h>

/* The UTF-8 checks by table lookup that vector validators use: each byte's error bits come
 * from three 16-entry tables indexed by the high and low nibble of the byte before it and
 * the high nibble of the byte itself, ANDed; a byte that must continue a three- or
 * four-byte sequence (two or three after its lead) flips the bit that says two
 * continuations met. A lane is nonzero exactly where a sequence is broken, too long,
 * overlong, a surrogate or above U+10FFFF, at the byte that shows it. */
enum {
    UTF8_TOO_SHORT = 1 << 0,  /* a lead or ASCII, then a lead or ASCII where a continuation was due */
    UTF8_TOO_LONG = 1 << 1,   /* ASCII, then a continuation */
    UTF8_OVERLONG_3 = 1 << 2, /* E0 80-9F */
    UTF8_TOO_LARGE = 1 << 3,  /* F4 90-BF, F5-FF 90-BF */
    UTF8_SURROGATE = 1 << 4,  /* ED A0-BF */
    UTF8_OVERLONG_2 = 1 << 5, /* C0-C1 */
    UTF8_TOO_LARGE_1000 = 1 << 6, /* F5-FF 80-8F */
    UTF8_OVERLONG_4 = 1 << 6, /* F0 80-8F */
    UTF8_TWO_CONTS = 1 << 7,  /* a continuation, then a continuation */
    UTF8_CARRY = UTF8_TOO_SHORT | UTF8_TOO_LONG | UTF8_TWO_CONTS,
};

__attribute__((target("ssse3"))) static inline __m128i utf8_block_errors(__m128i v, __m128i prev) {
    const __m128i nibble = _mm_set1_epi8(0x0F);
    __m128i prev1 = _mm_alignr_epi8(v, prev, 15);
    __m128i prev2 = _mm_alignr_epi8(v, prev, 14);
    __m128i prev3 = _mm_alignr_epi8(v, prev, 13);
    const __m128i byte1_high_table = _mm_setr_epi8(
        UTF8_TOO_LONG, UTF8_TOO_LONG, UTF8_TOO_LONG, UTF8_TOO_LONG, UTF8_TOO_LONG, UTF8_TOO_LONG, UTF8_TOO_LONG,
        UTF8_TOO_LONG, (char)UTF8_TWO_CONTS, (char)UTF8_TWO_CONTS, (char)UTF8_TWO_CONTS, (char)UTF8_TWO_CONTS,
        UTF8_TOO_SHORT | UTF8_OVERLONG_2, UTF8_TOO_SHORT, UTF8_TOO_SHORT | UTF8_OVERLONG_3 | UTF8_SURROGATE,
        UTF8_TOO_SHORT | UTF8_TOO_LARGE | UTF8_TOO_LARGE_1000 | UTF8_OVERLONG_4);
    const char large = (char)(UTF8_CARRY | UTF8_TOO_LARGE | UTF8_TOO_LARGE_1000);
    const __m128i byte1_low_table = _mm_setr_epi8(
        (char)(UTF8_CARRY | UTF8_OVERLONG_3 | UTF8_OVERLONG_2 | UTF8_OVERLONG_4), (char)(UTF8_CARRY | UTF8_OVERLONG_2),
        (char)UTF8_CARRY, (char)UTF8_CARRY, (char)(UTF8_CARRY | UTF8_TOO_LARGE), large, large, large, large, large,
        large, large, large, (char)(UTF8_CARRY | UTF8_TOO_LARGE | UTF8_TOO_LARGE_1000 | UTF8_SURROGATE), large, large);
    const char c1000 = (char)(UTF8_TOO_LONG | UTF8_OVERLONG_2 | UTF8_TWO_CONTS | UTF8_OVERLONG_3 |
                              UTF8_TOO_LARGE_1000 | UTF8_OVERLONG_4);
    const char c1001 = (char)(UTF8_TOO_LONG | UTF8_OVERLONG_2 | UTF8_TWO_CONTS | UTF8_OVERLONG_3 | UTF8_TOO_LARGE);
    const char c101 = (char)(UTF8_TOO_LONG | UTF8_OVERLONG_2 | UTF8_TWO_CONTS | UTF8_SURROGATE | UTF8_TOO_LARGE);
    const __m128i byte2_high_table = _mm_setr_epi8(
        UTF8_TOO_SHORT, UTF8_TOO_SHORT, UTF8_TOO_SHORT, UTF8_TOO_SHORT, UTF8_TOO_SHORT, UTF8_TOO_SHORT, UTF8_TOO_SHORT,
        UTF8_TOO_SHORT, c1000, c1001, c101, c101, UTF8_TOO_SHORT, UTF8_TOO_SHORT, UTF8_TOO_SHORT, UTF8_TOO_SHORT);
    __m128i byte1_high = _mm_shuffle_epi8(byte1_high_table, _mm_and_si128(_mm_srli_epi16(prev1, 4), nibble));
    __m128i byte1_low = _mm_shuffle_epi8(byte1_low_table, _mm_and_si128(prev1, nibble));
    __m128i byte2_high = _mm_shuffle_epi8(byte2_high_table, _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
    __m128i special = _mm_and_si128(_mm_and_si128(byte1_high, byte1_low), byte2_high);
    /* Only E0 and above two back, or F0 and above three back, reach 0x80 after these. */
    __m128i third = _mm_subs_epu8(prev2, _mm_set1_epi8((char)(0xE0 - 0x80)));
    __m128i fourth = _mm_subs_epu8(prev3, _mm_set1_epi8((char)(0xF0 - 0x80)));
    __m128i due = _mm_and_si128(_mm_or_si128(third, fourth), _mm_set1_epi8((char)0x80));
    return _mm_xor_si128(due, special);
}

/* valid_plain_end sixteen bytes at a time, UTF-8 checked by utf8_block_errors: a block
 * without a byte at or above 0x80, after one that ended its last sequence, is tested for
 * stops only. The last bytes (fewer than sixteen) are copied into a block filled out with
 * quotes, whose first is then where the bytes end (a sequence they cut is broken by it). */
__attribute__((target("ssse3"))) static intptr_t valid_plain_end_ssse3(const uint8_t *p, intptr_t i, intptr_t end) {
    __m128i prev = _mm_setzero_si128();
    int pending = 0; /* the last block ended inside a sequence */
    /* Above these, a byte in the last three places of a block starts a sequence it does not finish. */
    const __m128i unfinished = _mm_setr_epi8(
        (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF,
        (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)(0xF0 - 1), (char)(0xE0 - 1), (char)(0xC0 - 1));
    for (;;) {
        __m128i v;
        if (end - i >= 16) {
            v = _mm_loadu_si128((const __m128i *)(p + i));
        } else {
            uint8_t last[16];
            memset(last, 0x22, sizeof last);
            memcpy(last, p + i, (size_t)(end - i));
            v = _mm_loadu_si128((const __m128i *)last);
        }
        __m128i controls = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v);
        unsigned stops = (unsigned)_mm_movemask_epi8(
            _mm_or_si128(_mm_or_si128(MSGFMT_BYTE_SCAN_EQ(v, 0x22), MSGFMT_BYTE_SCAN_EQ(v, 0x5C)), controls));
        unsigned high = (unsigned)_mm_movemask_epi8(v);
        if (high == 0 && !pending) {
            if (stops) return i + __builtin_ctz(stops);
            prev = v;
            i += 16;
            continue;
        }
        unsigned errors =
            0xFFFFu ^ (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(utf8_block_errors(v, prev), _mm_setzero_si128()));
        if (stops) {
            unsigned at = (unsigned)__builtin_ctz(stops);
            /* What breaks a sequence before the stop shows at the stop or before it. */
            return errors & ((2u << at) - 1) ? -1 : i + (intptr_t)at;
        }
        if (errors) return -1;
        pending = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_subs_epu8(v, unfinished), _mm_setzero_si128())) != 0xFFFF;
        prev = v;
        i += 16;
    }
}

/* 1 when the processor has SSSE3, asked once. */
static int has_ssse3(void) {
    static int known = 0; /* 0: not asked yet, 1: no, 2: yes */
    int k = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (k == 0) {
        unsigned a, b, c, d;
        k = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSSE3) ? 2 : 1;
        __atomic_store_n(&known, k, __ATOMIC_RELAXED);
    }
    return k == 2;
}
#endif

/* See msgfmt_byte_scan_valid_plain_end. Plain ASCII is passed over first, inline (most
 * member names and many strings are nothing else); the checks by table take over at the
 * first byte beyond ASCII when sixteen bytes are left. */
static inline __attribute__((always_inline)) intptr_t valid_plain_end(const uint8_t *p, intptr_t i, intptr_t end) {
    i = msgfmt_byte_scan_string_plain_end(p, i, end);
    if (i >= end || p[i] < 0x80) return i;
#if defined(__SSE2__) && (defined(__x86_64__) || defined(__i386__))
    if (end - i >= 16 && has_ssse3()) return valid_plain_end_ssse3(p, i, end);
#endif
    return valid_plain_end_walk(p, i, end);
}

intptr_t msgfmt_byte_scan_valid_plain_end(const uint8_t *p, intptr_t i, intptr_t end) {
    return valid_plain_end(p, i, end);
}

intptr_t msgfmt_byte_scan_valid_plain_end_walk(const uint8_t *p, intptr_t i, intptr_t end) {
    return valid_plain_end_walk(p, i, end);
}

/* The end of the string whose opening quote is p[i], or -1. */
static intptr_t json_string_end(const uint8_t *p, intptr_t i, intptr_t end) {
    i++;
    for (;;) {
        i = valid_plain_end(p, i, end);
        if (i < 0 || i >= end) return -1;
        uint8_t b = p[i];
        if (b == 0x22) return i + 1;
        if (b != 0x5C || end - i < 2) return -1; /* a control character, or a cut escape */
        switch (p[i + 1]) {
        case 0x22: case 0x5C: case 0x2F: case 0x62: case 0x66: case 0x6E: case 0x72: case 0x74:
            i += 2;
            break;
        case 0x75:
            if (end - i < 6 || !is_hex_digit(p[i + 2]) || !is_hex_digit(p[i + 3]) || !is_hex_digit(p[i + 4]) ||
                !is_hex_digit(p[i + 5]))
                return -1;
            i += 6;
            break;
        default:
            return -1;
        }
    }
}

/* The end of the digits from p[i], or -1 when there are none. */
static intptr_t json_digits_end(const uint8_t *p, intptr_t i, intptr_t end) {
    intptr_t start = i;
    while (i < end && p[i] >= 0x30 && p[i] <= 0x39) i++;
    return i > start ? i : -1;
}

/* The end of the number at p[i] (a minus sign or a digit), or -1. */
static intptr_t json_number_end(const uint8_t *p, intptr_t i, intptr_t end) {
    if (p[i] == 0x2D) i++;
    i = json_digits_end(p, i, end);
    if (i < 0) return -1;
    if (i < end && p[i] == 0x2E) {
        i = json_digits_end(p, i + 1, end);
        if (i < 0) return -1;
    }
    if (i < end && (p[i] == 0x65 || p[i] == 0x45)) {
        i++;
        if (i < end && (p[i] == 0x2B || p[i] == 0x2D)) i++;
        i = json_digits_end(p, i, end);
    }
    return i;
}

/* The end of `word` (`length` bytes) at p[i], or -1 when the bytes there differ. */
static intptr_t json_literal_end(const uint8_t *p, intptr_t i, intptr_t end, const char *word, intptr_t length) {
    if (end - i < length) return -1;
    for (intptr_t k = 0; k < length; k++) {
        if (p[i + k] != (uint8_t)word[k]) return -1;
    }
    return i + length;
}

#define MSGFMT_JSON_SKIP_MAX_DEPTH 256

intptr_t msgfmt_byte_scan_json_value_end(const uint8_t *p, intptr_t i, intptr_t end, intptr_t depth_room) {
    /* The closing bracket of each open container, innermost last. */
    uint8_t closers[MSGFMT_JSON_SKIP_MAX_DEPTH];
    intptr_t depth = 0;
    if (depth_room > MSGFMT_JSON_SKIP_MAX_DEPTH) depth_room = MSGFMT_JSON_SKIP_MAX_DEPTH;
value:
    if (i >= end) return -1;
    switch (p[i]) {
    case 0x7B: /* { */
    case 0x5B: /* [ */
        if (depth >= depth_room) return -1;
        closers[depth++] = p[i] + 2;
        i = msgfmt_byte_scan_json_space_end(p, i + 1, end);
        if (i < end && p[i] == closers[depth - 1]) {
            i++;
            depth--;
            goto after;
        }
        if (closers[depth - 1] == 0x7D) goto member;
        goto value;
    case 0x22: i = json_string_end(p, i, end); break;
    case 0x74: i = json_literal_end(p, i, end, "true", 4); break;
    case 0x66: i = json_literal_end(p, i, end, "false", 5); break;
    case 0x6E: i = json_literal_end(p, i, end, "null", 4); break;
    case 0x2D: case 0x30: case 0x31: case 0x32: case 0x33: case 0x34: case 0x35: case 0x36: case 0x37: case 0x38: case 0x39:
        i = json_number_end(p, i, end);
        break;
    default: return -1;
    }
    if (i < 0) return -1;
after:
    if (depth == 0) return i;
    i = msgfmt_byte_scan_json_space_end(p, i, end);
    if (i >= end) return -1;
    if (p[i] == 0x2C) { /* , */
        i = msgfmt_byte_scan_json_space_end(p, i + 1, end);
        if (closers[depth - 1] == 0x5D) goto value;
        goto member;
    }
    if (p[i] != closers[depth - 1]) return -1;
    i++;
    depth--;
    goto after;
member:
    /* At a member's name (white space before it passed over). */
    if (i >= end || p[i] != 0x22) return -1;
    i = json_string_end(p, i, end);
    if (i < 0) return -1;
    i = msgfmt_byte_scan_json_space_end(p, i, end);
    if (i >= end || p[i] != 0x3A) return -1;
    i = msgfmt_byte_scan_json_space_end(p, i + 1, end);
    goto value;
}

/* The offset of the quote that ends the name starting at p[i], when the name is 1 to 15
 * lowercase ASCII letters and underscores; -1 otherwise. Sixteen bytes at once where
 * they are there. */
static inline intptr_t lower_name_end(const uint8_t *p, intptr_t i, intptr_t end) {
#if defined(__SSE2__)
    if (end - i >= 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
        unsigned quotes = (unsigned)_mm_movemask_epi8(MSGFMT_BYTE_SCAN_EQ(v, 0x22));
        if (quotes == 0) return -1;
        unsigned length = (unsigned)__builtin_ctz(quotes);
        /* Lowercase letters (0x61-0x7A: minus 0x61 at most 25) and underscores. */
        __m128i shifted = _mm_sub_epi8(v, _mm_set1_epi8(0x61));
        __m128i letters = _mm_cmpeq_epi8(_mm_min_epu8(shifted, _mm_set1_epi8(25)), shifted);
        unsigned named = (unsigned)_mm_movemask_epi8(MSGFMT_BYTE_SCAN_OR(letters, MSGFMT_BYTE_SCAN_EQ(v, 0x5F)));
        unsigned wanted = (1u << length) - 1;
        if (length == 0 || (named & wanted) != wanted) return -1;
        return i + (intptr_t)length;
    }
#endif
    intptr_t k = i;
    while (k < end && k - i < 16 && ((p[k] >= 0x61 && p[k] <= 0x7A) || p[k] == 0x5F)) k++;
    if (k == i || k - i == 16 || k >= end || p[k] != 0x22) return -1;
    return k;
}

/* The eight bytes at p, as one little-endian word. */
static inline uint64_t entity_word(const uint8_t *p) {
    uint64_t word;
    memcpy(&word, p, 8);
    return word;
}

/* Moves *i past `word` (the eight bytes of `literal`) and the `last` byte after it, then
 * past one space if there is one; 0 when the bytes differ. Needs nine bytes at *i. */
static inline int entity_name(const uint8_t *p, intptr_t *i, intptr_t end, uint64_t word, uint8_t last) {
    if (end - *i < 10 || entity_word(p + *i) != word || p[*i + 8] != last) return 0;
    *i += 9;
    if (p[*i] == 0x20) *i += 1;
    return 1;
}

/* Moves *i past a comma and one space after it if there is one; 0 when no comma is there. */
static inline int entity_comma(const uint8_t *p, intptr_t *i, intptr_t end) {
    if (*i >= end || p[*i] != 0x2C) return 0;
    *i += 1;
    if (*i < end && p[*i] == 0x20) *i += 1;
    return 1;
}

/* Reads one to 18 digits at p[*i] with none, and no fraction or exponent, after them. */
static inline __attribute__((always_inline)) int entity_digits(const uint8_t *p, intptr_t *i, intptr_t end, int64_t *value) {
    const uint8_t *q = p + *i;
    intptr_t room = end - *i, k = 0;
    intptr_t most = room < 19 ? room : 19;
    int64_t v = 0;
    while (k < most && (uint8_t)(q[k] - 0x30) <= 9) {
        v = v * 10 + (q[k] - 0x30);
        k++;
    }
    if (k == 0 || k == 19 || k == room || q[k] == 0x2E || (q[k] | 0x20) == 0x65) return 0;
    *value = v;
    *i += k;
    return 1;
}

/* The words of `{"type":`, `"offset"` and `"length"`, as entity_word reads them. */
#define ENTITY_TYPE_WORD 0x3A2265707974227BULL
#define ENTITY_OFFSET_WORD 0x2274657366666F22ULL
#define ENTITY_LENGTH_WORD 0x226874676E656C22ULL

intptr_t msgfmt_byte_scan_bot_entity_head(const uint8_t *p, intptr_t i, intptr_t end, msgfmt_byte_scan_entity_head *out) {
    /* `{"type":`, a space and `"`, then the name: 26 bytes at least. */
    if (end - i < 10 + 16 || entity_word(p + i) != ENTITY_TYPE_WORD) return -1;
    i += 8;
    if (p[i] == 0x20) i++;
    if (p[i] != 0x22) return -1;
    intptr_t name = ++i;
    intptr_t quote = lower_name_end(p, name, end);
    if (quote < 0) return -1;
    out->type_start = name;
    out->type_end = quote;
    i = quote + 1;
    if (!entity_comma(p, &i, end) || !entity_name(p, &i, end, ENTITY_OFFSET_WORD, 0x3A) ||
        !entity_digits(p, &i, end, &out->offset))
        return -1;
    if (!entity_comma(p, &i, end) || !entity_name(p, &i, end, ENTITY_LENGTH_WORD, 0x3A) ||
        !entity_digits(p, &i, end, &out->length))
        return -1;
    return i;
}

/* Moves *i past white space, the quoted member name whose six bytes (quotes included) are
 * `head` (the first four, as a little-endian word) and `tail` (the last two), the white
 * space and colon after it, and the white space after that; 0 when the bytes differ. */
static inline __attribute__((always_inline)) int part_member(
    const uint8_t *p, intptr_t *i, intptr_t end, uint32_t head, uint16_t tail) {
    intptr_t k = msgfmt_byte_scan_json_space_end(p, *i, end);
    if (end - k < 6) return 0;
    uint32_t first;
    uint16_t last;
    memcpy(&first, p + k, 4);
    memcpy(&last, p + k + 4, 2);
    if (first != head || last != tail) return 0;
    k = msgfmt_byte_scan_json_space_end(p, k + 6, end);
    if (k >= end || p[k] != 0x3A) return 0;
    *i = msgfmt_byte_scan_json_space_end(p, k + 1, end);
    return 1;
}

/* `"type"` and `"text"` as part_member takes them. */
#define PART_TYPE_HEAD 0x70797422u
#define PART_TYPE_TAIL 0x2265u
#define PART_TEXT_HEAD 0x78657422u
#define PART_TEXT_TAIL 0x2274u

/* Moves *i past white space and `byte`; 0 when another byte comes first. */
static inline __attribute__((always_inline)) int part_byte(const uint8_t *p, intptr_t *i, intptr_t end, uint8_t byte) {
    intptr_t k = msgfmt_byte_scan_json_space_end(p, *i, end);
    if (k >= end || p[k] != byte) return 0;
    *i = k + 1;
    return 1;
}

intptr_t msgfmt_byte_scan_type_and_text_part(const uint8_t *p, intptr_t i, intptr_t end, msgfmt_byte_scan_export_part *out) {
    if (i >= end || p[i] != 0x7B) return -1;
    i++;
    if (!part_member(p, &i, end, PART_TYPE_HEAD, PART_TYPE_TAIL)) return -1;
    if (i >= end || p[i] != 0x22) return -1;
    intptr_t name = ++i;
    i = lower_name_end(p, name, end);
    if (i < 0) return -1;
    out->type_start = name;
    out->type_end = i++;
    if (!part_byte(p, &i, end, 0x2C) || !part_member(p, &i, end, PART_TEXT_HEAD, PART_TEXT_TAIL)) return -1;
    if (i >= end || p[i] != 0x22) return -1;
    intptr_t text = ++i;
    /* The text ends at its quote; an escape or a control character leaves the part to the caller. */
    i = valid_plain_end(p, text, end);
    if (i < 0 || i >= end || p[i] != 0x22) return -1;
    out->text_start = text;
    out->text_end = i++;
    if (!part_byte(p, &i, end, 0x7D)) return -1;
    return i;
}

/* One byte of msgfmt_byte_scan_first_line_of's walk (not a line feed or carriage return). */
static void first_line_byte(uint8_t b, msgfmt_byte_scan_first_line *out) {
    if (b >= 0x80) {
        out->non_ascii = 1;
        if (b < 0xC0) out->continuations++;
    } else if (b != 0x20 && (b < 0x09 || b > 0x0D)) {
        out->ascii_ink = 1;
    }
}

msgfmt_byte_scan_first_line msgfmt_byte_scan_first_line_of(const uint8_t *p, intptr_t end) {
    msgfmt_byte_scan_first_line out = {-1, 0, 0, 0};
    intptr_t i = 0;
    while (i < end) {
#if defined(__SSE2__)
        /* Sixteen bytes without a line break at a time: the continuation bytes counted,
         * ink and non-ASCII bytes noted from masks. */
        while (i + 16 <= end) {
            __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
            unsigned breaks = (unsigned)_mm_movemask_epi8(
                MSGFMT_BYTE_SCAN_OR(MSGFMT_BYTE_SCAN_EQ(v, 0x0A), MSGFMT_BYTE_SCAN_EQ(v, 0x0D)));
            if (breaks) break;
            unsigned high = (unsigned)_mm_movemask_epi8(v);
            unsigned continuation = (unsigned)_mm_movemask_epi8(MSGFMT_BYTE_SCAN_CONTINUATION_MASK(v));
            /* Blank ASCII: a space, or 0x09-0x0D (those minus 9 are at most 4). */
            __m128i shifted = _mm_sub_epi8(v, _mm_set1_epi8(0x09));
            unsigned blank = (unsigned)_mm_movemask_epi8(MSGFMT_BYTE_SCAN_OR(
                MSGFMT_BYTE_SCAN_EQ(v, 0x20), _mm_cmpeq_epi8(_mm_min_epu8(shifted, _mm_set1_epi8(0x04)), shifted)));
            if (high) out.non_ascii = 1;
            if (~(high | blank) & 0xFFFFu) out.ascii_ink = 1;
            out.continuations += __builtin_popcount(continuation);
            i += 16;
        }
#endif
        /* Byte by byte up to the line break the vector held (or the end). */
        while (i < end && p[i] != 0x0A && p[i] != 0x0D) first_line_byte(p[i++], &out);
        if (i >= end) break;
        if (p[i] == 0x0D && i + 1 < end && p[i + 1] == 0x0A) {
            i += 2;
            continue;
        }
        out.cut = i;
        return out;
    }
    return out;
}

#if defined(__SSE2__)
/* The line feeds and the blanks (space, tab, carriage return) among the 64 bytes at `p`, one
 * bit per byte in order. */
static inline void lines_and_blanks(const uint8_t *p, uint64_t *lines, uint64_t *blanks) {
    uint64_t l = 0, b = 0;
    for (int k = 0; k < 4; k++) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + 16 * k));
        l |= (uint64_t)(unsigned)_mm_movemask_epi8(MSGFMT_BYTE_SCAN_EQ(v, 0x0A)) << (16 * k);
        b |= (uint64_t)(unsigned)_mm_movemask_epi8(MSGFMT_BYTE_SCAN_BLANKS(v)) << (16 * k);
    }
    *lines = l;
    *blanks = b;
}
#endif

intptr_t msgfmt_byte_scan_deeper_lines_end(
    const uint8_t *p, intptr_t i, intptr_t end, intptr_t indent, intptr_t line_start_in, intptr_t *line_start) {
    intptr_t start = line_start_in;
    intptr_t n = indent + 1;
#if defined(__SSE2__)
    /* 64 bytes at a time while they last: the line feed of bit b goes on to a deeper line
     * when bits b+1 ... b+n of the blanks are all set, which the window decides for
     * b <= 63 - n; the next window starts at the first bit it did not decide. */
    if (n < 48) {
        uint64_t decided = ~(uint64_t)0 >> n;
        while (i + 64 <= end) {
            uint64_t lines, blanks;
            lines_and_blanks(p + i, &lines, &blanks);
            /* Bits q where q ... q+n-1 are all blanks, by doubling the run checked. */
            uint64_t run = blanks;
            for (intptr_t have = 1; have < n;) {
                intptr_t step = have <= n - have ? have : n - have;
                run &= run >> step;
                have += step;
            }
            lines &= decided;
            uint64_t shallow = lines & ~(run >> 1);
            if (shallow) {
                intptr_t b = __builtin_ctzll(shallow);
                uint64_t before = lines & ((((uint64_t)1) << b) - 1);
                if (before) start = i + 64 - __builtin_clzll(before);
                *line_start = start;
                return i + b;
            }
            if (lines) start = i + 64 - __builtin_clzll(lines);
            i += 64 - n;
        }
    }
#endif
    /* The rest a line at a time. */
    for (;;) {
        intptr_t k = msgfmt_byte_scan_line_end(p, i, end);
        if (k >= end) break;
        intptr_t text = k + 1 + n;
        if (text > end) {
            *line_start = start;
            return k;
        }
        for (intptr_t m = k + 1; m < text; m++) {
            if (msgfmt_byte_scan_not_indent(p[m])) {
                *line_start = start;
                return k;
            }
        }
        start = k + 1;
        i = text;
    }
    /* The last line runs to the end: its start, where the string it may hold is known. */
    *line_start = start;
    return start;
}

intptr_t msgfmt_byte_scan_message_depth(const uint8_t *p, intptr_t from, intptr_t to, intptr_t depth) {
    intptr_t k = from;
    while (k < to) {
        /* Runs without a bracket, quote or line feed passed over sixteen bytes at a time. */
        k = msgfmt_byte_scan_quote_or_bracket_or_line(p, k, to);
        if (k >= to) break;
        uint8_t b = p[k++];
        if (b == 0x22) {
            /* A string: to its closing quote, an escaped byte taken as it is unless it is
             * a line feed (strings end with their line). */
            for (;;) {
                k = msgfmt_byte_scan_quote_or_line_end(p, k, to);
                if (k >= to || p[k] == 0x0A) break;
                if (p[k++] == 0x22) break;
                if (k < to && p[k] != 0x0A) k++;
            }
        } else if (b == 0x7B || b == 0x5B) {
            depth++;
        } else if (b == 0x7D || b == 0x5D) {
            depth = depth > 1 ? depth - 1 : 1;
        }
    }
    return depth;
}

/* Writes `s` (`n` bytes) at `o` and returns where the next bytes go. */
static inline __attribute__((always_inline)) uint8_t *put_bytes(uint8_t *o, const char *s, intptr_t n) {
    memcpy(o, s, (size_t)n);
    return o + n;
}

/* Writes the three-byte UTF-8 of `c` (U+0800 to U+FFFF) at `o`. */
static inline __attribute__((always_inline)) uint8_t *put_three(uint8_t *o, uint32_t c) {
    o[0] = (uint8_t)(0xE0 | (c >> 12));
    o[1] = (uint8_t)(0x80 | ((c >> 6) & 0x3F));
    o[2] = (uint8_t)(0x80 | (c & 0x3F));
    return o + 3;
}

intptr_t msgfmt_byte_scan_html_escape(const uint16_t *u, intptr_t count, uint8_t *out, int newlines) {
    uint8_t *o = out;
    intptr_t i = 0;
    while (i < count) {
#if defined(__SSE2__)
        /* Plain ASCII, eight units at a time: below 0x20 or from 0x7F on sets a lane's top bit
         * in x or in x + 0x7FA1 (x = u - 0x20), and the five markup characters are compared
         * (0x26/0x27 and 0x3C/0x3E folded by setting their low bits). */
        while (i + 8 <= count) {
            __m128i v = _mm_loadu_si128((const __m128i *)(u + i));
            __m128i x = _mm_sub_epi16(v, _mm_set1_epi16(0x20));
            __m128i range = _mm_srai_epi16(_mm_or_si128(_mm_add_epi16(x, _mm_set1_epi16(0x7FA1)), x), 15);
            __m128i markup = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi16(v, _mm_set1_epi16(0x22)),
                             _mm_cmpeq_epi16(_mm_or_si128(v, _mm_set1_epi16(1)), _mm_set1_epi16(0x27))),
                _mm_cmpeq_epi16(_mm_or_si128(v, _mm_set1_epi16(2)), _mm_set1_epi16(0x3E)));
            unsigned plain = ~(unsigned)_mm_movemask_epi8(_mm_or_si128(range, markup)) & 0xFFFF;
            if (!msgfmt_byte_scan_keep_lanes(v, plain, &o, &i)) break;
        }
        if (i >= count) break;
#endif
        uint16_t c = u[i];
        if (c < 0x80) {
            i++;
            switch (c) {
            case 0x26: o = put_bytes(o, "&amp;", 5); break;
            case 0x3C: o = put_bytes(o, "&lt;", 4); break;
            case 0x3E: o = put_bytes(o, "&gt;", 4); break;
            case 0x22: o = put_bytes(o, "&quot;", 6); break;
            case 0x27: o = put_bytes(o, "&#39;", 5); break;
            case 0x0A:
                if (newlines == MSGFMT_HTML_NEWLINES_BREAK) o = put_bytes(o, "<br>", 4);
                else *o++ = newlines == MSGFMT_HTML_NEWLINES_KEEP ? 0x0A : 0x20;
                break;
            case 0x09: *o++ = newlines == MSGFMT_HTML_NEWLINES_SPACE ? 0x20 : 0x09; break;
            case 0x7F: o = put_three(o, 0x2421); break;
            default: o = c < 0x20 ? put_three(o, 0x2400u + c) : (*o = (uint8_t)c, o + 1); break;
            }
            continue;
        }
        /* A run of units beyond ASCII, scalar by scalar, up to the next ASCII unit: C1 controls
         * and the bidi embeddings, overrides and isolates shown as U+FFFD, the rest as UTF-8
         * (a lone surrogate as U+FFFD too). */
        do {
            if (c < 0xA0 || (uint16_t)(c - 0x202A) <= 4 || (uint16_t)(c - 0x2066) <= 3) {
                o = put_three(o, 0xFFFD);
                i++;
            } else {
                msgfmt_byte_scan_put put = msgfmt_byte_scan_put_scalar(c, u, i, count, o);
                i += put.units;
                o = put.next;
            }
            if (i >= count) break;
            c = u[i];
        } while (c >= 0x80);
    }
    return o - out;
}
