#ifndef MSGFMT_LOADER_H
#define MSGFMT_LOADER_H

#include <stddef.h>

/* Run-time loading of the system libraries only some commands use (HarfBuzz, fontconfig,
 * cairo, FreeType, libpng, libjpeg, libwebp, libcrypto). Linking them would make every
 * msgfmt start map and relocate some thirty shared objects that a one-message render never
 * touches; each C target instead opens its library here on first use and looks its
 * functions up into a table of typed pointers. */

/* Opens the first of names (a NULL-terminated list of file names, most specific first)
 * that loads. Returns the handle, or NULL with a one-line reason in error[0..<size]. */
void *msgfmt_loader_open(const char *const names[], char *error, size_t size);

/* Looks symbol up in handle (opened from library, named in the reason). Returns NULL with
 * a one-line reason in error[0..<size] when the library lacks it (an older version). */
void *msgfmt_loader_symbol(void *handle, const char *library, const char *symbol, char *error, size_t size);

#endif
