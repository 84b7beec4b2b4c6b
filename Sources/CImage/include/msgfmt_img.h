#ifndef MSGFMT_IMG_H
#define MSGFMT_IMG_H

#include <stddef.h>
#include <stdint.h>

/* Pictures for terminal transcripts (--images): the only code that includes the libpng,
 * libjpeg and libwebp headers. Every function takes and returns plain buffers; pixels are
 * 8-bit RGBA, rows top to bottom, no padding. Buffers these functions return are freed
 * with msgfmt_img_free. Inputs are untrusted: every failure is a return value. */

/* Opens libjpeg, libpng and libwebp, once per process. Returns NULL when they are
 * ready, else a one-line reason (a library or one of its functions is missing); the
 * functions below then fail as they do on a damaged image. */
const char *msgfmt_img_load(void);

/* The formats msgfmt_img_info recognizes by their first bytes. */
enum {
    MSGFMT_IMG_UNKNOWN = 0,
    MSGFMT_IMG_PNG = 1,
    MSGFMT_IMG_JPEG = 2,
    MSGFMT_IMG_WEBP = 3
};

/* The format and pixel size of the image in data[0..<length], read from its header
 * without decoding it; MSGFMT_IMG_UNKNOWN (sizes untouched) when it is not one of them or
 * the header is damaged. */
int msgfmt_img_info(const uint8_t *data, size_t length, int32_t *width, int32_t *height);

/* True when every chunk of the PNG in d[0..<n] (after its 8-byte signature), up to IEND or
 * to the end of the data, fits in the data: what msgfmt_img_info and msgfmt_img_decode
 * ask of a PNG before libpng reads it. */
int msgfmt_img_png_chunks_fit(const uint8_t *d, size_t n);

/* Decodes the image in data[0..<length] to RGBA. Refuses (returns NULL) images whose
 * header gives more than max_pixels pixels. JPEGs are decoded at 1/2, 1/4 or 1/8 of
 * their size when that is still at least min_width pixels wide. On success *width and
 * *height are the decoded size. */
uint8_t *msgfmt_img_decode(const uint8_t *data, size_t length, int64_t max_pixels, int32_t min_width,
                           int32_t *width, int32_t *height);

/* rgba (width x height) scaled to new_width x new_height by averaging the source area
 * each new pixel covers (alpha-weighted); NULL when a size is not positive. */
uint8_t *msgfmt_img_scale(const uint8_t *rgba, int32_t width, int32_t height, int32_t new_width,
                          int32_t new_height);

/* rgba (width x height) encoded as a PNG file in memory; NULL on failure. */
uint8_t *msgfmt_img_png(const uint8_t *rgba, int32_t width, int32_t height, size_t *length);

/* Frees a buffer returned by the functions above. */
void msgfmt_img_free(uint8_t *buffer);

#endif
