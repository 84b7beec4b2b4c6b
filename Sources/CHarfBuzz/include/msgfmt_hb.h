/// Plain C entry points over the system HarfBuzz (libharfbuzz), used by MsgfmtCore's
/// font measurer and the picture emitters.
///
/// Swift sees only these functions, written with standard types: a font is an opaque
/// handle, text is UTF-16 (the unit Telegram's entity offsets count in), and every
/// length is in 1/64 pixel (HarfBuzz's scale is set to the pixel size times 64).
/// A font is immutable once opened, so several threads may shape with it at once.
#ifndef MSGFMT_HB_H
#define MSGFMT_HB_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Opens libharfbuzz, once per process. Returns NULL when it is ready, else a one-line
/// reason (the library or one of its functions is missing); msgfmt_hb_font_open then
/// returns NULL, and no other function can be reached without a font.
const char *msgfmt_hb_load(void);

/// An opened font at one size.
typedef struct msgfmt_hb_font msgfmt_hb_font;

/// Opens face `index` of the font file at `path` at `pixel_size` pixels (the em size).
/// Returns NULL when the file is not a regular file, cannot be read or holds no such face.
msgfmt_hb_font *msgfmt_hb_font_open(const char *path, int32_t index, double pixel_size);

/// Releases a font from msgfmt_hb_font_open.
void msgfmt_hb_font_close(msgfmt_hb_font *font);

/// The font's family name as its name table gives it (the typographic family, else the
/// font family; English), written to `out` as UTF-8 with a terminating NUL, cut to fit
/// `capacity` bytes. Returns the bytes written before the NUL; 0 when it names none.
int32_t msgfmt_hb_font_family(const msgfmt_hb_font *font, char *out, int32_t capacity);

/// The font's ascender (positive, up) and descender (positive, down) in 1/64 px.
void msgfmt_hb_font_extents(const msgfmt_hb_font *font, int32_t *ascender, int32_t *descender);

/// 1 when the font maps `scalar` to a glyph of its own, else 0.
int32_t msgfmt_hb_font_has(const msgfmt_hb_font *font, uint32_t scalar);

/// Directions for msgfmt_hb_shape.
enum {
    MSGFMT_HB_AUTO = 0, ///< guessed from the text's script
    MSGFMT_HB_LTR = 1,
    MSGFMT_HB_RTL = 2,
};

/// Shapes `text[start ..< start + count]` (the whole `text` is the context, for joining)
/// and writes one entry per glyph, in visual order: glyph id, cluster (the UTF-16 offset
/// into `text` of the glyph's first character), x advance and x/y offsets in 1/64 px.
/// Returns the glyph count; when it exceeds `capacity` nothing is written and the caller
/// asks again with room for that many. Returns -1 on bad arguments.
int32_t msgfmt_hb_shape(const msgfmt_hb_font *font, const uint16_t *text, int32_t length,
                        int32_t start, int32_t count, int32_t direction,
                        uint32_t *glyphs, uint32_t *clusters, int32_t *advances,
                        int32_t *x_offsets, int32_t *y_offsets, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
