#include "msgfmt_cairo.h"

#include <cairo/cairo.h>
#include <cairo/cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "msgfmt_loader.h"
#include "png_writer.h"
#include "scratch_buffer.h"

// libcairo and libfreetype are opened on first use (see msgfmt_loader.h): these are the
// functions msgfmt calls, looked up into `cairo` and `freetype` with the types of the
// libraries' own declarations. The PNG writer (png_writer.h) opens zlib and libdeflate.
#define MSGFMT_CAIRO_FUNCTIONS(X)                                                               \
    X(close_path) X(create) X(curve_to) X(destroy) X(fill) X(font_face_destroy)                  \
    X(font_face_set_user_data) X(font_face_status) X(format_stride_for_width)                    \
    X(ft_font_face_create_for_ft_face) X(image_surface_create_for_data)                       \
    X(image_surface_create_from_png_stream) X(image_surface_get_data) X(image_surface_get_format) \
    X(image_surface_get_height) X(image_surface_get_stride) X(image_surface_get_width)           \
    X(line_to) X(matrix_init) X(move_to) X(rectangle) X(scale) X(set_font_face)                 \
    X(set_font_matrix) X(set_source_rgba) X(show_glyphs) X(surface_destroy) X(surface_flush)     \
    X(surface_status)
#define MSGFMT_FT_FUNCTIONS(X) X(Done_Face) X(Init_FreeType) X(Open_Face)

#define MSGFMT_CAIRO_FIELD(name) MSGFMT_LOADER_FIELD(cairo_, name)
#define MSGFMT_FT_FIELD(name) MSGFMT_LOADER_FIELD(FT_, name)
static struct { MSGFMT_CAIRO_FUNCTIONS(MSGFMT_CAIRO_FIELD) } cairo;
static struct { MSGFMT_FT_FUNCTIONS(MSGFMT_FT_FIELD) } freetype;
static char load_error[MSGFMT_LOADER_ERROR_SIZE];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

#define MSGFMT_CAIRO_RESOLVE(name) MSGFMT_LOADER_RESOLVE(cairo, cairo_, name, load_error)
#define MSGFMT_FT_RESOLVE(name) MSGFMT_LOADER_RESOLVE(freetype, FT_, name, load_error)

static void load(void) {
    {
        MSGFMT_LOADER_OPEN(load_error, "libcairo.so.2", "libcairo.so", "libcairo.2.dylib")
        MSGFMT_CAIRO_FUNCTIONS(MSGFMT_CAIRO_RESOLVE)
    }
    {
        MSGFMT_LOADER_OPEN(load_error, "libfreetype.so.6", "libfreetype.so", "libfreetype.6.dylib")
        MSGFMT_FT_FUNCTIONS(MSGFMT_FT_RESOLVE)
    }
}

const char *msgfmt_cairo_load(void) {
    const char *error = msgfmt_loader_once(&load_once, load, load_error);
    return error != NULL ? error : msgfmt_png_load();
}

/// The pixels of each thread's canvases, reused from picture to picture: a picture needs
/// a fresh canvas, and allocating one each time (hundreds of kilobytes) leaves every
/// thread's malloc arena holding the largest it has seen, and faults the pages in again.
typedef struct {
    scratch_buffer buffer;
    int in_use;
} thread_pixels;

struct msgfmt_cairo_canvas {
    cairo_surface_t *surface;
    cairo_t *cr;
    /// The thread's pixels the canvas took (see `thread_pixels`), or NULL when it has
    /// `own` because the thread's were taken or could not be made.
    thread_pixels *taken;
    scratch_buffer own;
};

static pthread_key_t pixels_key;
static pthread_once_t pixels_once = PTHREAD_ONCE_INIT;

static void release_pixels(void *data) {
    thread_pixels *pixels = data;
    scratch_trim(&pixels->buffer, 1);
    free(pixels);
}

static void make_pixels_key(void) { pthread_key_create(&pixels_key, release_pixels); }

/// This thread's pixels, made on first use and marked taken; NULL when they are taken
/// already (a canvas not yet destroyed) or cannot be made.
static thread_pixels *take_thread_pixels(void) {
    thread_pixels *pixels = scratch_thread_state(&pixels_once, make_pixels_key, &pixels_key, sizeof *pixels);
    if (pixels == NULL || pixels->in_use) return NULL;
    pixels->in_use = 1;
    return pixels;
}

