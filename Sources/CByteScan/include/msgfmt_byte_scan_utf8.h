#ifndef MSGFMT_BYTE_SCAN_UTF8_H
#define MSGFMT_BYTE_SCAN_UTF8_H

/* Between UTF-8 and UTF-16. Writing UTF-16 units as UTF-8: a whole text
 * (msgfmt_byte_scan_encode_utf8, what every emitter writes message text through) or its
 * prefix that markup escapers pass through unchanged (msgfmt_byte_scan_copy_wordlike); a
 * surrogate pair is written as its scalar and a lone surrogate as U+FFFD, as
 * String(decoding:as: UTF16.self) makes it; with SSE2, eight units go at a time. Reading
 * valid UTF-8 as UTF-16 (msgfmt_byte_scan_decode_utf8, every message's text): ASCII sixteen
 * bytes at a time, two-byte scalars four at a time. */

#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* True for a UTF-16 unit that is an ASCII letter or digit, a space, or U+00A0 and above
 * (beyond the C1 controls): what most of a message's text is made of, and what escapers
 * of markup formats pass through unchanged. */
static inline int msgfmt_byte_scan_is_wordlike_unit(uint16_t u) {
    return (uint16_t)((u | 0x20) - 0x61) <= 25 || (uint16_t)(u - 0x30) <= 9 || u == 0x20 || u >= 0xA0;
}

#if defined(__SSE2__)
/* Stores the eight 16-bit lanes of `v` narrowed to bytes at `*o` and moves `*o` and `*i`
 * past the lanes `mask` (a byte movemask of 16-bit lanes) keeps, up to the first it does
 * not; returns whether it kept all eight. Every lane kept must be ASCII (narrowing then
 * keeps its byte); all eight bytes are stored. */
__attribute__((always_inline)) static inline int msgfmt_byte_scan_keep_lanes(__m128i v, unsigned mask, uint8_t **o, intptr_t *i) {
    _mm_storel_epi64((__m128i *)*o, _mm_packus_epi16(v, v));
    if (mask == 0xFFFF) {
        *o += 8;
        *i += 8;
        return 1;
    }
    intptr_t kept = __builtin_ctz(~mask & 0xFFFF) / 2;
    *o += kept;
    *i += kept;
    return 0;
}
#endif

/* What msgfmt_byte_scan_put_scalar did: the units the scalar took, and where the bytes
 * after it go. */
typedef struct {
    intptr_t units;
    uint8_t *next;
} msgfmt_byte_scan_put;

/* Writes at `o` the UTF-8 of the scalar that starts with unit `c` (at U+0080 or above),
 * which is `u[i]` of the units before `end`. A lone surrogate is written as U+FFFD, as
 * String(decoding:as:) makes it. */
__attribute__((always_inline)) static inline msgfmt_byte_scan_put msgfmt_byte_scan_put_scalar(uint16_t c, const uint16_t *u,
                                                                                              intptr_t i, intptr_t end,
                                                                                              uint8_t *o) {
    if (c < 0x800) {
        o[0] = (uint8_t)(0xC0 | (c >> 6));
        o[1] = (uint8_t)(0x80 | (c & 0x3F));
        return (msgfmt_byte_scan_put){1, o + 2};
    }
    if (c < 0xD800 || c > 0xDFFF) {
        o[0] = (uint8_t)(0xE0 | (c >> 12));
        o[1] = (uint8_t)(0x80 | ((c >> 6) & 0x3F));
        o[2] = (uint8_t)(0x80 | (c & 0x3F));
        return (msgfmt_byte_scan_put){1, o + 3};
    }
    if (c < 0xDC00 && i + 1 < end && u[i + 1] >= 0xDC00 && u[i + 1] <= 0xDFFF) {
        uint32_t value = 0x10000 + (((uint32_t)c - 0xD800) << 10) + ((uint32_t)u[i + 1] - 0xDC00);
        o[0] = (uint8_t)(0xF0 | (value >> 18));
        o[1] = (uint8_t)(0x80 | ((value >> 12) & 0x3F));
        o[2] = (uint8_t)(0x80 | ((value >> 6) & 0x3F));
        o[3] = (uint8_t)(0x80 | (value & 0x3F));
        return (msgfmt_byte_scan_put){2, o + 4};
    }
    o[0] = 0xEF;
    o[1] = 0xBF;
    o[2] = 0xBD;
    return (msgfmt_byte_scan_put){1, o + 3};
}

