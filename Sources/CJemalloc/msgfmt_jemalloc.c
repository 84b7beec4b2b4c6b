#include "msgfmt_jemalloc.h"

// One arena for every thread (the default is four per processor): the thread caches are
// what makes frees across threads cheap, and each further arena keeps its own pages and
// metadata (PNG drawing on every core peaked 1 MB lower). Freed pages of small and middle
// sizes go back to the system after one second instead of ten, and those of allocations
// of 1 MiB and more at once (jemalloc's "oversize" arena, whose pages it returns eagerly;
// 8 MiB by default): the merge of two 200 000-message exports, which grows and drops large
// buffers, peaked at 61-66 MB without that against 49 MB under glibc, and at 46-48 MB with it.
// Returning every page at once (dirty_decay_ms:0) kept peaks as low but doubled to
// tripled the system time of a site export.
const char *malloc_conf = "narenas:1,dirty_decay_ms:1000,oversize_threshold:1048576";
