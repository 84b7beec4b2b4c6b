/// The PNG writer of CCairo (msgfmt_png.c): RGBA rows out of cairo's premultiplied ARGB32
/// pixels, compressed by libdeflate when the system has it, else by zlib. Internal to the
/// target; Swift reaches it through msgfmt_cairo_png.
#ifndef MSGFMT_PNG_WRITER_H
#define MSGFMT_PNG_WRITER_H

#include <stdint.h>

/// Opens zlib (required) and, when present, libdeflate, once per process. Returns NULL
/// when zlib is ready, else a one-line reason.
const char *msgfmt_png_load(void);

/// The PNG file of `width` × `height` ARGB32 pixels at `data`, rows `stride` bytes apart,
/// into a buffer the caller frees with free(); `compressor` is one of
/// MSGFMT_CAIRO_PNG_FASTEST and MSGFMT_CAIRO_PNG_ZLIB. Returns the byte count, or -1 with
/// `*bytes` NULL.
int64_t msgfmt_png_encode(const uint8_t *data, int stride, int width, int height, int32_t compressor, uint8_t **bytes);

#endif
