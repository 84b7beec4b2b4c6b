#ifndef MSGFMT_SYS_H
#define MSGFMT_SYS_H

#include <stdint.h>
#include <sys/types.h>

/* Operating-system facts Swift's Glibc module does not reach (they need _GNU_SOURCE). */

/* The processors process `pid` (0: this one) may run on: its CPU affinity, which taskset
 * and a container's cpuset narrow, as nproc counts them; the processors online when the
 * affinity cannot be read. At least 1. */
int32_t msgfmt_sys_processors(pid_t pid);

#endif
