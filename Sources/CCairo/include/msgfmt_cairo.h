/// Plain C entry points over the system cairo (libcairo) and FreeType (libfreetype), used
/// by MsgfmtCore's PNG emitter: a canvas in pixels, filled paths, glyphs drawn from font
/// files (color emoji included), and the PNG bytes. Swift sees only standard types; colors
/// are 0xRRGGBBAA. A canvas belongs to one thread; faces may be shared.
#ifndef MSGFMT_CAIRO_H
#define MSGFMT_CAIRO_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Opens libcairo, libfreetype and libz, once per process. Returns NULL when they are
/// ready, else a one-line reason (a library or one of its functions is missing); the
/// functions that create a canvas, open a face or decode a PNG then fail, and no other
/// can be reached without one.
const char *msgfmt_cairo_load(void);

/// A drawing surface.
typedef struct msgfmt_cairo_canvas msgfmt_cairo_canvas;
/// A font file opened for drawing.
typedef struct msgfmt_cairo_face msgfmt_cairo_face;

/// A transparent canvas `width` × `height` pixels drawn at `scale` (the image is
/// `scale` times larger; coordinates stay in unscaled pixels). NULL when the size is
/// out of range (each side at most 16384 pixels after scaling).
msgfmt_cairo_canvas *msgfmt_cairo_canvas_create(double width, double height, double scale);
void msgfmt_cairo_canvas_destroy(msgfmt_cairo_canvas *canvas);

/// Path building; msgfmt_cairo_fill fills (and clears) the current path.
void msgfmt_cairo_move_to(msgfmt_cairo_canvas *canvas, double x, double y);
void msgfmt_cairo_line_to(msgfmt_cairo_canvas *canvas, double x, double y);
void msgfmt_cairo_curve_to(msgfmt_cairo_canvas *canvas, double x1, double y1, double x2, double y2, double x, double y);
void msgfmt_cairo_close_path(msgfmt_cairo_canvas *canvas);
void msgfmt_cairo_rectangle(msgfmt_cairo_canvas *canvas, double x, double y, double width, double height);
void msgfmt_cairo_fill(msgfmt_cairo_canvas *canvas, uint32_t rgba);

/// Opens face `index` of the font file at `path`, or NULL.
msgfmt_cairo_face *msgfmt_cairo_face_open(const char *path, int32_t index);
void msgfmt_cairo_face_close(msgfmt_cairo_face *face);

/// Draws `count` glyphs of `face` at `pixel_size`, glyph `i` with its origin at
/// (`xs[i]`, `ys[i]`), in `rgba` (color glyphs keep their own colors). `skew` slants
/// outlines (a synthetic italic, 0 for none).
void msgfmt_cairo_glyphs(msgfmt_cairo_canvas *canvas, msgfmt_cairo_face *face, double pixel_size, double skew,
                         uint32_t rgba, int32_t count, const uint32_t *glyphs, const double *xs, const double *ys);

/// How msgfmt_cairo_png compresses: with libdeflate when the system has it (else zlib),
/// or with zlib whatever is installed (for tests comparing the two).
enum { MSGFMT_CAIRO_PNG_FASTEST = 0, MSGFMT_CAIRO_PNG_ZLIB = 1 };

/// Encodes the canvas as an RGBA PNG (unfiltered rows, compressed at the fastest level)
/// into a buffer the caller frees with msgfmt_cairo_free.
/// Returns the byte count, or -1 on failure (`*bytes` is then NULL).
int64_t msgfmt_cairo_png(msgfmt_cairo_canvas *canvas, int32_t compressor, uint8_t **bytes);
void msgfmt_cairo_free(uint8_t *bytes);

/// Decodes PNG `bytes` into straight (not premultiplied) RGBA rows, 4 bytes a pixel,
/// into a buffer the caller frees with msgfmt_cairo_free. Returns 1, or 0 when the bytes
/// are not a PNG cairo reads. For tests comparing pictures.
int32_t msgfmt_cairo_png_decode(const uint8_t *bytes, int64_t length, int32_t *width, int32_t *height, uint8_t **rgba);

#ifdef __cplusplus
}
#endif

#endif
