#ifndef MSGFMT_BYTE_SCAN_H
#define MSGFMT_BYTE_SCAN_H

/* Finding the first byte of a kind in a buffer: sixteen bytes at a time with SSE2 where the
 * compiler targets it (every x86-64), one by one elsewhere and for the last bytes. These are
 * the scans reading JSON spends its time in: white space between tokens, the plain bytes of
 * a string, the strings, brackets and indentation the export scanner runs through, and the
 * bytes the JSON writer may escape.
 *
 * Each function takes a buffer `p`, a start `i` and an end `end` (offsets, `i <= end`),
 * reads only p[i..<end] and returns the first offset in it whose byte is of the kind, or
 * `end` when none is. They are static inline so that Swift inlines them where it calls
 * them; msgfmt_byte_scan_lanes says which path was built. The header ends with a cache
 * hint for lookups in tables larger than the caches (msgfmt_byte_scan_prefetch); message
 * text between UTF-8 and UTF-16 is in msgfmt_byte_scan_utf8.h, which it includes. */

#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#define MSGFMT_BYTE_SCAN_LANES 16
#else
#define MSGFMT_BYTE_SCAN_LANES 1
#endif

/* How many bytes the scans test at once: 16 with SSE2, else 1. */
int32_t msgfmt_byte_scan_lanes(void);

/* The body of every scan: returns the first offset from `i` before `end` whose byte `STOP`
 * (a function of one byte) says yes to. While sixteen bytes are left they are loaded into
 * `v` and `MASK`, an expression of `v`, gives a vector whose bytes are all ones where
 * `STOP` would say yes and zero elsewhere. */
#if defined(__SSE2__)
#define MSGFMT_BYTE_SCAN(p, i, end, MASK, STOP)                                \
    do {                                                                       \
        while ((i) + 16 <= (end)) {                                            \
            __m128i v = _mm_loadu_si128((const __m128i *)((p) + (i)));         \
            unsigned found = (unsigned)_mm_movemask_epi8(MASK);                \
            if (found) return (i) + __builtin_ctz(found);                      \
            (i) += 16;                                                         \
        }                                                                      \
        while ((i) < (end) && !STOP((p)[i])) (i)++;                            \
        return (i);                                                            \
    } while (0)
/* The lanes of `v` equal to `byte`. */
#define MSGFMT_BYTE_SCAN_EQ(v, byte) _mm_cmpeq_epi8((v), _mm_set1_epi8((char)(byte)))
#define MSGFMT_BYTE_SCAN_OR(a, b) _mm_or_si128((a), (b))
#else
#define MSGFMT_BYTE_SCAN(p, i, end, MASK, STOP)                                \
    do {                                                                       \
        while ((i) < (end) && !STOP((p)[i])) (i)++;                            \
        return (i);                                                            \
    } while (0)
#endif

/* The first byte that is not JSON white space (space, line feed, tab, carriage return). */
static inline int msgfmt_byte_scan_not_json_space(uint8_t b) {
    return !(b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D);
}
static inline intptr_t msgfmt_byte_scan_json_space_end(const uint8_t *p, intptr_t i, intptr_t end) {
    /* Most calls find no white space or one space (after a colon or comma, as most JSON
     * writers put it): those return before any vector work. */
    if (i < end && p[i] > 0x20) return i;
    if (i + 1 < end && p[i] == 0x20 && p[i + 1] > 0x20) return i + 1;
    MSGFMT_BYTE_SCAN(p, i, end,
        _mm_xor_si128(MSGFMT_BYTE_SCAN_OR(
            MSGFMT_BYTE_SCAN_OR(MSGFMT_BYTE_SCAN_EQ(v, 0x20), MSGFMT_BYTE_SCAN_EQ(v, 0x0A)),
            MSGFMT_BYTE_SCAN_OR(MSGFMT_BYTE_SCAN_EQ(v, 0x09), MSGFMT_BYTE_SCAN_EQ(v, 0x0D))), _mm_set1_epi8(-1)),
        msgfmt_byte_scan_not_json_space);
}

/* The first byte inside a JSON string that is not plain ASCII: a quote, a backslash, a
 * control character (below 0x20) or a byte at or above 0x80. */
static inline int msgfmt_byte_scan_not_plain(uint8_t b) {
    return b == 0x22 || b == 0x5C || b < 0x20 || b >= 0x80;
}
static inline intptr_t msgfmt_byte_scan_string_plain_end(const uint8_t *p, intptr_t i, intptr_t end) {
    /* Compared as signed bytes, those at or above 0x80 are negative: below 0x20 too. */
    MSGFMT_BYTE_SCAN(p, i, end,
        MSGFMT_BYTE_SCAN_OR(MSGFMT_BYTE_SCAN_OR(MSGFMT_BYTE_SCAN_EQ(v, 0x22), MSGFMT_BYTE_SCAN_EQ(v, 0x5C)),
                            _mm_cmplt_epi8(v, _mm_set1_epi8(0x20))),
        msgfmt_byte_scan_not_plain);
}

