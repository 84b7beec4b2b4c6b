#include "msgfmt_hb.h"

#include "msgfmt_loader.h"

#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ot.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/stat.h>

// libharfbuzz is opened on first use (see msgfmt_loader.h): these are the functions
// msgfmt calls, looked up into `hb` with the types of HarfBuzz's own declarations.
#define MSGFMT_HB_FUNCTIONS(X)                                                                \
    X(blob_create_from_file_or_fail) X(blob_destroy) X(buffer_add_utf16) X(buffer_create)     \
    X(buffer_destroy) X(buffer_get_glyph_infos) X(buffer_get_glyph_positions)                 \
    X(buffer_guess_segment_properties) X(buffer_set_direction) X(face_count) X(face_create)   \
    X(face_destroy) X(face_get_glyph_count) X(font_create) X(font_destroy)                     \
    X(font_get_face) X(font_get_h_extents) X(font_get_nominal_glyph) X(font_make_immutable)   \
    X(font_set_scale) X(ot_name_get_utf8) X(shape)

#define MSGFMT_HB_FIELD(name) MSGFMT_LOADER_FIELD(hb_, name)
#define MSGFMT_HB_RESOLVE(name) MSGFMT_LOADER_RESOLVE(hb, hb_, name, hb_error)
static struct { MSGFMT_HB_FUNCTIONS(MSGFMT_HB_FIELD) } hb;
static char hb_error[MSGFMT_LOADER_ERROR_SIZE];
static pthread_once_t hb_once = PTHREAD_ONCE_INIT;

static void hb_load(void) {
    MSGFMT_LOADER_OPEN(hb_error, "libharfbuzz.so.0", "libharfbuzz.so", "libharfbuzz.0.dylib")
    MSGFMT_HB_FUNCTIONS(MSGFMT_HB_RESOLVE)
}

const char *msgfmt_hb_load(void) { return msgfmt_loader_once(&hb_once, hb_load, hb_error); }

struct msgfmt_hb_font {
    hb_font_t *font;
};

msgfmt_hb_font *msgfmt_hb_font_open(const char *path, int32_t index, double pixel_size) {
    if (msgfmt_hb_load() != NULL) return NULL;
    if (path == NULL || index < 0 || !(pixel_size > 0) || pixel_size > 4096) return NULL;
    // Only regular files: a device (/dev/zero) or a FIFO would be read without end.
    struct stat info;
    if (stat(path, &info) != 0 || !S_ISREG(info.st_mode)) return NULL;
    hb_blob_t *blob = hb.blob_create_from_file_or_fail(path);
    if (blob == NULL) return NULL;
    if ((unsigned)index >= hb.face_count(blob)) {
        hb.blob_destroy(blob);
        return NULL;
    }
    hb_face_t *face = hb.face_create(blob, (unsigned)index);
    hb.blob_destroy(blob);
    if (hb.face_get_glyph_count(face) == 0) {
        hb.face_destroy(face);
        return NULL;
    }
    hb_font_t *font = hb.font_create(face);
    hb.face_destroy(face);
    int scale = (int)(pixel_size * 64.0 + 0.5);
    hb.font_set_scale(font, scale, scale);
    hb.font_make_immutable(font);
    msgfmt_hb_font *result = malloc(sizeof *result);
    if (result == NULL) {
        hb.font_destroy(font);
        return NULL;
    }
    result->font = font;
    return result;
}

void msgfmt_hb_font_close(msgfmt_hb_font *font) {
    if (font == NULL) return;
    hb.font_destroy(font->font);
    free(font);
}

int32_t msgfmt_hb_font_family(const msgfmt_hb_font *font, char *out, int32_t capacity) {
    if (font == NULL || out == NULL || capacity <= 0) return 0;
    out[0] = 0;
    hb_face_t *face = hb.font_get_face(font->font);
    // The typographic family ("Noto Sans Display") when the font names one, else the
    // family its styles are grouped under ("Noto Sans Display Medium"); English names.
    const hb_ot_name_id_t ids[] = {HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY, HB_OT_NAME_ID_FONT_FAMILY};
    for (int k = 0; k < 2; k++) {
        unsigned size = (unsigned)capacity;
        hb.ot_name_get_utf8(face, ids[k], HB_LANGUAGE_INVALID, &size, out);
        if (size > 0) return (int32_t)size;
    }
    out[0] = 0;
    return 0;
}

void msgfmt_hb_font_extents(const msgfmt_hb_font *font, int32_t *ascender, int32_t *descender) {
    hb_font_extents_t extents = {0};
    hb.font_get_h_extents(font->font, &extents);
    *ascender = extents.ascender;
    *descender = -extents.descender;
}

int32_t msgfmt_hb_font_has(const msgfmt_hb_font *font, uint32_t scalar) {
    hb_codepoint_t glyph = 0;
    return hb.font_get_nominal_glyph(font->font, scalar, &glyph) && glyph != 0;
}

int32_t msgfmt_hb_shape(const msgfmt_hb_font *font, const uint16_t *text, int32_t length,
                        int32_t start, int32_t count, int32_t direction,
                        uint32_t *glyphs, uint32_t *clusters, int32_t *advances,
                        int32_t *x_offsets, int32_t *y_offsets, int32_t capacity) {
    if (font == NULL || text == NULL || length < 0 || start < 0 || count < 0 || start > length - count) return -1;
    hb_buffer_t *buffer = hb.buffer_create();
    hb.buffer_add_utf16(buffer, text, length, (unsigned)start, count);
    hb.buffer_guess_segment_properties(buffer);
    if (direction == MSGFMT_HB_LTR) hb.buffer_set_direction(buffer, HB_DIRECTION_LTR);
    if (direction == MSGFMT_HB_RTL) hb.buffer_set_direction(buffer, HB_DIRECTION_RTL);
    hb.shape(font->font, buffer, NULL, 0);
    unsigned n = 0;
    hb_glyph_info_t *info = hb.buffer_get_glyph_infos(buffer, &n);
    hb_glyph_position_t *position = hb.buffer_get_glyph_positions(buffer, NULL);
    if ((int64_t)n <= capacity) {
        for (unsigned i = 0; i < n; i++) {
            glyphs[i] = info[i].codepoint;
            clusters[i] = info[i].cluster;
            advances[i] = position[i].x_advance;
            x_offsets[i] = position[i].x_offset;
            y_offsets[i] = position[i].y_offset;
        }
    }
    hb.buffer_destroy(buffer);
    return (int32_t)n;
}
