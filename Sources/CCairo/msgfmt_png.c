#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "msgfmt_cairo.h"
#include "msgfmt_loader.h"
#include "png_writer.h"
#include "scratch_buffer.h"

// zlib (always) and libdeflate (when installed: whole-buffer compression about twice as
// fast at its fastest level, and smaller) are opened on first use, as msgfmt_loader.h
// describes.
#define MSGFMT_Z_FUNCTIONS(X) X(crc32) X(deflate) X(deflateEnd) X(deflateInit_)
#define MSGFMT_DEFLATE_FUNCTIONS(X) X(alloc_compressor) X(free_compressor) X(zlib_compress) X(zlib_compress_bound)
#define MSGFMT_Z_FIELD(name) MSGFMT_LOADER_FIELD(, name)
#define MSGFMT_DEFLATE_FIELD(name) MSGFMT_LOADER_FIELD(libdeflate_, name)
static struct { MSGFMT_Z_FUNCTIONS(MSGFMT_Z_FIELD) } z;
static struct { MSGFMT_DEFLATE_FUNCTIONS(MSGFMT_DEFLATE_FIELD) } libdeflate;
static char z_error[MSGFMT_LOADER_ERROR_SIZE];
static char deflate_error[MSGFMT_LOADER_ERROR_SIZE];
static pthread_once_t z_once = PTHREAD_ONCE_INIT;
static pthread_once_t deflate_once = PTHREAD_ONCE_INIT;
#define MSGFMT_Z_RESOLVE(name) MSGFMT_LOADER_RESOLVE(z, , name, z_error)
#define MSGFMT_DEFLATE_RESOLVE(name) MSGFMT_LOADER_RESOLVE(libdeflate, libdeflate_, name, deflate_error)

static void load_z(void) {
    MSGFMT_LOADER_OPEN(z_error, "libz.so.1", "libz.so", "libz.1.dylib")
    MSGFMT_Z_FUNCTIONS(MSGFMT_Z_RESOLVE)
}

static void load_deflate(void) {
    MSGFMT_LOADER_OPEN(deflate_error, "libdeflate.so.0", "libdeflate.so", "libdeflate.0.dylib")
    MSGFMT_DEFLATE_FUNCTIONS(MSGFMT_DEFLATE_RESOLVE)
}

const char *msgfmt_png_load(void) { return msgfmt_loader_once(&z_once, load_z, z_error); }

static int has_libdeflate(void) { return msgfmt_loader_once(&deflate_once, load_deflate, deflate_error) == NULL; }

/// What each thread keeps from picture to picture for libdeflate: the rows to compress,
/// room for the compressed bytes, and its compressor, which is not to be shared between
/// threads.
typedef struct {
    scratch_buffer rows;
    scratch_buffer out;
    struct libdeflate_compressor *compressor;
} thread_writer;

static pthread_key_t writer_key;
static pthread_once_t writer_once = PTHREAD_ONCE_INIT;

static void release_writer(void *data) {
    thread_writer *writer = data;
    scratch_trim(&writer->rows, 1);
    scratch_trim(&writer->out, 1);
    if (writer->compressor != NULL) libdeflate.free_compressor(writer->compressor);
    free(writer);
}

static void make_writer_key(void) { pthread_key_create(&writer_key, release_writer); }

/// This thread's writer with a compressor, made on first use; NULL when memory runs out.
static thread_writer *this_thread_writer(void) {
    thread_writer *writer = scratch_thread_state(&writer_once, make_writer_key, &writer_key, sizeof *writer);
    if (writer == NULL) return NULL;
    if (writer->compressor == NULL) writer->compressor = libdeflate.alloc_compressor(1);
    return writer->compressor != NULL ? writer : NULL;
}

static void put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/// Writes a chunk's length, type and CRC around the `length` data bytes already at
/// `chunk + 8`; returns the chunk's size.
static size_t finish_chunk(uint8_t *chunk, const char *type, size_t length) {
    put32(chunk, (uint32_t)length);
    memcpy(chunk + 4, type, 4);
    uLong crc = z.crc32(0L, chunk + 4, (uInt)(length + 4));
    put32(chunk + 8 + length, (uint32_t)crc);
    return length + 12;
}

/// The signature and the IHDR chunk: `header_size` bytes at `png`.
enum { header_size = 8 + 12 + 13 };

static void write_header(uint8_t *png, int width, int height) {
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    memcpy(png, signature, 8);
    uint8_t *header = png + 8 + 8;
    put32(header, (uint32_t)width);
    put32(header + 4, (uint32_t)height);
    header[8] = 8;   // bits per channel
    header[9] = 6;   // RGBA
    header[10] = 0;  // deflate
    header[11] = 0;  // adaptive filtering (the method; each row names its filter, here None)
    header[12] = 0;  // not interlaced
    finish_chunk(png + 8, "IHDR", 13);
}