/* The first quote or backslash (`msgfmt_byte_scan_string_stop` without line breaks). */
static inline int msgfmt_byte_scan_quote_or_backslash(uint8_t b) { return b == 0x22 || b == 0x5C; }
static inline intptr_t msgfmt_byte_scan_quote_end(const uint8_t *p, intptr_t i, intptr_t end) {
    MSGFMT_BYTE_SCAN(p, i, end, MSGFMT_BYTE_SCAN_OR(MSGFMT_BYTE_SCAN_EQ(v, 0x22), MSGFMT_BYTE_SCAN_EQ(v, 0x5C)),
                     msgfmt_byte_scan_quote_or_backslash);
}

/* The first quote, backslash or line feed. */
static inline int msgfmt_byte_scan_quote_backslash_or_line(uint8_t b) { return b == 0x22 || b == 0x5C || b == 0x0A; }
static inline intptr_t msgfmt_byte_scan_quote_or_line_end(const uint8_t *p, intptr_t i, intptr_t end) {
    MSGFMT_BYTE_SCAN(p, i, end,
        MSGFMT_BYTE_SCAN_OR(MSGFMT_BYTE_SCAN_OR(MSGFMT_BYTE_SCAN_EQ(v, 0x22), MSGFMT_BYTE_SCAN_EQ(v, 0x5C)),
                            MSGFMT_BYTE_SCAN_EQ(v, 0x0A)),
        msgfmt_byte_scan_quote_backslash_or_line);
}

/* Where the export scanner, inside a string, has to look: the first quote, backslash or,
 * when `line_breaks` is nonzero, line feed. */
static inline intptr_t msgfmt_byte_scan_string_stop(const uint8_t *p, intptr_t i, intptr_t end, int line_breaks) {
    return line_breaks ? msgfmt_byte_scan_quote_or_line_end(p, i, end) : msgfmt_byte_scan_quote_end(p, i, end);
}

/* Brackets (`{`, `}`, `[`, `]`), one byte and the lanes of a vector `v`: with bit 0x20 set,
 * `[` reads as `{` and `]` as `}`, and no other byte as either. */
static inline int msgfmt_byte_scan_is_bracket(uint8_t b) { return (b | 0x20) == 0x7B || (b | 0x20) == 0x7D; }
#define MSGFMT_BYTE_SCAN_BRACKETS(v)                                                  \
    MSGFMT_BYTE_SCAN_OR(MSGFMT_BYTE_SCAN_EQ(_mm_or_si128((v), _mm_set1_epi8(0x20)), 0x7B), \
                        MSGFMT_BYTE_SCAN_EQ(_mm_or_si128((v), _mm_set1_epi8(0x20)), 0x7D))

/* The first line feed. */
static inline int msgfmt_byte_scan_is_line_feed(uint8_t b) { return b == 0x0A; }
static inline intptr_t msgfmt_byte_scan_line_end(const uint8_t *p, intptr_t i, intptr_t end) {
    MSGFMT_BYTE_SCAN(p, i, end, MSGFMT_BYTE_SCAN_EQ(v, 0x0A), msgfmt_byte_scan_is_line_feed);
}

/* The first quote, bracket or line feed. */
static inline int msgfmt_byte_scan_quote_bracket_or_line_byte(uint8_t b) {
    return b == 0x22 || b == 0x0A || msgfmt_byte_scan_is_bracket(b);
}
static inline intptr_t msgfmt_byte_scan_quote_or_bracket_or_line(const uint8_t *p, intptr_t i, intptr_t end) {
    MSGFMT_BYTE_SCAN(p, i, end,
        MSGFMT_BYTE_SCAN_OR(MSGFMT_BYTE_SCAN_BRACKETS(v), MSGFMT_BYTE_SCAN_OR(MSGFMT_BYTE_SCAN_EQ(v, 0x22), MSGFMT_BYTE_SCAN_EQ(v, 0x0A))),
        msgfmt_byte_scan_quote_bracket_or_line_byte);
}

/* In a pretty-printed export's message, from `i` (inside a line indented deeper than
 * `indent` columns): the first line feed at or after `i` whose next line is not known to
 * be indented deeper, that is whose next `indent + 1` bytes are not all spaces, tabs or
 * carriage returns (or not all before `end`); when no line feed follows, the start of the
 * line that runs to `end` (where no string is open: the scanner walks it from there). Sets
 * `*line_start` to where the line holding the result starts (`line_start_in` when that is
 * the line of `i`). Lines indented deeper than a message cannot end it, so the export
 * scanner passes over them with this, 64 bytes at a time, their strings and brackets
 * unread (msgfmt_byte_scan_message_depth counts those when a bracket needs the depth). */
intptr_t msgfmt_byte_scan_deeper_lines_end(
    const uint8_t *p, intptr_t i, intptr_t end, intptr_t indent, intptr_t line_start_in, intptr_t *line_start);

/* The depth of brackets inside a message of a pretty-printed export after its bytes from
 * `from` (no string open there) to `to`, `depth` at `from`: brackets outside strings
 * counted as the export scanner's byte steps count them on the lines that do not end the
 * message, where a string ends at its closing quote or its line and a closing bracket
 * leaves the depth at least one. */
