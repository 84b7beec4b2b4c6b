#include "msgfmt_img.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <png.h>
#include <webp/decode.h>

#include <pthread.h>

#include "msgfmt_loader.h"

/* ---- libjpeg, libpng and libwebp, opened on first use (see msgfmt_loader.h) ---- */

#define MSGFMT_JPEG_FUNCTIONS(X)                                                                \
    X(CreateDecompress) X(destroy_decompress) X(finish_decompress) X(mem_src) X(read_header)     \
    X(read_scanlines) X(start_decompress) X(std_error)
#define MSGFMT_PNG_FUNCTIONS(X) X(image_begin_read_from_memory) X(image_finish_read) X(image_free) X(image_write_to_memory)
#define MSGFMT_WEBP_FUNCTIONS(X) X(DecodeRGBAInto) X(GetInfo)

#define MSGFMT_JPEG_FIELD(name) MSGFMT_LOADER_FIELD(jpeg_, name)
#define MSGFMT_PNG_FIELD(name) MSGFMT_LOADER_FIELD(png_, name)
#define MSGFMT_WEBP_FIELD(name) MSGFMT_LOADER_FIELD(WebP, name)
static struct { MSGFMT_JPEG_FUNCTIONS(MSGFMT_JPEG_FIELD) } jpeg;
static struct { MSGFMT_PNG_FUNCTIONS(MSGFMT_PNG_FIELD) } png;
static struct { MSGFMT_WEBP_FUNCTIONS(MSGFMT_WEBP_FIELD) } webp;
static char load_error[MSGFMT_LOADER_ERROR_SIZE];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

#define MSGFMT_JPEG_RESOLVE(name) MSGFMT_LOADER_RESOLVE(jpeg, jpeg_, name, load_error)
#define MSGFMT_PNG_RESOLVE(name) MSGFMT_LOADER_RESOLVE(png, png_, name, load_error)
#define MSGFMT_WEBP_RESOLVE(name) MSGFMT_LOADER_RESOLVE(webp, WebP, name, load_error)

static void load(void) {
    {
        MSGFMT_LOADER_OPEN(load_error, "libjpeg.so.62", "libjpeg.so.8", "libjpeg.so", "libjpeg.dylib")
        MSGFMT_JPEG_FUNCTIONS(MSGFMT_JPEG_RESOLVE)
    }
    {
        MSGFMT_LOADER_OPEN(load_error, "libpng16.so.16", "libpng16.so", "libpng16.16.dylib")
        MSGFMT_PNG_FUNCTIONS(MSGFMT_PNG_RESOLVE)
    }
    {
        MSGFMT_LOADER_OPEN(load_error, "libwebp.so.7", "libwebp.so", "libwebp.7.dylib")
        MSGFMT_WEBP_FUNCTIONS(MSGFMT_WEBP_RESOLVE)
    }
}

const char *msgfmt_img_load(void) { return msgfmt_loader_once(&load_once, load, load_error); }

/* ---- format sniffing ---- */

static int is_png(const uint8_t *d, size_t n) {
    static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    return n >= 8 && memcmp(d, sig, 8) == 0;
}

static int is_jpeg(const uint8_t *d, size_t n) { return n >= 3 && d[0] == 0xFF && d[1] == 0xD8 && d[2] == 0xFF; }

static int is_webp(const uint8_t *d, size_t n) {
    return n >= 12 && memcmp(d, "RIFF", 4) == 0 && memcmp(d + 8, "WEBP", 4) == 0;
}

/* ---- JPEG: errors jump back instead of exiting; messages are not printed ---- */

struct jpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
};

static void jpeg_fail(j_common_ptr info) {
    struct jpeg_failure *failure = (struct jpeg_failure *)info->err;
    longjmp(failure->jump, 1);
}

static void jpeg_quiet(j_common_ptr info) { (void)info; }

/* Reads the header; returns 0 when it is damaged. */
static int jpeg_header(struct jpeg_decompress_struct *info, const uint8_t *data, size_t length) {
    jpeg.mem_src(info, data, (unsigned long)length);
    return jpeg.read_header(info, TRUE) == JPEG_HEADER_OK;
}

static int jpeg_read_size(const uint8_t *data, size_t length, int32_t *width, int32_t *height) {
    struct jpeg_decompress_struct info;
    struct jpeg_failure failure;
    info.err = jpeg.std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    failure.manager.output_message = jpeg_quiet;
    if (setjmp(failure.jump)) {
        jpeg.destroy_decompress(&info);
        return 0;
    }
    jpeg.CreateDecompress(&info, JPEG_LIB_VERSION, sizeof info);
    int ok = jpeg_header(&info, data, length);
    if (ok) {
        *width = (int32_t)info.image_width;
        *height = (int32_t)info.image_height;
    }
    jpeg.destroy_decompress(&info);
    return ok;
}

