#include "msgfmt_jemalloc.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

// One arena for every thread (the default is four per processor): the thread caches are
// what makes frees across threads cheap, and each further arena keeps its own pages and
// metadata (PNG drawing on every core peaked 1 MB lower). Freed pages of small and middle
// sizes go back to the system after one second instead of ten, and those of allocations
// of 1 MiB and more at once (jemalloc's "oversize" arena, whose pages it returns eagerly;
// 8 MiB by default): the merge of two 200 000-message exports, which grows and drops large
// buffers, peaked at 61-66 MB without that against 49 MB under glibc, and at 46-48 MB with it.
// Returning every page at once (dirty_decay_ms:0) kept peaks as low but doubled to
// tripled the system time of a site export. Render's workers take arenas of their own
// (msgfmt_jemalloc_use_arena); arenas made at run time take these settings too.
const char *malloc_conf = "narenas:1,dirty_decay_ms:1000,oversize_threshold:1048576";

// jemalloc's control interface, looked up at run time: only the executable links the
// library, and MsgfmtCore's tests and fuzz builds, which call this too, run without it.
typedef int (*msgfmt_mallctl)(const char *name, void *old, size_t *old_length, void *new, size_t new_length);
static pthread_once_t lookup_once = PTHREAD_ONCE_INIT;
static msgfmt_mallctl control = NULL;

static void look_up(void) { control = (msgfmt_mallctl)dlsym(RTLD_DEFAULT, "mallctl"); }

// The arena made for each slot (0: not made yet; slot 0 itself is never made), under a
// lock: two workers may make theirs at once.
static pthread_mutex_t arenas_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned arenas[MSGFMT_JEMALLOC_ARENAS];
// The slot this thread is bound to (0 until it binds).
static _Thread_local int32_t bound = 0;

int32_t msgfmt_jemalloc_use_arena(int32_t slot) {
    if (slot < 0) slot = 0;
    if (slot >= MSGFMT_JEMALLOC_ARENAS) slot = 1 + (slot - 1) % (MSGFMT_JEMALLOC_ARENAS - 1);
    pthread_once(&lookup_once, look_up);
    if (control == NULL) return 0;
    if (slot == bound) return 1;
    unsigned arena = 0;
    if (slot > 0) {
        pthread_mutex_lock(&arenas_lock);
        if (arenas[slot] == 0) {
            unsigned made = 0;
            size_t length = sizeof made;
            if (control("arenas.create", &made, &length, NULL, 0) == 0) arenas[slot] = made;
        }
        arena = arenas[slot];
        pthread_mutex_unlock(&arenas_lock);
        if (arena == 0) return 0;
    }
    if (control("thread.arena", NULL, NULL, &arena, sizeof arena) != 0) return 0;
    bound = slot;
    return 1;
}