/* Writes the UTF-8 of the units from `i` before `end` up to the first that is not
 * word-like (msgfmt_byte_scan_is_wordlike_unit) to `out` and returns that unit's offset, or
 * `end`; `*written` gets the number of bytes. ASCII letters, digits and spaces go eight
 * units at a time; a surrogate pair is written as its scalar and a lone surrogate as
 * U+FFFD, as UTF16Text.encodeUTF8 writes them. `out` must have room for three bytes a
 * unit: an eight-unit store may write past what it keeps, never past that room. */
static inline intptr_t msgfmt_byte_scan_copy_wordlike(const uint16_t *u, intptr_t i, intptr_t end, uint8_t *out,
                                                      intptr_t *written) {
    uint8_t *o = out;
    for (;;) {
#if defined(__SSE2__)
        const __m128i zero = _mm_setzero_si128();
        while (i + 8 <= end) {
            __m128i v = _mm_loadu_si128((const __m128i *)(u + i));
            __m128i letter = _mm_subs_epu16(_mm_sub_epi16(_mm_or_si128(v, _mm_set1_epi16(0x20)), _mm_set1_epi16(0x61)), _mm_set1_epi16(25));
            __m128i digit = _mm_subs_epu16(_mm_sub_epi16(v, _mm_set1_epi16(0x30)), _mm_set1_epi16(9));
            __m128i yes = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi16(letter, zero), _mm_cmpeq_epi16(digit, zero)),
                                       _mm_cmpeq_epi16(v, _mm_set1_epi16(0x20)));
            /* The lanes kept are ASCII letters, digits and spaces. */
            if (msgfmt_byte_scan_keep_lanes(v, (unsigned)_mm_movemask_epi8(yes), &o, &i)) continue;
            break;
        }
#endif
        if (i >= end) break;
        uint16_t c = u[i];
        if (c < 0x80) {
            /* Fewer than eight units are left. */
            if (!msgfmt_byte_scan_is_wordlike_unit(c)) break;
            *o++ = (uint8_t)c;
            i++;
            continue;
        }
        if (c < 0xA0) break;
        /* A run of units from U+00A0 on, one scalar at a time, until an ASCII unit (which
         * starts the next block) or a C1 control. */
        for (;;) {
            msgfmt_byte_scan_put put = msgfmt_byte_scan_put_scalar(c, u, i, end, o);
            i += put.units;
            o = put.next;
            if (i >= end) break;
            c = u[i];
            if (c < 0xA0) break;
        }
    }
    *written = o - out;
    return i;
}

#if defined(__SSE2__)
/* Writes at `o` the UTF-8 of the eight units of `v`, none of them a surrogate and not all
 * ASCII (`ascii`, a byte movemask of 16-bit lanes, has a pair of bits set for each ASCII
 * lane), and returns where the next bytes go. Each lane's bytes are made in a 16-bit word
 * (when every lane takes one or two bytes) or a 32-bit word (when some take three) and
 * stored whole, the next lane's store overwriting what is past the lane's own bytes: so
 * up to three bytes past the block's UTF-8 are written, and `o` must have room for them. */
