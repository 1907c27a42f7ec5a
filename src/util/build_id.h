#ifndef C2H_UTIL_BUILD_ID_H
#define C2H_UTIL_BUILD_ID_H

#include <stddef.h>

/* The GNU build id of the object cu2hip's code is linked into, in hex:
 * it changes with every build that changes the code, where the version
 * string does not, so caches of what the code computes key by it. Returns
 * 1 and fills hex (at least 129 bytes), or 0 when the object has none. */
int c2h_build_id(char *hex, size_t size);

#endif
