#ifndef MSGFMT_LOADER_H
#define MSGFMT_LOADER_H

#include <pthread.h>
#include <stddef.h>

/* Run-time loading of the system libraries only some commands use (HarfBuzz, fontconfig,
 * cairo, FreeType, zlib, libdeflate, libpng, libjpeg, libwebp, Nettle). Linking them would
 * make every msgfmt start map and relocate some thirty shared objects that a one-message render never
 * touches; each C target instead opens its library here on first use and looks its
 * functions up into a table of typed pointers. */

/* The size of a target's buffer for the reason a library did not load. */
#define MSGFMT_LOADER_ERROR_SIZE 320

/* Runs `load` once per process (through `once`) and returns `error`, the reason it
 * recorded, or NULL when it recorded none (everything loaded): every target's
 * `msgfmt_X_load()`. */
const char *msgfmt_loader_once(pthread_once_t *once, void (*load)(void), const char *error);

/* Opens the first of names (a NULL-terminated list of file names, most specific first)
 * that loads. Returns the handle, or NULL with a one-line reason in error[0..<size]. */
void *msgfmt_loader_open(const char *const names[], char *error, size_t size);

/* Looks symbol up in handle (opened from library, named in the reason). Returns NULL with
 * a one-line reason in error[0..<size] when the library lacks it (an older version). */
void *msgfmt_loader_symbol(void *handle, const char *library, const char *symbol, char *error, size_t size);

/* A field of a target's table of functions: `name`, a pointer with the type of the
 * library's own declaration of `prefix##name`. */
#define MSGFMT_LOADER_FIELD(prefix, name) __typeof__(&prefix##name) name;

/* Inside a loading function with `handle` (opened from `names[0]`) and a char array
 * `error`: looks `prefix##name` up into `api.name`, or returns with the reason in `error`. */
#define MSGFMT_LOADER_RESOLVE(api, prefix, name, error)                                          \
    api.name = (__typeof__(&prefix##name))msgfmt_loader_symbol(handle, names[0], #prefix #name,  \
                                                               error, sizeof error);             \
    if (api.name == NULL) return;

/* Inside a loading function with a char array `error`: opens the first of the file names
 * that loads into `handle`, or returns with the reason in `error`. */
#define MSGFMT_LOADER_OPEN(error, ...)                                                            \
    static const char *const names[] = {__VA_ARGS__, NULL};                                      \
    void *handle = msgfmt_loader_open(names, error, sizeof error);                               \
    if (handle == NULL) return;

#endif