intptr_t msgfmt_byte_scan_message_depth(const uint8_t *p, intptr_t from, intptr_t to, intptr_t depth);

/* The first quote or bracket: where skipping a JSON object or array outside its strings
 * has to look. */
static inline int msgfmt_byte_scan_quote_or_bracket_byte(uint8_t b) { return b == 0x22 || msgfmt_byte_scan_is_bracket(b); }
static inline intptr_t msgfmt_byte_scan_quote_or_bracket(const uint8_t *p, intptr_t i, intptr_t end) {
    MSGFMT_BYTE_SCAN(p, i, end, MSGFMT_BYTE_SCAN_OR(MSGFMT_BYTE_SCAN_BRACKETS(v), MSGFMT_BYTE_SCAN_EQ(v, 0x22)),
                     msgfmt_byte_scan_quote_or_bracket_byte);
}

/* The first byte that is not a space, tab or carriage return: the end of a line's
 * indentation. */
static inline int msgfmt_byte_scan_not_indent(uint8_t b) { return !(b == 0x20 || b == 0x09 || b == 0x0D); }
/* The lanes of `v` that are indentation: a space, tab or carriage return. */
#define MSGFMT_BYTE_SCAN_BLANKS(v) \
    MSGFMT_BYTE_SCAN_OR(MSGFMT_BYTE_SCAN_OR(MSGFMT_BYTE_SCAN_EQ(v, 0x20), MSGFMT_BYTE_SCAN_EQ(v, 0x09)), MSGFMT_BYTE_SCAN_EQ(v, 0x0D))
static inline intptr_t msgfmt_byte_scan_indent_end(const uint8_t *p, intptr_t i, intptr_t end) {
    if (i < end && p[i] > 0x20) return i;
    MSGFMT_BYTE_SCAN(p, i, end, _mm_xor_si128(MSGFMT_BYTE_SCAN_BLANKS(v), _mm_set1_epi8(-1)), msgfmt_byte_scan_not_indent);
}

/* The first byte that may start something a JSON string written by msgfmt escapes: an
 * ASCII control, DEL, `"`, `\\`, `<`, or 0xC2 or 0xE2 (the lead bytes of C1 controls and of
 * U+2028 and U+2029). With bit 0x20 set, 0x22 also catches 0x02 (a control) and 0xE2
 * catches 0xC2. */
static inline int msgfmt_byte_scan_may_need_escape_byte(uint8_t b) {
    return b < 0x20 || b == 0x7F || b == 0x22 || b == 0x5C || b == 0x3C || b == 0xC2 || b == 0xE2;
}
static inline intptr_t msgfmt_byte_scan_may_need_escape(const uint8_t *p, intptr_t i, intptr_t end) {
    MSGFMT_BYTE_SCAN(p, i, end,
        MSGFMT_BYTE_SCAN_OR(
            MSGFMT_BYTE_SCAN_OR(
                MSGFMT_BYTE_SCAN_OR(_mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v),
                                    MSGFMT_BYTE_SCAN_EQ(_mm_or_si128(v, _mm_set1_epi8(0x20)), 0x22)),
                MSGFMT_BYTE_SCAN_OR(MSGFMT_BYTE_SCAN_EQ(v, 0x5C), MSGFMT_BYTE_SCAN_EQ(v, 0x3C))),
            MSGFMT_BYTE_SCAN_OR(MSGFMT_BYTE_SCAN_EQ(v, 0x7F), MSGFMT_BYTE_SCAN_EQ(_mm_or_si128(v, _mm_set1_epi8(0x20)), 0xE2))),
        msgfmt_byte_scan_may_need_escape_byte);
}

/* The first byte beyond ASCII (0x80 or above): the high bit of each lane is what the
 * vector's byte mask reads, so the loaded bytes are their own mask. */
static inline int msgfmt_byte_scan_beyond_ascii_byte(uint8_t b) { return b >= 0x80; }
static inline intptr_t msgfmt_byte_scan_beyond_ascii(const uint8_t *p, intptr_t i, intptr_t end) {
    MSGFMT_BYTE_SCAN(p, i, end, v, msgfmt_byte_scan_beyond_ascii_byte);
}

/* The first byte that may start a scalar the terminal and HTML output replace with a
 * placeholder (DisplaySafety): an ASCII control, DEL, or 0xC2 or 0xE2 (the lead bytes of
 * C1 controls and of the bidi embeddings, overrides and isolates). With bit 0x20 set,
 * 0xE2 also catches 0xC2. */
