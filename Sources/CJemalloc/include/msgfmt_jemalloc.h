#ifndef MSGFMT_JEMALLOC_H
#define MSGFMT_JEMALLOC_H

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

#endif