/// Gives `canvas`'s pixels back: its own unmapped, the thread's kept (up to `scratch_kept`).
static void release_canvas_pixels(msgfmt_cairo_canvas *canvas) {
    if (canvas->taken == NULL) {
        scratch_trim(&canvas->own, 1);
        return;
    }
    scratch_trim(&canvas->taken->buffer, 0);
    canvas->taken->in_use = 0;
}

struct msgfmt_cairo_face {
    cairo_font_face_t *face;
};

static pthread_mutex_t library_lock = PTHREAD_MUTEX_INITIALIZER;
static FT_Library library = NULL;
static const cairo_user_data_key_t face_key;

msgfmt_cairo_canvas *msgfmt_cairo_canvas_create(double width, double height, double scale) {
    if (msgfmt_cairo_load() != NULL) return NULL;
    if (!(scale >= 0.25 && scale <= 16) || !(width >= 1) || !(height >= 1)) return NULL;
    double w = ceil(width * scale), h = ceil(height * scale);
    if (w > 16384 || h > 16384) return NULL;
    const int stride = cairo.format_stride_for_width(CAIRO_FORMAT_ARGB32, (int)w);
    if (stride <= 0) return NULL;
    msgfmt_cairo_canvas *canvas = calloc(1, sizeof *canvas);
    if (canvas == NULL) return NULL;
    canvas->taken = take_thread_pixels();
    const size_t length = (size_t)stride * (size_t)h;
    uint8_t *pixels = scratch_reserve(canvas->taken != NULL ? &canvas->taken->buffer : &canvas->own, length);
    cairo_surface_t *surface = NULL;
    if (pixels != NULL) {
        memset(pixels, 0, length);
        surface = cairo.image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, (int)w, (int)h, stride);
    }
    if (surface == NULL || cairo.surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        if (surface != NULL) cairo.surface_destroy(surface);
        release_canvas_pixels(canvas);
        free(canvas);
        return NULL;
    }
    canvas->surface = surface;
    canvas->cr = cairo.create(surface);
    cairo.scale(canvas->cr, scale, scale);
    return canvas;
}

void msgfmt_cairo_canvas_destroy(msgfmt_cairo_canvas *canvas) {
    if (canvas == NULL) return;
    cairo.destroy(canvas->cr);
    cairo.surface_destroy(canvas->surface);
    release_canvas_pixels(canvas);
    free(canvas);
}

void msgfmt_cairo_move_to(msgfmt_cairo_canvas *canvas, double x, double y) { cairo.move_to(canvas->cr, x, y); }
void msgfmt_cairo_line_to(msgfmt_cairo_canvas *canvas, double x, double y) { cairo.line_to(canvas->cr, x, y); }
void msgfmt_cairo_curve_to(msgfmt_cairo_canvas *canvas, double x1, double y1, double x2, double y2, double x, double y) {
    cairo.curve_to(canvas->cr, x1, y1, x2, y2, x, y);
}
void msgfmt_cairo_close_path(msgfmt_cairo_canvas *canvas) { cairo.close_path(canvas->cr); }
void msgfmt_cairo_rectangle(msgfmt_cairo_canvas *canvas, double x, double y, double width, double height) {
    cairo.rectangle(canvas->cr, x, y, width, height);
}

static void set_color(cairo_t *cr, uint32_t rgba) {
    cairo.set_source_rgba(cr, ((rgba >> 24) & 0xFF) / 255.0, ((rgba >> 16) & 0xFF) / 255.0,
                          ((rgba >> 8) & 0xFF) / 255.0, (rgba & 0xFF) / 255.0);
}

void msgfmt_cairo_fill(msgfmt_cairo_canvas *canvas, uint32_t rgba) {
    set_color(canvas->cr, rgba);
    cairo.fill(canvas->cr);
}

static void release_face(void *data) {
    pthread_mutex_lock(&library_lock);
    freetype.Done_Face((FT_Face)data);
    pthread_mutex_unlock(&library_lock);
}

/// Reads `count` bytes at `offset` of the stream's file (a seek when `count` is 0, which
/// returns 0 when `offset` is inside the file).
static unsigned long read_font(FT_Stream stream, unsigned long offset, unsigned char *buffer, unsigned long count) {
    if (count == 0) return offset <= stream->size ? 0 : 1;
    const int fd = (int)stream->descriptor.value;
    unsigned long done = 0;
    while (done < count) {
        const ssize_t n = pread(fd, buffer + done, count - done, (off_t)(offset + done));
        if (n <= 0) break;
        done += (unsigned long)n;
    }
    return done;
}