static inline int msgfmt_byte_scan_may_be_unsafe_byte(uint8_t b) {
    return b < 0x20 || b == 0x7F || b == 0xC2 || b == 0xE2;
}
#if defined(__SSE2__)
/* The lanes of `v` that msgfmt_byte_scan_may_be_unsafe_byte says yes to. */
#define MSGFMT_BYTE_SCAN_UNSAFE_MASK(v)                                                         \
    MSGFMT_BYTE_SCAN_OR(                                                                      \
        MSGFMT_BYTE_SCAN_OR(_mm_cmpeq_epi8(_mm_min_epu8((v), _mm_set1_epi8(0x1F)), (v)),      \
                            MSGFMT_BYTE_SCAN_EQ((v), 0x7F)),                                  \
        MSGFMT_BYTE_SCAN_EQ(_mm_or_si128((v), _mm_set1_epi8(0x20)), 0xE2))
#endif
static inline intptr_t msgfmt_byte_scan_may_be_unsafe(const uint8_t *p, intptr_t i, intptr_t end) {
    MSGFMT_BYTE_SCAN(p, i, end, MSGFMT_BYTE_SCAN_UNSAFE_MASK(v), msgfmt_byte_scan_may_be_unsafe_byte);
}

/* msgfmt_byte_scan_may_be_unsafe for a buffer whose bytes before `i` may be read too
 * (p[0..<end] is readable): the bytes after the last whole vector are tested as the last
 * sixteen bytes before `end`, the lanes before `i` masked off, instead of one by one. For
 * the short pieces the terminal output appends to one growing buffer. */
static inline intptr_t msgfmt_byte_scan_may_be_unsafe_after(const uint8_t *p, intptr_t i, intptr_t end) {
#if defined(__SSE2__)
    if (end >= 16) {
        while (i + 16 <= end) {
            __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
            unsigned found = (unsigned)_mm_movemask_epi8(MSGFMT_BYTE_SCAN_UNSAFE_MASK(v));
            if (found) return i + __builtin_ctz(found);
            i += 16;
        }
        if (i == end) return end;
        __m128i v = _mm_loadu_si128((const __m128i *)(p + end - 16));
        unsigned found = (unsigned)_mm_movemask_epi8(MSGFMT_BYTE_SCAN_UNSAFE_MASK(v));
        found &= 0xFFFFu << (16 - (end - i));
        return found ? end - 16 + __builtin_ctz(found) : end;
    }
#endif
    return msgfmt_byte_scan_may_be_unsafe(p, i, end);
}

/* The first scalar the terminal and HTML output replace with a placeholder
 * (DisplaySafety), for a buffer whose bytes before `i` may be read too: each byte tested
 * with the two after it, sixteen at a time while two more are readable after the vector —
 * an ASCII control or DEL, C2 before a byte up to 9F (a C1 control), E2 80 before AA-AE or
 * E2 81 before A6-A9 (bidi embeddings, overrides and isolates) — so the other E2 sequences
 * (box drawing, dashes, quotes) are passed over in the vector loop. The last bytes are left
 * to msgfmt_byte_scan_may_be_unsafe_after, which answers the first that may start one. */
static inline intptr_t msgfmt_byte_scan_display_unsafe_after(const uint8_t *p, intptr_t i, intptr_t end) {
#if defined(__SSE2__)
    while (i + 18 <= end) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
        __m128i w1 = _mm_loadu_si128((const __m128i *)(p + i + 1));
        __m128i w2 = _mm_loadu_si128((const __m128i *)(p + i + 2));
        __m128i control = MSGFMT_BYTE_SCAN_OR(_mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v),
                                              MSGFMT_BYTE_SCAN_EQ(v, 0x7F));
        __m128i c1 = _mm_and_si128(MSGFMT_BYTE_SCAN_EQ(v, 0xC2),
                                   _mm_cmpeq_epi8(_mm_min_epu8(w1, _mm_set1_epi8((char)0x9F)), w1));
        __m128i d80 = _mm_sub_epi8(w2, _mm_set1_epi8((char)0xAA));
        __m128i d81 = _mm_sub_epi8(w2, _mm_set1_epi8((char)0xA6));
        __m128i bidi = MSGFMT_BYTE_SCAN_OR(
            _mm_and_si128(MSGFMT_BYTE_SCAN_EQ(w1, 0x80), _mm_cmpeq_epi8(_mm_min_epu8(d80, _mm_set1_epi8(4)), d80)),
            _mm_and_si128(MSGFMT_BYTE_SCAN_EQ(w1, 0x81), _mm_cmpeq_epi8(_mm_min_epu8(d81, _mm_set1_epi8(3)), d81)));
        __m128i found = MSGFMT_BYTE_SCAN_OR(MSGFMT_BYTE_SCAN_OR(control, c1),
                                            _mm_and_si128(MSGFMT_BYTE_SCAN_EQ(v, 0xE2), bidi));
        unsigned bits = (unsigned)_mm_movemask_epi8(found);
        if (bits) return i + __builtin_ctz(bits);
        i += 16;
    }
#endif
    return msgfmt_byte_scan_may_be_unsafe_after(p, i, end);
}

/* The first byte a link's URI percent-encodes (LinkPolicy): a space or an ASCII control,
 * DEL or anything beyond ASCII, or one of " ' < > \ `. With bit 0x02 set, 0x3E also catches
 * 0x3C (and nothing else). */
