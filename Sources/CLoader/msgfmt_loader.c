#include "msgfmt_loader.h"

#include <dlfcn.h>
#include <stdio.h>

void *msgfmt_loader_open(const char *const names[], char *error, size_t size) {
    const char *first_reason = NULL;
    for (size_t i = 0; names[i] != NULL; i++) {
        void *handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (handle != NULL) return handle;
        // dlerror's text is overwritten by the next attempt: report the first name's,
        // which is the library msgfmt was built against.
        if (first_reason == NULL) {
            const char *reason = dlerror();
            snprintf(error, size, "%s", reason != NULL ? reason : names[i]);
            first_reason = error;
        }
    }
    if (first_reason == NULL) snprintf(error, size, "no library name given");
    return NULL;
}

const char *msgfmt_loader_once(pthread_once_t *once, void (*load)(void), const char *error) {
    pthread_once(once, load);
    return error[0] != 0 ? error : NULL;
}

void *msgfmt_loader_symbol(void *handle, const char *library, const char *symbol, char *error, size_t size) {
    void *address = dlsym(handle, symbol);
    if (address == NULL) snprintf(error, size, "%s has no function %s (too old a version)", library, symbol);
    return address;
}
