// Blocks of per-scalar answers (msgfmt_icu.c's flags, msgfmt_icu_fold.c's folds), made on
// first use and then shared by all threads. Private to CICU: Swift never sees it.
#ifndef MSGFMT_ICU_BLOCKS_H
#define MSGFMT_ICU_BLOCKS_H

#include <stdatomic.h>
#include <stdlib.h>

// Publishes `fresh` (malloc'd) in `slot` unless another thread was first, in which case
// `fresh` is freed; returns the block the slot holds.
static inline void *msgfmt_publish_block(_Atomic(void *) *slot, void *fresh) {
    void *expected = NULL;
    if (atomic_compare_exchange_strong_explicit(slot, &expected, fresh, memory_order_acq_rel, memory_order_acquire)) {
        return fresh;
    }
    free(fresh);
    return expected;
}

#endif