static inline int msgfmt_byte_scan_uri_escape_byte(uint8_t b) {
    return b <= 0x20 || b >= 0x7F || b == 0x22 || b == 0x27 || b == 0x3C || b == 0x3E || b == 0x5C || b == 0x60;
}
static inline intptr_t msgfmt_byte_scan_uri_escape(const uint8_t *p, intptr_t i, intptr_t end) {
    MSGFMT_BYTE_SCAN(p, i, end,
        MSGFMT_BYTE_SCAN_OR(
            MSGFMT_BYTE_SCAN_OR(
                MSGFMT_BYTE_SCAN_OR(_mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x20)), v),
                                    _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x7F)), v)),
                MSGFMT_BYTE_SCAN_OR(MSGFMT_BYTE_SCAN_EQ(v, 0x22), MSGFMT_BYTE_SCAN_EQ(v, 0x27))),
            MSGFMT_BYTE_SCAN_OR(
                MSGFMT_BYTE_SCAN_OR(MSGFMT_BYTE_SCAN_EQ(_mm_or_si128(v, _mm_set1_epi8(0x02)), 0x3E), MSGFMT_BYTE_SCAN_EQ(v, 0x5C)),
                MSGFMT_BYTE_SCAN_EQ(v, 0x60))),
        msgfmt_byte_scan_uri_escape_byte);
}

/* The first offset from `i` inside a JSON string whose byte is a quote, a backslash or a
 * control character, or `end`, when the bytes before it are valid UTF-8 (shortest forms of
 * scalar values, no surrogates); -1 when they are not. Sixteen bytes at a time with SSSE3,
 * UTF-8 checked by table lookups (asked of the processor once); `_walk` is the byte-wise
 * walk it falls back to, which the tests hold it to. */
intptr_t msgfmt_byte_scan_valid_plain_end(const uint8_t *p, intptr_t i, intptr_t end);
intptr_t msgfmt_byte_scan_valid_plain_end_walk(const uint8_t *p, intptr_t i, intptr_t end);

/* What a newline becomes in msgfmt_byte_scan_html_escape: `<br>`, itself, a space. */
enum { MSGFMT_HTML_NEWLINES_BREAK = 0, MSGFMT_HTML_NEWLINES_KEEP = 1, MSGFMT_HTML_NEWLINES_SPACE = 2 };

/* Writes the `count` UTF-16 units at `u` as HTML text or a quoted attribute value in UTF-8
 * at `out` (room for six bytes a unit) and returns the number of bytes: `& < > " '` as
 * character references, a newline as `newlines` says, a tab as itself (a space with
 * MSGFMT_HTML_NEWLINES_SPACE), other C0 controls and DEL as their control pictures
 * (U+2400 + the code, U+2421), C1 controls, the bidi embeddings, overrides and isolates and
 * lone surrogates as U+FFFD, everything else as its UTF-8. Plain ASCII goes eight units at
 * a time (SSE2). HTMLEscaping's byte path; its tests hold it to the string path. */
intptr_t msgfmt_byte_scan_html_escape(const uint16_t *u, intptr_t count, uint8_t *out, int newlines);

/* The end of the JSON value that starts at p[i] (no white space before it), when it is
 * valid as msgfmt's JSON parser reads it: objects and arrays nested at most `depth_room`
 * levels, strings of valid UTF-8 without raw control characters and with the escapes
 * \" \\ \/ \b \f \n \r \t and \u with four hex digits, numbers as
 * -?digits(.digits)?([eE][+-]?digits)?, and the literals true, false and null. Returns -1
 * for anything else, including what the parser accepts by option only (\x escapes) and
 * nesting deeper than 256 levels: the caller then reads the value on the parser's
 * checked path, which says what is wrong and where. */
intptr_t msgfmt_byte_scan_json_value_end(const uint8_t *p, intptr_t i, intptr_t end, intptr_t depth_room);

/* What the export's preview needs of the first line of UTF-8 text: it ends at the first
 * line feed or carriage return that is not part of CR LF (`cut`, or -1 when the text has
 * none); `continuations` counts the bytes before the cut (or the end) that continue a
 * UTF-8 sequence, `ascii_ink` says whether one of those bytes is ASCII other than a space,
 * tab, line feed, vertical tab, form feed or carriage return, `non_ascii` whether one is
 * at or above 0x80. */
typedef struct {
    intptr_t cut;
    intptr_t continuations;
    int32_t ascii_ink;
    int32_t non_ascii;
} msgfmt_byte_scan_first_line;
msgfmt_byte_scan_first_line msgfmt_byte_scan_first_line_of(const uint8_t *p, intptr_t end);

/* The head most Bot API entity objects start with, as the writers people use put them:
 * `{"type": "NAME", "offset": DIGITS, "length": DIGITS` with one space or none after each
 * colon and comma, NAME of 1 to 15 lowercase ASCII letters and underscores, each DIGITS one to 18
 * digits without a sign and with no digit, fraction or exponent after them. The name's
 * bytes lie at type_start..<type_end. */