/// Row `source` of `width` pixels as a PNG row (`1 + 4 * width` bytes at `row`): the
/// filter byte (None: pictures of flat colors compress smaller and faster unfiltered),
/// then each pixel's colors taken out of cairo's premultiplied alpha with the same
/// rounding as cairo's own writer.
static void write_row(const uint32_t *source, int width, uint8_t *row) {
    row[0] = 0;
    uint8_t *out = row + 1;
    for (int x = 0; x < width; x++, out += 4) {
        const uint32_t pixel = source[x];
        const uint32_t alpha = pixel >> 24;
        uint32_t r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF;
        if (alpha == 0) {
            r = g = b = 0;
        } else if (alpha != 255) {
            r = (r * 255 + alpha / 2) / alpha;
            g = (g * 255 + alpha / 2) / alpha;
            b = (b * 255 + alpha / 2) / alpha;
        }
        out[0] = (uint8_t)r;
        out[1] = (uint8_t)g;
        out[2] = (uint8_t)b;
        out[3] = (uint8_t)alpha;
    }
}

/// Ends the PNG whose IDAT data (`compressed` bytes) follows the header: the IDAT chunk's
/// frame and the IEND chunk, in room the caller left; returns the file's size.
static size_t finish_png(uint8_t *png, size_t compressed) {
    size_t length = header_size;
    length += finish_chunk(png + length, "IDAT", compressed);
    length += finish_chunk(png + length, "IEND", 0);
    return length;
}

/// The PNG through libdeflate: every row made into this thread's buffer, compressed at
/// once into another, then copied out at its size. -1 when memory runs out.
static int64_t encode_libdeflate(thread_writer *writer, const uint8_t *data, int stride, int width, int height,
                                 uint8_t **bytes) {
    const size_t row_length = 1 + 4 * (size_t)width;
    const size_t length = row_length * (size_t)height;
    const size_t bound = libdeflate.zlib_compress_bound(writer->compressor, length);
    uint8_t *rows = scratch_reserve(&writer->rows, length);
    uint8_t *out = scratch_reserve(&writer->out, bound);
    size_t compressed = 0;
    if (rows != NULL && out != NULL) {
        for (int y = 0; y < height; y++) {
            write_row((const uint32_t *)(data + (size_t)y * (size_t)stride), width, rows + (size_t)y * row_length);
        }
        compressed = libdeflate.zlib_compress(writer->compressor, rows, length, out, bound);
    }
    uint8_t *png = compressed == 0 ? NULL : malloc(header_size + 8 + compressed + 4 + 12);
    if (png != NULL) memcpy(png + header_size + 8, out, compressed);
    scratch_trim(&writer->rows, 0);
    scratch_trim(&writer->out, 0);
    if (png == NULL) return -1;
    write_header(png, width, height);
    *bytes = png;
    return (int64_t)finish_png(png, compressed);
}

/// The PNG through zlib: each row compressed as it is made, into a buffer that grows.
static int64_t encode_zlib(const uint8_t *data, int stride, int width, int height, uint8_t **bytes) {
    const size_t row_length = 1 + 4 * (size_t)width;
    size_t capacity = header_size + 8 + (64u << 10);
    size_t length = header_size + 8;
    uint8_t *png = malloc(capacity);
    uint8_t *row = malloc(row_length);
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    int ok = png != NULL && row != NULL && z.deflateInit_(&stream, Z_BEST_SPEED, ZLIB_VERSION, (int)sizeof stream) == Z_OK;
    const int started = ok;
    for (int y = 0; ok && y <= height; y++) {
        const int last = y == height;
        if (!last) {
            write_row((const uint32_t *)(data + (size_t)y * (size_t)stride), width, row);
            stream.next_in = row;
            stream.avail_in = (uInt)row_length;
        }
        int status;
        do {
            // Room for more output, and for the IDAT CRC and the IEND chunk after it.
            if (capacity - length < (16u << 10) + 16) {
                uint8_t *grown = realloc(png, capacity * 2);
                if (grown == NULL) {
                    ok = 0;
                    break;
                }
                png = grown;
                capacity *= 2;
            }
            const size_t room = capacity - length - 16;
            stream.next_out = png + length;
            stream.avail_out = room > UINT32_MAX ? UINT32_MAX : (uInt)room;
            status = z.deflate(&stream, last ? Z_FINISH : Z_NO_FLUSH);
            length = (size_t)(stream.next_out - png);
            // Z_BUF_ERROR: nothing left to do for this row (its input taken, its output out).
            ok = status == Z_OK || status == Z_STREAM_END || (!last && status == Z_BUF_ERROR);
        } while (ok && (stream.avail_out == 0 || (last && status != Z_STREAM_END)));
    }
    if (started) z.deflateEnd(&stream);
    free(row);
    if (!ok) {
        free(png);
        return -1;
    }
    write_header(png, width, height);
    *bytes = png;
    return (int64_t)finish_png(png, length - header_size - 8);
}

int64_t msgfmt_png_encode(const uint8_t *data, int stride, int width, int height, int32_t compressor, uint8_t **bytes) {
    *bytes = NULL;
    if (data == NULL || width <= 0 || height <= 0 || stride < 4 * width || msgfmt_png_load() != NULL) return -1;
    if (compressor == MSGFMT_CAIRO_PNG_FASTEST && has_libdeflate()) {
        thread_writer *writer = this_thread_writer();
        if (writer != NULL) return encode_libdeflate(writer, data, stride, width, height, bytes);
    }
    return encode_zlib(data, stride, width, height, bytes);
}
