/// Scratch memory a thread keeps from picture to picture (canvas pixels, PNG rows and
/// compressed bytes), mapped straight from the system rather than taken from malloc:
/// growing it leaves no hole in a malloc arena, and what a tall picture grew it by past
/// `scratch_kept` is unmapped after use, its pages given back. Internal to CCairo.
#ifndef MSGFMT_SCRATCH_BUFFER_H
#define MSGFMT_SCRATCH_BUFFER_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

typedef struct {
    uint8_t *bytes;
    size_t capacity;
} scratch_buffer;

/// What a buffer keeps between pictures: room for a bubble of a dozen lines at scale 1.
static const size_t scratch_kept = 1u << 20;

/// At least `length` bytes of `buffer`, grown as needed to a power of two (what it held
/// is dropped); NULL when the system has no memory to map.
static inline uint8_t *scratch_reserve(scratch_buffer *buffer, size_t length) {
    if (buffer->capacity >= length && buffer->bytes != NULL) return buffer->bytes;
    if (buffer->bytes != NULL) munmap(buffer->bytes, buffer->capacity);
    size_t capacity = 64u << 10;
    while (capacity < length && capacity <= SIZE_MAX / 2) capacity *= 2;
    if (capacity < length) capacity = length;
    void *mapped = mmap(NULL, capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    buffer->bytes = mapped == MAP_FAILED ? NULL : mapped;
    buffer->capacity = mapped == MAP_FAILED ? 0 : capacity;
    return buffer->bytes;
}

/// Gives back what `buffer` holds beyond `scratch_kept` bytes (its first pages stay, for
/// the next picture), or with `all` the whole of it.
static inline void scratch_trim(scratch_buffer *buffer, int all) {
    if (buffer->bytes == NULL) return;
    if (all) {
        munmap(buffer->bytes, buffer->capacity);
        buffer->bytes = NULL;
        buffer->capacity = 0;
    } else if (buffer->capacity > scratch_kept) {
        munmap(buffer->bytes + scratch_kept, buffer->capacity - scratch_kept);
        buffer->capacity = scratch_kept;
    }
}

/// This thread's state under `key` (made once, through `once`, by `make_key`, whose
/// destructor frees it when the thread ends): a zeroed block of `size` bytes made on first
/// use; NULL when memory runs out.
static inline void *scratch_thread_state(pthread_once_t *once, void (*make_key)(void), pthread_key_t *key, size_t size) {
    pthread_once(once, make_key);
    void *state = pthread_getspecific(*key);
    if (state != NULL) return state;
    state = calloc(1, size);
    if (state != NULL && pthread_setspecific(*key, state) != 0) {
        free(state);
        return NULL;
    }
    return state;
}

#endif