typedef struct {
    intptr_t type_start;
    intptr_t type_end;
    int64_t offset;
    int64_t length;
} msgfmt_byte_scan_entity_head;

/* Matches that head at p[i] (its `{`): the offset after the length's last digit, with
 * `out` filled, or -1 when the bytes there are anything else (the caller then reads the
 * object member by member). */
intptr_t msgfmt_byte_scan_bot_entity_head(const uint8_t *p, intptr_t i, intptr_t end, msgfmt_byte_scan_entity_head *out);

/* A part object of a Telegram Desktop export's `text_entities` that holds only its type
 * and its text, as the export writes most of them: `{"type": "NAME", "text": "TEXT"}`
 * with any JSON white space between the tokens, NAME of lowercase ASCII letters and
 * underscores, TEXT valid UTF-8 without escapes or control characters. The name's bytes
 * lie at type_start..<type_end, the text's at text_start..<text_end. */
typedef struct {
    intptr_t type_start;
    intptr_t type_end;
    intptr_t text_start;
    intptr_t text_end;
} msgfmt_byte_scan_export_part;

/* Matches such a part at p[i] (its `{`): the offset after its `}`, with `out` filled, or
 * -1 when the bytes there are anything else (the caller then reads it member by member). */
intptr_t msgfmt_byte_scan_type_and_text_part(const uint8_t *p, intptr_t i, intptr_t end, msgfmt_byte_scan_export_part *out);

#if defined(__SSE2__)
/* The lanes of `v` that continue a UTF-8 sequence (0x80-0xBF). */
#define MSGFMT_BYTE_SCAN_CONTINUATION_MASK(v) MSGFMT_BYTE_SCAN_EQ(_mm_and_si128((v), _mm_set1_epi8((char)0xC0)), 0x80)
#endif

/* The number of UTF-16 code units the valid UTF-8 p[0..<end] becomes: one for each byte
 * that does not continue a sequence, and one more for each lead byte of four (0xF0 and
 * above). Sixteen bytes at a time. */
static inline intptr_t msgfmt_byte_scan_utf16_count(const uint8_t *p, intptr_t end) {
    intptr_t count = 0, i = 0;
#if defined(__SSE2__)
    while (i + 16 <= end) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
        unsigned continuation = (unsigned)_mm_movemask_epi8(MSGFMT_BYTE_SCAN_CONTINUATION_MASK(v));
        unsigned four = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8((char)0xF0)), v));
        count += 16 - __builtin_popcount(continuation) + __builtin_popcount(four);
        i += 16;
    }
#endif
    for (; i < end; i++) {
        if ((p[i] & 0xC0) != 0x80) count++;
        if (p[i] >= 0xF0) count++;
    }
    return count;
}

/* The first offset from `i` before `end` whose UTF-16 unit is `bound` (at least 1) or
 * above, or `end`: eight units at a time. Text of one script mostly sits below some
 * bound (Latin, Greek and Cyrillic below U+0590, where right-to-left scripts begin). */
static inline intptr_t msgfmt_byte_scan_unit_at_least(const uint16_t *u, intptr_t i, intptr_t end, uint16_t bound) {
#if defined(__SSE2__)
    /* A lane at or above the bound stays nonzero when bound - 1 is taken from it. */
    const __m128i below = _mm_set1_epi16((short)(bound - 1));
    while (i + 8 <= end) {
        __m128i v = _mm_subs_epu16(_mm_loadu_si128((const __m128i *)(u + i)), below);
        unsigned zero = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi16(v, _mm_setzero_si128()));
        if (zero != 0xFFFF) return i + __builtin_ctz(~zero & 0xFFFF) / 2;
        i += 8;
    }
#endif
    while (i < end && u[i] < bound) i++;
    return i;
}

/* The first offset from `i` before `end` whose UTF-16 unit is `unit`, or `end`: eight
 * units at a time (a paragraph's line feeds, far apart in most text). */
static inline intptr_t msgfmt_byte_scan_find_unit(const uint16_t *u, intptr_t i, intptr_t end, uint16_t unit) {
#if defined(__SSE2__)
    const __m128i wanted = _mm_set1_epi16((short)unit);
    while (i + 8 <= end) {
        unsigned equal = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_loadu_si128((const __m128i *)(u + i)), wanted));
        if (equal != 0) return i + __builtin_ctz(equal) / 2;
        i += 8;
    }
#endif
    while (i < end && u[i] != unit) i++;
    return i;
}

/* True for a UTF-16 unit that may belong to a code point of bidi class R, AL or AN or be
 * an explicit embedding, override or isolate: U+0590-U+08FF (Hebrew to Arabic Extended),
 * U+200F-U+2069 (the right-to-left mark, the embeddings, overrides and isolates and the
 * punctuation between them), U+FB1D-U+FEFF (Hebrew and Arabic presentation forms) and
 * every surrogate (the right-to-left scripts beyond the BMP). No other BMP code point is
 * of those classes (BidiFastPathTests checks the code-point table). */