/* CMYK pixels turned into opaque RGBA in place. Photoshop and most other writers of CMYK
 * JPEGs (those with an Adobe marker) store the inks inverted, 255 meaning none; others
 * store them as they are. */
static void cmyk_to_rgba(uint8_t *pixels, size_t count, int inverted) {
    for (size_t i = 0; i < count; i++) {
        uint8_t *p = pixels + i * 4;
        unsigned c = p[0], m = p[1], y = p[2], k = p[3];
        if (!inverted) {
            c = 255 - c;
            m = 255 - m;
            y = 255 - y;
            k = 255 - k;
        }
        p[0] = (uint8_t)((c * k + 127) / 255);
        p[1] = (uint8_t)((m * k + 127) / 255);
        p[2] = (uint8_t)((y * k + 127) / 255);
        p[3] = 255;
    }
}

static uint8_t *jpeg_read_pixels(const uint8_t *data, size_t length, int64_t max_pixels, int32_t min_width, int32_t *width,
                            int32_t *height) {
    struct jpeg_decompress_struct info;
    struct jpeg_failure failure;
    uint8_t *volatile pixels = NULL;
    info.err = jpeg.std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    failure.manager.output_message = jpeg_quiet;
    if (setjmp(failure.jump)) {
        jpeg.destroy_decompress(&info);
        free(pixels);
        return NULL;
    }
    jpeg.CreateDecompress(&info, JPEG_LIB_VERSION, sizeof info);
    if (!jpeg_header(&info, data, length) || info.image_width == 0 || info.image_height == 0 ||
        (int64_t)info.image_width * (int64_t)info.image_height > max_pixels) {
        jpeg.destroy_decompress(&info);
        return NULL;
    }
    unsigned denominator = 1;
    while (denominator < 8 && (int64_t)info.image_width / (denominator * 2) >= min_width) denominator *= 2;
    info.scale_num = 1;
    info.scale_denom = denominator;
    /* libjpeg converts every colour space but CMYK (and YCCK, which it turns into CMYK)
     * to RGBA itself; CMYK has four bytes a pixel too and is converted in place below. */
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg.start_decompress(&info);
    size_t w = info.output_width, h = info.output_height;
    pixels = malloc(w * h * 4);
    if (!pixels) {
        jpeg.destroy_decompress(&info);
        return NULL;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * w * 4;
        jpeg.read_scanlines(&info, &row, 1);
    }
    jpeg.finish_decompress(&info);
    if (cmyk) cmyk_to_rgba(pixels, w * h, info.saw_Adobe_marker);
    long warnings = failure.manager.num_warnings;
    jpeg.destroy_decompress(&info);
    if (warnings > 0) { /* damaged data (a truncated file decodes as grey): not shown */
        free(pixels);
        return NULL;
    }
    *width = (int32_t)w;
    *height = (int32_t)h;
    return pixels;
}

/* ---- PNG: libpng's simplified API (its errors never escape it) ---- */

/* libpng allocates an ancillary chunk's declared length before it reads the chunk (a tEXt
 * of 0x6F6E616C bytes is 1.8 GB), and the simplified API gives no way to cap that; a chunk
 * longer than what is left is damaged anyway, so such a file is refused before libpng
 * sees it. */
int msgfmt_img_png_chunks_fit(const uint8_t *d, size_t n) {
    if (n < 8) return 0;
    size_t i = 8;
    while (n - i >= 12) {
        size_t chunk = (size_t)d[i] << 24 | (size_t)d[i + 1] << 16 | (size_t)d[i + 2] << 8 | (size_t)d[i + 3];
        if (chunk > n - i - 12) return 0;
        if (memcmp(d + i + 4, "IEND", 4) == 0) return 1;
        i += 12 + chunk;
    }
    return 1;
}

static int png_read_size(const uint8_t *data, size_t length, int32_t *width, int32_t *height) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png.image_begin_read_from_memory(&image, data, length)) return 0;
    *width = (int32_t)image.width;
    *height = (int32_t)image.height;
    png.image_free(&image);
    return 1;
}

static uint8_t *png_read_pixels(const uint8_t *data, size_t length, int64_t max_pixels, int32_t *width, int32_t *height) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png.image_begin_read_from_memory(&image, data, length)) return NULL;
    if (image.width == 0 || image.height == 0 || (int64_t)image.width * (int64_t)image.height > max_pixels) {
        png.image_free(&image);
        return NULL;
    }
    image.format = PNG_FORMAT_RGBA;
    uint8_t *pixels = malloc((size_t)image.width * image.height * 4);
    if (!pixels || !png.image_finish_read(&image, NULL, pixels, 0, NULL)) {
        png.image_free(&image);
        free(pixels);
        return NULL;
    }
    *width = (int32_t)image.width;
    *height = (int32_t)image.height;
    return pixels;
}

