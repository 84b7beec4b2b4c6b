#ifndef MSGFMT_JEMALLOC_H
#define MSGFMT_JEMALLOC_H

#include <stdint.h>

/* msgfmt allocates through jemalloc on Linux (Debian's libjemalloc2, linked by the
 * executable, so it serves the whole process in place of glibc's malloc). With `--jobs`,
 * a message is made on one thread and let go on another; glibc hands each such free back
 * to the arena of the thread that allocated it, under that arena's lock, while jemalloc's
 * per-thread caches take it as it comes. Measured on two cores: render --jobs 2 4-10 %
 * and a site export --jobs 2 8-14 % faster; one thread unchanged (docs/PERFORMANCE.md).
 *
 * jemalloc reads its settings from this string (its documented `malloc_conf` symbol), then
 * from the MALLOC_CONF environment variable, whose options override these. */
extern const char *malloc_conf;

/* The most arenas msgfmt makes for its own threads (msgfmt_jemalloc_use_arena). */
#define MSGFMT_JEMALLOC_ARENAS 16

/* Binds the calling thread to msgfmt's arena `slot`: slot 0 is the arena every thread
 * starts on; slots 1 and up (taken modulo the room, MSGFMT_JEMALLOC_ARENAS - 1) are arenas
 * made on first use, each a set of pages, locks and bookkeeping of its own. Render's
 * workers, which make, use and let go of their messages themselves, each take one: on a
 * shared arena the workers' and the reading thread's allocations contend for the same
 * locks and cache lines. Returns 1 when the thread is bound, 0 when the process does not
 * allocate through jemalloc (the library is not loaded: tests and fuzz builds of
 * MsgfmtCore) or jemalloc refused. Cheap after a thread's first call with a slot. */
int32_t msgfmt_jemalloc_use_arena(int32_t slot);

#endif