static inline int msgfmt_byte_scan_may_be_rtl_unit(uint16_t u) {
    return (uint16_t)(u - 0x0590) <= 0x08FF - 0x0590 || (uint16_t)(u - 0x200F) <= 0x2069 - 0x200F ||
           (uint16_t)(u - 0xD800) <= 0xDFFF - 0xD800 || (uint16_t)(u - 0xFB1D) <= 0xFEFF - 0xFB1D;
}

/* The first offset from `i` before `end` whose unit msgfmt_byte_scan_may_be_rtl_unit says
 * yes to, or `end`: eight units at a time, those all below U+0590 (Latin, Greek, Cyrillic)
 * passed over with one test. Bidi's check for text that is all at level 0 looks up only
 * these units. */
static inline intptr_t msgfmt_byte_scan_may_be_rtl(const uint16_t *u, intptr_t i, intptr_t end) {
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
#define MSGFMT_BYTE_SCAN_UNITS_IN(v, low, high) \
    _mm_cmpeq_epi16(_mm_subs_epu16(_mm_sub_epi16((v), _mm_set1_epi16((short)(low))), _mm_set1_epi16((short)((high) - (low)))), zero)
    while (i + 8 <= end) {
        __m128i v = _mm_loadu_si128((const __m128i *)(u + i));
        if (_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_subs_epu16(v, _mm_set1_epi16(0x058F)), zero)) != 0xFFFF) {
            __m128i found = _mm_or_si128(
                _mm_or_si128(MSGFMT_BYTE_SCAN_UNITS_IN(v, 0x0590, 0x08FF), MSGFMT_BYTE_SCAN_UNITS_IN(v, 0x200F, 0x2069)),
                _mm_or_si128(MSGFMT_BYTE_SCAN_UNITS_IN(v, 0xD800, 0xDFFF), MSGFMT_BYTE_SCAN_UNITS_IN(v, 0xFB1D, 0xFEFF)));
            unsigned bits = (unsigned)_mm_movemask_epi8(found);
            if (bits) return i + __builtin_ctz(bits) / 2;
        }
        i += 8;
    }
#undef MSGFMT_BYTE_SCAN_UNITS_IN
#endif
    while (i < end && !msgfmt_byte_scan_may_be_rtl_unit(u[i])) i++;
    return i;
}

/* True for a UTF-16 unit whose scalar a JSON string escapes (what
 * msgfmt_byte_scan_may_need_escape_byte starts to flag in UTF-8, decided): the ASCII
 * controls, `"`, `<`, `\\`, DEL and the C1 controls (U+007F-U+009F), U+2028 and U+2029. */
static inline int msgfmt_byte_scan_json_escape_unit(uint16_t u) {
    return u < 0x20 || u == 0x22 || u == 0x3C || u == 0x5C || (uint16_t)(u - 0x7F) <= 0x9F - 0x7F || (u & 0xFFFE) == 0x2028;
}

/* The first offset from `i` before `end` whose unit msgfmt_byte_scan_json_escape_unit
 * says yes to, or `end`: eight units at a time. The JSON layout writes a fragment's
 * units as a string in one pass when none needs an escape. */
static inline intptr_t msgfmt_byte_scan_json_escape(const uint16_t *u, intptr_t i, intptr_t end) {
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    while (i + 8 <= end) {
        __m128i v = _mm_loadu_si128((const __m128i *)(u + i));
        /* Unsigned comparisons by saturating subtraction: zero where v <= bound. */
        __m128i control = _mm_cmpeq_epi16(_mm_subs_epu16(v, _mm_set1_epi16(0x1F)), zero);
        __m128i c1 = _mm_cmpeq_epi16(_mm_subs_epu16(_mm_sub_epi16(v, _mm_set1_epi16(0x7F)), _mm_set1_epi16(0x9F - 0x7F)), zero);
        __m128i marks = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi16(v, _mm_set1_epi16(0x22)), _mm_cmpeq_epi16(v, _mm_set1_epi16(0x3C))),
                                     _mm_cmpeq_epi16(v, _mm_set1_epi16(0x5C)));
        __m128i separators = _mm_cmpeq_epi16(_mm_and_si128(v, _mm_set1_epi16((short)0xFFFE)), _mm_set1_epi16(0x2028));
        unsigned bits = (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(control, c1), _mm_or_si128(marks, separators)));
        if (bits) return i + __builtin_ctz(bits) / 2;
        i += 8;
    }
#endif
    while (i < end && !msgfmt_byte_scan_json_escape_unit(u[i])) i++;
    return i;
}

/* The first offset from `i` before `end` whose 32-bit value is not `value`, or `end`:
 * eight values at a time, then four. Layout ends a line's fragment where the clusters'
 * run index changes, after a dozen or more clusters of one run as a rule. */
