#include "msgfmt_cairo.h"

#include <cairo/cairo.h>
#include <cairo/cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct msgfmt_cairo_canvas {
    cairo_surface_t *surface;
    cairo_t *cr;
};

struct msgfmt_cairo_face {
    cairo_font_face_t *face;
};

static pthread_mutex_t library_lock = PTHREAD_MUTEX_INITIALIZER;
static FT_Library library = NULL;
static const cairo_user_data_key_t face_key;

msgfmt_cairo_canvas *msgfmt_cairo_canvas_create(double width, double height, double scale) {
    if (!(scale >= 0.25 && scale <= 16) || !(width >= 1) || !(height >= 1)) return NULL;
    double w = ceil(width * scale), h = ceil(height * scale);
    if (w > 16384 || h > 16384) return NULL;
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)w, (int)h);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return NULL;
    }
    msgfmt_cairo_canvas *canvas = malloc(sizeof *canvas);
    if (canvas == NULL) {
        cairo_surface_destroy(surface);
        return NULL;
    }
    canvas->surface = surface;
    canvas->cr = cairo_create(surface);
    cairo_scale(canvas->cr, scale, scale);
    return canvas;
}

void msgfmt_cairo_canvas_destroy(msgfmt_cairo_canvas *canvas) {
    if (canvas == NULL) return;
    cairo_destroy(canvas->cr);
    cairo_surface_destroy(canvas->surface);
    free(canvas);
}

void msgfmt_cairo_move_to(msgfmt_cairo_canvas *canvas, double x, double y) { cairo_move_to(canvas->cr, x, y); }
void msgfmt_cairo_line_to(msgfmt_cairo_canvas *canvas, double x, double y) { cairo_line_to(canvas->cr, x, y); }
void msgfmt_cairo_curve_to(msgfmt_cairo_canvas *canvas, double x1, double y1, double x2, double y2, double x, double y) {
    cairo_curve_to(canvas->cr, x1, y1, x2, y2, x, y);
}
void msgfmt_cairo_close_path(msgfmt_cairo_canvas *canvas) { cairo_close_path(canvas->cr); }
void msgfmt_cairo_rectangle(msgfmt_cairo_canvas *canvas, double x, double y, double width, double height) {
    cairo_rectangle(canvas->cr, x, y, width, height);
}

static void set_color(cairo_t *cr, uint32_t rgba) {
    cairo_set_source_rgba(cr, ((rgba >> 24) & 0xFF) / 255.0, ((rgba >> 16) & 0xFF) / 255.0,
                          ((rgba >> 8) & 0xFF) / 255.0, (rgba & 0xFF) / 255.0);
}

void msgfmt_cairo_fill(msgfmt_cairo_canvas *canvas, uint32_t rgba) {
    set_color(canvas->cr, rgba);
    cairo_fill(canvas->cr);
}

static void release_face(void *data) {
    pthread_mutex_lock(&library_lock);
    FT_Done_Face((FT_Face)data);
    pthread_mutex_unlock(&library_lock);
}

msgfmt_cairo_face *msgfmt_cairo_face_open(const char *path, int32_t index) {
    if (path == NULL || index < 0) return NULL;
    pthread_mutex_lock(&library_lock);
    FT_Face ft = NULL;
    int ok = (library != NULL || FT_Init_FreeType(&library) == 0) && FT_New_Face(library, path, index, &ft) == 0;
    pthread_mutex_unlock(&library_lock);
    if (!ok) return NULL;
    cairo_font_face_t *face = cairo_ft_font_face_create_for_ft_face(ft, FT_LOAD_COLOR);
    if (cairo_font_face_status(face) != CAIRO_STATUS_SUCCESS
        || cairo_font_face_set_user_data(face, &face_key, ft, release_face) != CAIRO_STATUS_SUCCESS) {
        cairo_font_face_destroy(face);
        release_face(ft);
        return NULL;
    }
    msgfmt_cairo_face *result = malloc(sizeof *result);
    if (result == NULL) {
        cairo_font_face_destroy(face);
        return NULL;
    }
    result->face = face;
    return result;
}

void msgfmt_cairo_face_close(msgfmt_cairo_face *face) {
    if (face == NULL) return;
    cairo_font_face_destroy(face->face);
    free(face);
}

