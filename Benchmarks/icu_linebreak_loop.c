// The physical reference for msgfmt's render benchmarks: the least work any UAX #14
// line breaker over ICU can do. It reads message texts (UTF-8, each ended by a NUL byte),
// converts each to UTF-16 and walks ICU's line-break iterator over it, reusing one
// iterator, and reports MB/s of UTF-8 message text. File reading is not timed.
//
// cc -O2 -o icu_linebreak_loop icu_linebreak_loop.c -licuuc
// usage: icu_linebreak_loop TEXTS.bin [REPEAT]
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unicode/ubrk.h>
#include <unicode/ustring.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        return NULL;
    }
    size_t capacity = 1 << 20, used = 0;
    char *data = malloc(capacity);
    for (;;) {
        if (used == capacity) {
            capacity *= 2;
            data = realloc(data, capacity);
        }
        size_t n = fread(data + used, 1, capacity - used, f);
        if (n == 0) {
            break;
        }
        used += n;
    }
    fclose(f);
    *size = used;
    return data;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s TEXTS.bin [REPEAT]\n", argv[0]);
        return 2;
    }
    int repeat = argc > 2 ? atoi(argv[2]) : 1;
    if (repeat < 1) {
        repeat = 1;
    }
    size_t size = 0;
    char *data = read_file(argv[1], &size);
    if (data == NULL) {
        return 1;
    }
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_LINE, "", NULL, 0, &status);
    if (U_FAILURE(status)) {
        fprintf(stderr, "ubrk_open: %s\n", u_errorName(status));
        return 1;
    }
    int32_t capacity = 1 << 16;
    UChar *units = malloc(sizeof(UChar) * (size_t)capacity);
    long long breaks = 0, messages = 0;
    double start = now();
    for (int r = 0; r < repeat; r++) {
        size_t pos = 0;
        while (pos < size) {
            const char *text = data + pos;
            size_t length = strnlen(text, size - pos);
            pos += length + 1;
            int32_t count = 0;
            status = U_ZERO_ERROR;
            u_strFromUTF8(units, capacity, &count, text, (int32_t)length, &status);
            if (status == U_BUFFER_OVERFLOW_ERROR || count > capacity) {
                capacity = count * 2;
                units = realloc(units, sizeof(UChar) * (size_t)capacity);
                status = U_ZERO_ERROR;
                u_strFromUTF8(units, capacity, &count, text, (int32_t)length, &status);
            }
            if (U_FAILURE(status)) {
                fprintf(stderr, "u_strFromUTF8: %s\n", u_errorName(status));
                return 1;
            }
            ubrk_setText(it, units, count, &status);
            for (int32_t b = ubrk_first(it); b != UBRK_DONE; b = ubrk_next(it)) {
                breaks++;
            }
            messages++;
        }
    }
    double elapsed = now() - start;
    double bytes = (double)size * repeat - (double)messages;  // NUL separators are not text
    printf("icu_linebreak_loop: %lld msgs in %.3fs = %.0f msg/s, %.2f MB/s of text, %lld breaks\n",
           messages, elapsed, messages / elapsed, bytes / elapsed / 1e6, breaks);
    ubrk_close(it);
    free(units);
    free(data);
    return 0;
}