__attribute__((always_inline)) static inline uint8_t *msgfmt_byte_scan_put_eight(__m128i v, unsigned ascii, uint8_t *o) {
    const __m128i zero = _mm_setzero_si128();
    unsigned beyond_two = ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(v, _mm_set1_epi16((short)0xF800)), zero)) & 0xFFFF;
    /* Lane k takes 1 + (bit 2k of `wide`) + (bit 2k of `beyond_two`) bytes. */
    unsigned wide = ~ascii & 0xFFFF;
    if (beyond_two == 0) {
        /* Two bytes 110xxxxx 10xxxxxx, lead first (the low byte of the word), or the ASCII unit. */
        __m128i lead = _mm_or_si128(_mm_srli_epi16(v, 6), _mm_set1_epi16(0xC0));
        __m128i trail = _mm_slli_epi16(_mm_or_si128(_mm_and_si128(v, _mm_set1_epi16(0x3F)), _mm_set1_epi16(0x80)), 8);
        __m128i isASCII = _mm_cmpeq_epi16(_mm_and_si128(v, _mm_set1_epi16((short)0xFF80)), zero);
        __m128i w = _mm_or_si128(_mm_and_si128(isASCII, v), _mm_andnot_si128(isASCII, _mm_or_si128(lead, trail)));
        if (wide == 0xFFFF) {
            _mm_storeu_si128((__m128i *)o, w);
            return o + 16;
        }
        uint16_t words[8];
        _mm_storeu_si128((__m128i *)words, w);
        for (int k = 0; k < 8; k++) {
            memcpy(o, &words[k], 2);
            o += 1 + ((wide >> (2 * k)) & 1);
        }
        return o;
    }
    uint32_t words[8];
    for (int half = 0; half < 2; half++) {
        __m128i x = half == 0 ? _mm_unpacklo_epi16(v, zero) : _mm_unpackhi_epi16(v, zero);
        __m128i low6 = _mm_and_si128(x, _mm_set1_epi32(0x3F));
        __m128i mid6 = _mm_and_si128(_mm_srli_epi32(x, 6), _mm_set1_epi32(0x3F));
        /* 1110xxxx 10xxxxxx 10xxxxxx and 110xxxxx 10xxxxxx, lead byte lowest. */
        __m128i three = _mm_or_si128(_mm_or_si128(_mm_srli_epi32(x, 12), _mm_slli_epi32(mid6, 8)),
                                     _mm_or_si128(_mm_slli_epi32(low6, 16), _mm_set1_epi32(0x8080E0)));
        __m128i two = _mm_or_si128(_mm_or_si128(_mm_srli_epi32(x, 6), _mm_slli_epi32(low6, 8)), _mm_set1_epi32(0x80C0));
        __m128i isASCII = _mm_cmplt_epi32(x, _mm_set1_epi32(0x80));
        __m128i isTwo = _mm_andnot_si128(isASCII, _mm_cmplt_epi32(x, _mm_set1_epi32(0x800)));
        __m128i isThree = _mm_cmpgt_epi32(x, _mm_set1_epi32(0x7FF));
        __m128i w = _mm_or_si128(_mm_and_si128(isASCII, x),
                                 _mm_or_si128(_mm_and_si128(isTwo, two), _mm_and_si128(isThree, three)));
        _mm_storeu_si128((__m128i *)(words + 4 * half), w);
    }
    for (int k = 0; k < 8; k++) {
        memcpy(o, &words[k], 4);
        o += 1 + ((wide >> (2 * k)) & 1) + ((beyond_two >> (2 * k)) & 1);
    }
    return o;
}
#endif

/* Writes at `o` the UTF-8 of the units from `*i` of the `count` at `u`, scalar by scalar,
 * until `*i` reaches `stop` (a pair starting just before it takes the unit at `stop` too),
 * and returns where the next bytes go. */
__attribute__((always_inline)) static inline uint8_t *msgfmt_byte_scan_put_scalars(const uint16_t *u, intptr_t *i, intptr_t stop,
                                                                                   intptr_t count, uint8_t *o) {
    while (*i < stop) {
        uint16_t c = u[*i];
        if (c < 0x80) {
            *o++ = (uint8_t)c;
            *i += 1;
        } else {
            msgfmt_byte_scan_put put = msgfmt_byte_scan_put_scalar(c, u, *i, count, o);
            *i += put.units;
            o = put.next;
        }
    }
    return o;
}

/* Writes the UTF-8 of the `count` UTF-16 units at `u` to `out` and returns the number of
 * bytes. `out` must have room for the whole UTF-8 and no more is written. With SSE2,
 * eight units at a time: all-ASCII blocks narrowed, other blocks without a surrogate by
 * msgfmt_byte_scan_put_eight while three units are left after them (their stores may
 * write three bytes past the block's UTF-8, and the units after it take at least that
 * many); a block with a surrogate scalar by scalar up to the scalar of its first
 * surrogate; the last units scalar by scalar. */