void msgfmt_cairo_glyphs(msgfmt_cairo_canvas *canvas, msgfmt_cairo_face *face, double pixel_size, double skew,
                         uint32_t rgba, int32_t count, const uint32_t *glyphs, const double *xs, const double *ys) {
    if (canvas == NULL || face == NULL || count <= 0) return;
    cairo_glyph_t stack[64];
    cairo_glyph_t *list = count <= 64 ? stack : malloc(sizeof(cairo_glyph_t) * (size_t)count);
    if (list == NULL) return;
    for (int32_t i = 0; i < count; i++) {
        list[i].index = glyphs[i];
        list[i].x = xs[i];
        list[i].y = ys[i];
    }
    cairo_t *cr = canvas->cr;
    cairo_set_font_face(cr, face->face);
    cairo_matrix_t matrix;
    cairo_matrix_init(&matrix, pixel_size, 0, -skew * pixel_size, pixel_size, 0, 0);
    cairo_set_font_matrix(cr, &matrix);
    set_color(cr, rgba);
    cairo_show_glyphs(cr, list, count);
    if (list != stack) free(list);
}

typedef struct {
    uint8_t *bytes;
    size_t length;
    size_t capacity;
} png_buffer;

static cairo_status_t append(void *closure, const unsigned char *data, unsigned int length) {
    png_buffer *buffer = closure;
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = buffer->capacity * 2 + length + 4096;
        uint8_t *grown = realloc(buffer->bytes, capacity);
        if (grown == NULL) return CAIRO_STATUS_NO_MEMORY;
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, data, length);
    buffer->length += length;
    return CAIRO_STATUS_SUCCESS;
}

int64_t msgfmt_cairo_png(msgfmt_cairo_canvas *canvas, uint8_t **bytes) {
    *bytes = NULL;
    if (canvas == NULL) return -1;
    cairo_surface_flush(canvas->surface);
    png_buffer buffer = {NULL, 0, 0};
    if (cairo_surface_write_to_png_stream(canvas->surface, append, &buffer) != CAIRO_STATUS_SUCCESS) {
        free(buffer.bytes);
        return -1;
    }
    *bytes = buffer.bytes;
    return (int64_t)buffer.length;
}

void msgfmt_cairo_free(uint8_t *bytes) { free(bytes); }

typedef struct {
    const uint8_t *bytes;
    int64_t length;
    int64_t offset;
} png_reader;

static cairo_status_t take(void *closure, unsigned char *data, unsigned int length) {
    png_reader *reader = closure;
    if (reader->offset + length > reader->length) return CAIRO_STATUS_READ_ERROR;
    memcpy(data, reader->bytes + reader->offset, length);
    reader->offset += length;
    return CAIRO_STATUS_SUCCESS;
}

int32_t msgfmt_cairo_png_decode(const uint8_t *bytes, int64_t length, int32_t *width, int32_t *height, uint8_t **rgba) {
    *rgba = NULL;
    png_reader reader = {bytes, length, 0};
    cairo_surface_t *surface = cairo_image_surface_create_from_png_stream(take, &reader);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return 0;
    }
    cairo_surface_flush(surface);
    int w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface);
    int stride = cairo_image_surface_get_stride(surface);
    cairo_format_t format = cairo_image_surface_get_format(surface);
    const uint8_t *data = cairo_image_surface_get_data(surface);
    uint8_t *out = malloc((size_t)w * (size_t)h * 4 + 1);
    if (out == NULL || data == NULL) {
        free(out);
        cairo_surface_destroy(surface);
        return 0;
    }
    for (int y = 0; y < h; y++) {
        const uint32_t *row = (const uint32_t *)(data + (size_t)y * (size_t)stride);
        for (int x = 0; x < w; x++) {
            uint32_t p = row[x];
            uint32_t a = format == CAIRO_FORMAT_RGB24 ? 255 : (p >> 24) & 0xFF;
            uint32_t r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
            if (a != 0 && a != 255) {
                r = r * 255 / a;
                g = g * 255 / a;
                b = b * 255 / a;
            }
            uint8_t *o = out + ((size_t)y * (size_t)w + (size_t)x) * 4;
            o[0] = (uint8_t)(r > 255 ? 255 : r);
            o[1] = (uint8_t)(g > 255 ? 255 : g);
            o[2] = (uint8_t)(b > 255 ? 255 : b);
            o[3] = (uint8_t)a;
        }
    }
    *width = w;
    *height = h;
    *rgba = out;
    cairo_surface_destroy(surface);
    return 1;
}