static void close_font(FT_Stream stream) {
    close((int)stream->descriptor.value);
    free(stream);
}

/// A FreeType stream reading the font file at `path` with `pread` rather than mapping
/// it: FreeType keeps what it parses and copies out each glyph's outline as it loads it,
/// so a large font (a CJK collection) does not leave the pages of every table FreeType
/// walked resident in msgfmt's memory. NULL when the file cannot be opened.
static FT_Stream open_font(const char *path) {
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return NULL;
    struct stat info;
    FT_Stream stream = NULL;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size <= 0 || (stream = calloc(1, sizeof *stream)) == NULL) {
        close(fd);
        return NULL;
    }
    stream->size = (unsigned long)info.st_size;
    stream->descriptor.value = fd;
    stream->read = read_font;
    stream->close = close_font;
    return stream;
}

msgfmt_cairo_face *msgfmt_cairo_face_open(const char *path, int32_t index) {
    if (msgfmt_cairo_load() != NULL || path == NULL || index < 0) return NULL;
    FT_Stream stream = open_font(path);
    if (stream == NULL) return NULL;
    pthread_mutex_lock(&library_lock);
    FT_Face ft = NULL;
    // FreeType closes the stream when the face is done with, or when opening fails.
    FT_Open_Args args = {.flags = FT_OPEN_STREAM, .stream = stream};
    int ok = (library != NULL || freetype.Init_FreeType(&library) == 0) && freetype.Open_Face(library, &args, index, &ft) == 0;
    if (library == NULL) close_font(stream);
    pthread_mutex_unlock(&library_lock);
    if (!ok) return NULL;
    cairo_font_face_t *face = cairo.ft_font_face_create_for_ft_face(ft, FT_LOAD_COLOR);
    if (cairo.font_face_status(face) != CAIRO_STATUS_SUCCESS
        || cairo.font_face_set_user_data(face, &face_key, ft, release_face) != CAIRO_STATUS_SUCCESS) {
        cairo.font_face_destroy(face);
        release_face(ft);
        return NULL;
    }
    msgfmt_cairo_face *result = malloc(sizeof *result);
    if (result == NULL) {
        cairo.font_face_destroy(face);
        return NULL;
    }
    result->face = face;
    return result;
}

void msgfmt_cairo_face_close(msgfmt_cairo_face *face) {
    if (face == NULL) return;
    cairo.font_face_destroy(face->face);
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
    cairo.set_font_face(cr, face->face);
    cairo_matrix_t matrix;
    cairo.matrix_init(&matrix, pixel_size, 0, -skew * pixel_size, pixel_size, 0, 0);
    cairo.set_font_matrix(cr, &matrix);
    set_color(cr, rgba);
    cairo.show_glyphs(cr, list, count);
    if (list != stack) free(list);
}

/// The canvas's pixels to the PNG writer (msgfmt_png.c).
int64_t msgfmt_cairo_png(msgfmt_cairo_canvas *canvas, int32_t compressor, uint8_t **bytes) {
    *bytes = NULL;
    if (canvas == NULL) return -1;
    cairo.surface_flush(canvas->surface);
    return msgfmt_png_encode(cairo.image_surface_get_data(canvas->surface), cairo.image_surface_get_stride(canvas->surface),
                             cairo.image_surface_get_width(canvas->surface), cairo.image_surface_get_height(canvas->surface),
                             compressor, bytes);
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
    if (msgfmt_cairo_load() != NULL) return 0;
    png_reader reader = {bytes, length, 0};
    cairo_surface_t *surface = cairo.image_surface_create_from_png_stream(take, &reader);
    if (cairo.surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo.surface_destroy(surface);
        return 0;
    }
    cairo.surface_flush(surface);
    int w = cairo.image_surface_get_width(surface), h = cairo.image_surface_get_height(surface);
    int stride = cairo.image_surface_get_stride(surface);
    cairo_format_t format = cairo.image_surface_get_format(surface);
    const uint8_t *data = cairo.image_surface_get_data(surface);
    uint8_t *out = malloc((size_t)w * (size_t)h * 4 + 1);
    if (out == NULL || data == NULL) {
        free(out);
        cairo.surface_destroy(surface);
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
    cairo.surface_destroy(surface);
    return 1;
}