static inline intptr_t msgfmt_byte_scan_encode_utf8(const uint16_t *u, intptr_t count, uint8_t *out) {
    uint8_t *o = out;
    intptr_t i = 0;
#if defined(__SSE2__)
    while (i + 8 <= count) {
        __m128i v = _mm_loadu_si128((const __m128i *)(u + i));
        unsigned ascii = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(v, _mm_set1_epi16((short)0xFF80)), _mm_setzero_si128()));
        if (ascii == 0xFFFF) {
            _mm_storel_epi64((__m128i *)o, _mm_packus_epi16(v, v));
            o += 8;
            i += 8;
            continue;
        }
        unsigned surrogates = (unsigned)_mm_movemask_epi8(
            _mm_cmpeq_epi16(_mm_and_si128(v, _mm_set1_epi16((short)0xF800)), _mm_set1_epi16((short)0xD800)));
        if (surrogates == 0 && i + 11 <= count) {
            o = msgfmt_byte_scan_put_eight(v, ascii, o);
            i += 8;
            continue;
        }
        o = msgfmt_byte_scan_put_scalars(u, &i, surrogates ? i + __builtin_ctz(surrogates) / 2 + 1 : count, count, o);
    }
#endif
    o = msgfmt_byte_scan_put_scalars(u, &i, count, count, o);
    return o - out;
}

/* Writes the UTF-16 of the `count` bytes of valid UTF-8 at `p` (a Swift string's storage:
 * every sequence complete and shortest, no surrogates) to `out`, which must have room for
 * `count` units, and returns the number of units; sets `*beyond_ascii` when a byte is 0x80
 * or above, else leaves it. ASCII goes sixteen bytes at a time (all sixteen widened and
 * stored, those up to the first byte beyond ASCII kept: the units never outnumber the
 * bytes, so there is room); then a run of other scalars one at a time, two-byte ones four
 * at a time while eight bytes are four of them (leads 110xxxxx, trails 10xxxxxx: nothing
 * else needs checking in valid UTF-8), until the next ASCII byte. */
static inline intptr_t msgfmt_byte_scan_decode_utf8(const uint8_t *p, intptr_t count, uint16_t *out, int *beyond_ascii) {
    intptr_t i = 0;
    intptr_t o = 0;
    while (i < count) {
#if defined(__SSE2__)
        while (i + 16 <= count) {
            __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
            _mm_storeu_si128((__m128i *)(out + o), _mm_unpacklo_epi8(v, _mm_setzero_si128()));
            _mm_storeu_si128((__m128i *)(out + o + 8), _mm_unpackhi_epi8(v, _mm_setzero_si128()));
            unsigned high = (unsigned)_mm_movemask_epi8(v);
            if (high == 0) {
                i += 16;
                o += 16;
                continue;
            }
            intptr_t kept = __builtin_ctz(high);
            i += kept;
            o += kept;
            break;
        }
#endif
        while (i < count && p[i] < 0x80) out[o++] = p[i++];
        if (i < count) *beyond_ascii = 1;
        while (i < count && p[i] >= 0x80) {
            uint32_t b0 = p[i];
            if (b0 < 0xE0) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
                while (i + 8 <= count) {
                    uint64_t w;
                    memcpy(&w, p + i, 8);
                    if ((w & 0xC0E0C0E0C0E0C0E0ull) != 0x80C080C080C080C0ull) break;
                    uint64_t four = (w & 0x001F001F001F001Full) << 6 | ((w >> 8) & 0x003F003F003F003Full);
                    memcpy(out + o, &four, 8);
                    i += 8;
                    o += 4;
                }
#endif
                if (i < count && (p[i] & 0xE0) == 0xC0) {
                    out[o++] = (uint16_t)((p[i] & 0x1F) << 6 | (p[i + 1] & 0x3F));
                    i += 2;
                }
            } else if (b0 < 0xF0) {
                out[o++] = (uint16_t)((b0 & 0x0F) << 12 | (uint32_t)(p[i + 1] & 0x3F) << 6 | (p[i + 2] & 0x3F));
                i += 3;
            } else {
                uint32_t v = ((b0 & 0x07) << 18 | (uint32_t)(p[i + 1] & 0x3F) << 12 | (uint32_t)(p[i + 2] & 0x3F) << 6 |
                              (p[i + 3] & 0x3F)) - 0x10000;
                out[o] = (uint16_t)(0xD800 | (v >> 10));
                out[o + 1] = (uint16_t)(0xDC00 | (v & 0x3FF));
                o += 2;
                i += 4;
            }
        }
    }
    return o;
}

#endif