/* ---- the API ---- */

int msgfmt_img_info(const uint8_t *data, size_t length, int32_t *width, int32_t *height) {
    int w = 0, h = 0;
    if (msgfmt_img_load() != NULL) return MSGFMT_IMG_UNKNOWN;
    if (is_png(data, length)) {
        return msgfmt_img_png_chunks_fit(data, length) && png_read_size(data, length, width, height) ? MSGFMT_IMG_PNG : MSGFMT_IMG_UNKNOWN;
    }
    if (is_jpeg(data, length)) return jpeg_read_size(data, length, width, height) ? MSGFMT_IMG_JPEG : MSGFMT_IMG_UNKNOWN;
    if (is_webp(data, length) && webp.GetInfo(data, length, &w, &h)) {
        *width = w;
        *height = h;
        return MSGFMT_IMG_WEBP;
    }
    return MSGFMT_IMG_UNKNOWN;
}

uint8_t *msgfmt_img_decode(const uint8_t *data, size_t length, int64_t max_pixels, int32_t min_width, int32_t *width,
                           int32_t *height) {
    if (msgfmt_img_load() != NULL) return NULL;
    if (is_png(data, length)) return msgfmt_img_png_chunks_fit(data, length) ? png_read_pixels(data, length, max_pixels, width, height) : NULL;
    if (is_jpeg(data, length)) return jpeg_read_pixels(data, length, max_pixels, min_width, width, height);
    int w = 0, h = 0;
    if (!is_webp(data, length) || !webp.GetInfo(data, length, &w, &h)) return NULL;
    if (w <= 0 || h <= 0 || (int64_t)w * h > max_pixels) return NULL;
    size_t stride = (size_t)w * 4, size = stride * (size_t)h;
    uint8_t *pixels = malloc(size);
    if (!pixels || !webp.DecodeRGBAInto(data, length, pixels, size, (int)stride)) {
        free(pixels);
        return NULL;
    }
    *width = w;
    *height = h;
    return pixels;
}

uint8_t *msgfmt_img_scale(const uint8_t *rgba, int32_t width, int32_t height, int32_t new_width, int32_t new_height) {
    if (width <= 0 || height <= 0 || new_width <= 0 || new_height <= 0) return NULL;
    uint8_t *out = malloc((size_t)new_width * new_height * 4);
    if (!out) return NULL;
    for (int32_t y = 0; y < new_height; y++) {
        int32_t y0 = (int32_t)((int64_t)y * height / new_height);
        int32_t y1 = (int32_t)((int64_t)(y + 1) * height / new_height);
        if (y1 <= y0) y1 = y0 + 1;
        for (int32_t x = 0; x < new_width; x++) {
            int32_t x0 = (int32_t)((int64_t)x * width / new_width);
            int32_t x1 = (int32_t)((int64_t)(x + 1) * width / new_width);
            if (x1 <= x0) x1 = x0 + 1;
            uint64_t r = 0, g = 0, b = 0, a = 0, n = 0;
            for (int32_t sy = y0; sy < y1; sy++) {
                const uint8_t *p = rgba + ((size_t)sy * width + x0) * 4;
                for (int32_t sx = x0; sx < x1; sx++, p += 4) {
                    r += (uint64_t)p[0] * p[3];
                    g += (uint64_t)p[1] * p[3];
                    b += (uint64_t)p[2] * p[3];
                    a += p[3];
                    n++;
                }
            }
            uint8_t *q = out + ((size_t)y * new_width + x) * 4;
            q[0] = a ? (uint8_t)(r / a) : 0;
            q[1] = a ? (uint8_t)(g / a) : 0;
            q[2] = a ? (uint8_t)(b / a) : 0;
            q[3] = (uint8_t)(a / n);
        }
    }
    return out;
}

uint8_t *msgfmt_img_png(const uint8_t *rgba, int32_t width, int32_t height, size_t *length) {
    if (msgfmt_img_load() != NULL) return NULL;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)width;
    image.height = (png_uint_32)height;
    image.format = PNG_FORMAT_RGBA;
    png_alloc_size_t size = 0;
    if (!png.image_write_to_memory(&image, NULL, &size, 0, rgba, 0, NULL)) return NULL;
    uint8_t *buffer = malloc(size);
    if (!buffer) return NULL;
    if (!png.image_write_to_memory(&image, buffer, &size, 0, rgba, 0, NULL)) {
        free(buffer);
        return NULL;
    }
    *length = size;
    return buffer;
}

void msgfmt_img_free(uint8_t *buffer) { free(buffer); }
