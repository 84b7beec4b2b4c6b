#ifndef MSGFMT_BYTE_SCAN_H
#define MSGFMT_BYTE_SCAN_H

/* Finding the first byte of a kind in a buffer: sixteen bytes at a time with SSE2 where the
 * compiler targets it (every x86-64), one by one elsewhere and for the last bytes. These are
 * the scans reading JSON spends its time in: white space between tokens, the plain bytes of
 * a string, the strings, brackets and indentation the export scanner runs through.
 *
 * Each function takes a buffer `p`, a start `i` and an end `end` (offsets, `i <= end`),
 * reads only p[i..<end] and returns the first offset in it whose byte is of the kind, or
 * `end` when none is. They are static inline so that Swift inlines them where it calls
 * them; msgfmt_byte_scan_lanes says which path was built. */

#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#define MSGFMT_BYTE_SCAN_LANES 16
#else
#define MSGFMT_BYTE_SCAN_LANES 1
#endif

/* How many bytes the scans test at once: 16 with SSE2, else 1. */
int32_t msgfmt_byte_scan_lanes(void);

/* JSON white space: space, line feed, tab, carriage return. */
static inline int msgfmt_byte_scan_is_json_space(uint8_t b) {
    return b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D;
}

/* The first byte that is not JSON white space. */
static inline intptr_t msgfmt_byte_scan_json_space_end(const uint8_t *p, intptr_t i, intptr_t end) {
    /* Most calls find no white space or one space: those return before any vector work. */
    if (i < end && p[i] > 0x20) return i;
#if defined(__SSE2__)
    while (i + 16 <= end) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
        __m128i space = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x20)), _mm_cmpeq_epi8(v, _mm_set1_epi8(0x0A))),
            _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x09)), _mm_cmpeq_epi8(v, _mm_set1_epi8(0x0D))));
        unsigned other = (unsigned)_mm_movemask_epi8(space) ^ 0xFFFFu;
        if (other) return i + __builtin_ctz(other);
        i += 16;
    }
#endif
    while (i < end && msgfmt_byte_scan_is_json_space(p[i])) i++;
    return i;
}

/* The first byte inside a JSON string that is not plain ASCII: a quote, a backslash, a
 * control character (below 0x20) or a byte at or above 0x80. */
static inline intptr_t msgfmt_byte_scan_string_plain_end(const uint8_t *p, intptr_t i, intptr_t end) {
#if defined(__SSE2__)
    while (i + 16 <= end) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
        /* Compared as signed bytes, those at or above 0x80 are negative: below 0x20 too. */
        __m128i stop = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x22)), _mm_cmpeq_epi8(v, _mm_set1_epi8(0x5C))),
            _mm_cmplt_epi8(v, _mm_set1_epi8(0x20)));
        unsigned found = (unsigned)_mm_movemask_epi8(stop);
        if (found) return i + __builtin_ctz(found);
        i += 16;
    }
#endif
    while (i < end) {
        uint8_t b = p[i];
        if (b == 0x22 || b == 0x5C || b < 0x20 || b >= 0x80) break;
        i++;
    }
    return i;
}

/* The first quote, backslash or, when `line_breaks` is nonzero, line feed: where the export
 * scanner, inside a string, has to look. */
static inline intptr_t msgfmt_byte_scan_string_stop(const uint8_t *p, intptr_t i, intptr_t end, int line_breaks) {
#if defined(__SSE2__)
    __m128i third = _mm_set1_epi8(line_breaks ? 0x0A : 0x22);
    while (i + 16 <= end) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
        __m128i stop = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x22)), _mm_cmpeq_epi8(v, _mm_set1_epi8(0x5C))),
            _mm_cmpeq_epi8(v, third));
        unsigned found = (unsigned)_mm_movemask_epi8(stop);
        if (found) return i + __builtin_ctz(found);
        i += 16;
    }
#endif
    while (i < end) {
        uint8_t b = p[i];
        if (b == 0x22 || b == 0x5C || (line_breaks && b == 0x0A)) break;
        i++;
    }
    return i;
}

/* The first line feed or bracket (`{`, `}`, `[`, `]`). */
static inline intptr_t msgfmt_byte_scan_line_or_bracket(const uint8_t *p, intptr_t i, intptr_t end) {
#if defined(__SSE2__)
    while (i + 16 <= end) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
        /* With bit 0x20 set, `[` reads as `{` and `]` as `}`, and no other byte as either. */
        __m128i folded = _mm_or_si128(v, _mm_set1_epi8(0x20));
        __m128i stop = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(folded, _mm_set1_epi8(0x7B)), _mm_cmpeq_epi8(folded, _mm_set1_epi8(0x7D))),
            _mm_cmpeq_epi8(v, _mm_set1_epi8(0x0A)));
        unsigned found = (unsigned)_mm_movemask_epi8(stop);
        if (found) return i + __builtin_ctz(found);
        i += 16;
    }
#endif
    while (i < end) {
        uint8_t b = p[i], folded = b | 0x20;
        if (b == 0x0A || folded == 0x7B || folded == 0x7D) break;
        i++;
    }
    return i;
}

/* The first byte that is not a space, tab or carriage return: the end of a line's
 * indentation. */
static inline intptr_t msgfmt_byte_scan_indent_end(const uint8_t *p, intptr_t i, intptr_t end) {
    if (i < end && p[i] > 0x20) return i;
#if defined(__SSE2__)
    while (i + 16 <= end) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
        __m128i indent = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x20)), _mm_cmpeq_epi8(v, _mm_set1_epi8(0x09))),
            _mm_cmpeq_epi8(v, _mm_set1_epi8(0x0D)));
        unsigned other = (unsigned)_mm_movemask_epi8(indent) ^ 0xFFFFu;
        if (other) return i + __builtin_ctz(other);
        i += 16;
    }
#endif
    while (i < end && (p[i] == 0x20 || p[i] == 0x09 || p[i] == 0x0D)) i++;
    return i;
}

/* The first byte that may start something a JSON string written by msgfmt escapes: an
 * ASCII control, DEL, `"`, `\\`, `<`, or 0xC2 or 0xE2 (the lead bytes of C1 controls and of
 * U+2028 and U+2029). */
static inline intptr_t msgfmt_byte_scan_may_need_escape(const uint8_t *p, intptr_t i, intptr_t end) {
#if defined(__SSE2__)
    while (i + 16 <= end) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
        /* With bit 0x20 set, 0x22 also catches 0x02 (a control) and 0xE2 catches 0xC2. */
        __m128i folded = _mm_or_si128(v, _mm_set1_epi8(0x20));
        __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v);
        __m128i stop = _mm_or_si128(
            _mm_or_si128(_mm_or_si128(control, _mm_cmpeq_epi8(folded, _mm_set1_epi8(0x22))),
                         _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x5C)), _mm_cmpeq_epi8(v, _mm_set1_epi8(0x3C)))),
            _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F)), _mm_cmpeq_epi8(folded, _mm_set1_epi8((char)0xE2))));
        unsigned found = (unsigned)_mm_movemask_epi8(stop);
        if (found) return i + __builtin_ctz(found);
        i += 16;
    }
#endif
    while (i < end) {
        uint8_t b = p[i];
        if (b < 0x20 || b == 0x7F || b == 0x22 || b == 0x5C || b == 0x3C || b == 0xC2 || b == 0xE2) break;
        i++;
    }
    return i;
}

#endif
