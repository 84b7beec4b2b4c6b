#define _GNU_SOURCE
#include "msgfmt_sys.h"

#include <sched.h>
#include <unistd.h>

int32_t msgfmt_sys_processors(pid_t pid) {
#ifdef __linux__
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(pid, sizeof set, &set) == 0) {
        int count = CPU_COUNT(&set);
        if (count > 0) return count;
    }
#endif
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (int32_t)online : 1;
}
