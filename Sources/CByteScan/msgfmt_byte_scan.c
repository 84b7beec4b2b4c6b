// The byte scans are static inline in the header; this file holds what is not.

#include "msgfmt_byte_scan.h"

int32_t msgfmt_byte_scan_lanes(void) { return MSGFMT_BYTE_SCAN_LANES; }