static inline intptr_t msgfmt_byte_scan_int32_other(const int32_t *p, intptr_t i, intptr_t end, int32_t value) {
#if defined(__SSE2__)
    const __m128i same = _mm_set1_epi32(value);
    while (i + 8 <= end) {
        __m128i a = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(p + i)), same);
        __m128i b = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(p + i + 4)), same);
        /* Packed to one 16-bit lane per value: two mask bits each. */
        unsigned equal = (unsigned)_mm_movemask_epi8(_mm_packs_epi32(a, b));
        if (equal != 0xFFFF) return i + __builtin_ctz(~equal & 0xFFFF) / 2;
        i += 8;
    }
    if (i + 4 <= end) {
        unsigned equal = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(p + i)), same));
        if (equal != 0xFFFF) return i + __builtin_ctz(~equal & 0xFFFF) / 4;
        i += 4;
    }
#endif
    while (i < end && p[i] == value) i++;
    return i;
}

/* Closes the clusters of a run of ASCII letters for the fused segmenter: from `k`, while
 * u[k] is an ASCII letter, the cluster ending at k (the letter before it: one cell, no
 * break after it) is written at entry *count of `ends`, `widths` and `breaks`, and both
 * move on. Returns where the letters end. Eight units at a time: the eight entries are
 * written whole and only those of letters counted, so the arrays must have room for
 * *count + 8 entries whenever k + 8 <= n (the segmenter's have one per unit, and fewer
 * clusters than units lie before k). */
static inline intptr_t msgfmt_byte_scan_close_ascii_letters(const uint16_t *u, intptr_t k, intptr_t n, intptr_t *ends,
                                                            intptr_t *widths, uint8_t *breaks, intptr_t *count) {
    intptr_t c = *count;
#if defined(__SSE2__)
    while (k + 8 <= n) {
        /* A letter's lane, its case bit set, less 'a', is at most 25 (unsigned). */
        __m128i v = _mm_or_si128(_mm_loadu_si128((const __m128i *)(u + k)), _mm_set1_epi16(0x20));
        __m128i over = _mm_subs_epu16(_mm_sub_epi16(v, _mm_set1_epi16(0x61)), _mm_set1_epi16(25));
        unsigned letters = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi16(over, _mm_setzero_si128()));
        intptr_t run = letters == 0xFFFF ? 8 : __builtin_ctz(~letters & 0xFFFF) / 2;
        /* The eight entries in ten stores: ends k ... k + 7, widths 1, breaks 0. */
        __m128i at = _mm_set1_epi64x((long long)k);
        __m128i one = _mm_set1_epi64x(1);
        _mm_storeu_si128((__m128i *)(ends + c), _mm_add_epi64(at, _mm_set_epi64x(1, 0)));
        _mm_storeu_si128((__m128i *)(ends + c + 2), _mm_add_epi64(at, _mm_set_epi64x(3, 2)));
        _mm_storeu_si128((__m128i *)(ends + c + 4), _mm_add_epi64(at, _mm_set_epi64x(5, 4)));
        _mm_storeu_si128((__m128i *)(ends + c + 6), _mm_add_epi64(at, _mm_set_epi64x(7, 6)));
        _mm_storeu_si128((__m128i *)(widths + c), one);
        _mm_storeu_si128((__m128i *)(widths + c + 2), one);
        _mm_storeu_si128((__m128i *)(widths + c + 4), one);
        _mm_storeu_si128((__m128i *)(widths + c + 6), one);
        _mm_storel_epi64((__m128i *)(breaks + c), _mm_setzero_si128());
        c += run;
        k += run;
        if (run < 8) {
            *count = c;
            return k;
        }
    }
#endif
    while (k < n && (uint16_t)((u[k] | 0x20) - 0x61) < 26) {
        ends[c] = k;
        widths[c] = 1;
        breaks[c] = 0;
        c++;
        k++;
    }
    *count = c;
    return k;
}

/* How many of the `count` UTF-16 units at `u` are `bound` (at least 1) or above: eight
 * units at a time, the lanes below the bound summed as they come (at most 4 095 blocks
 * per sum, so no lane overflows). */
static inline intptr_t msgfmt_byte_scan_count_units_at_least(const uint16_t *u, intptr_t count, uint16_t bound) {
    intptr_t below = 0, i = 0;
#if defined(__SSE2__)
    const __m128i step = _mm_set1_epi16((short)(bound - 1));
    while (i + 8 <= count) {
        __m128i sum = _mm_setzero_si128();
        intptr_t stop = i + 8 * 4095 < count ? i + 8 * 4095 : count;
        for (; i + 8 <= stop; i += 8) {
            __m128i v = _mm_subs_epu16(_mm_loadu_si128((const __m128i *)(u + i)), step);
            sum = _mm_sub_epi16(sum, _mm_cmpeq_epi16(v, _mm_setzero_si128()));
        }
        sum = _mm_madd_epi16(sum, _mm_set1_epi16(1));
        sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0x4E));
        sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0xB1));
        below += _mm_cvtsi128_si32(sum);
    }
#endif
    for (; i < count; i++) below += u[i] < bound;
    return count - below;
}

#include "msgfmt_byte_scan_utf8.h"

/* Asks the processor to start loading the cache line at `address` for reading, without
 * waiting for it: a hint that never faults, so any address may be passed. */
static inline void msgfmt_byte_scan_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

#endif
