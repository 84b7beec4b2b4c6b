#include "msgfmt_hb.h"

#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ot.h>
#include <stdlib.h>
#include <sys/stat.h>

struct msgfmt_hb_font {
    hb_font_t *font;
};

msgfmt_hb_font *msgfmt_hb_font_open(const char *path, int32_t index, double pixel_size) {
    if (path == NULL || index < 0 || !(pixel_size > 0) || pixel_size > 4096) return NULL;
    // Only regular files: a device (/dev/zero) or a FIFO would be read without end.
    struct stat info;
    if (stat(path, &info) != 0 || !S_ISREG(info.st_mode)) return NULL;
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(path);
    if (blob == NULL) return NULL;
    if ((unsigned)index >= hb_face_count(blob)) {
        hb_blob_destroy(blob);
        return NULL;
    }
    hb_face_t *face = hb_face_create(blob, (unsigned)index);
    hb_blob_destroy(blob);
    if (hb_face_get_glyph_count(face) == 0) {
        hb_face_destroy(face);
        return NULL;
    }
    hb_font_t *font = hb_font_create(face);
    hb_face_destroy(face);
    int scale = (int)(pixel_size * 64.0 + 0.5);
    hb_font_set_scale(font, scale, scale);
    hb_font_make_immutable(font);
    msgfmt_hb_font *result = malloc(sizeof *result);
    if (result == NULL) {
        hb_font_destroy(font);
        return NULL;
    }
    result->font = font;
    return result;
}

void msgfmt_hb_font_close(msgfmt_hb_font *font) {
    if (font == NULL) return;
    hb_font_destroy(font->font);
    free(font);
}

void msgfmt_hb_font_extents(const msgfmt_hb_font *font, int32_t *ascender, int32_t *descender) {
    hb_font_extents_t extents = {0};
    hb_font_get_h_extents(font->font, &extents);
    *ascender = extents.ascender;
    *descender = -extents.descender;
}

int32_t msgfmt_hb_font_has(const msgfmt_hb_font *font, uint32_t scalar) {
    hb_codepoint_t glyph = 0;
    return hb_font_get_nominal_glyph(font->font, scalar, &glyph) && glyph != 0;
}

int32_t msgfmt_hb_shape(const msgfmt_hb_font *font, const uint16_t *text, int32_t length,
                        int32_t start, int32_t count, int32_t direction,
                        uint32_t *glyphs, uint32_t *clusters, int32_t *advances,
                        int32_t *x_offsets, int32_t *y_offsets, int32_t capacity) {
    if (font == NULL || text == NULL || length < 0 || start < 0 || count < 0 || start > length - count) return -1;
    hb_buffer_t *buffer = hb_buffer_create();
    hb_buffer_add_utf16(buffer, text, length, (unsigned)start, count);
    hb_buffer_guess_segment_properties(buffer);
    if (direction == MSGFMT_HB_LTR) hb_buffer_set_direction(buffer, HB_DIRECTION_LTR);
    if (direction == MSGFMT_HB_RTL) hb_buffer_set_direction(buffer, HB_DIRECTION_RTL);
    hb_shape(font->font, buffer, NULL, 0);
    unsigned n = 0;
    hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buffer, &n);
    hb_glyph_position_t *position = hb_buffer_get_glyph_positions(buffer, NULL);
    if ((int64_t)n <= capacity) {
        for (unsigned i = 0; i < n; i++) {
            glyphs[i] = info[i].codepoint;
            clusters[i] = info[i].cluster;
            advances[i] = position[i].x_advance;
            x_offsets[i] = position[i].x_offset;
            y_offsets[i] = position[i].y_offset;
        }
    }
    hb_buffer_destroy(buffer);
    return (int32_t)n;
}
