#ifndef C2H_DIAG_SUPPRESS_H
#define C2H_DIAG_SUPPRESS_H
/* Inline suppressions: a comment `// cu2hip-ignore: NAME[, NAME...]` (or the
 * same inside a block comment) silences diagnostics of the named checks on
 * its own line and on the line after it. NAME is a check name, a glob on
 * check names (fnmatch), or `all`. */
#include <stddef.h>

#include "cu2hip/diag.h"

/* Removes from list the diagnostics about `path` that a cu2hip-ignore
 * comment in src (the len bytes of path) covers, keeping the order of the
 * rest, and adds their number to *suppressed. Diagnostics without a position
 * and those about other files are kept. Returns 0 or C2H_ERR_NOMEM (the
 * list is unchanged then). */
int c2h_diag_suppress(c2h_diag_list *list, const char *path, const char *src, size_t len,
                      size_t *suppressed);

#endif
