#ifndef C2H_TRANSLATE_LONE_HEADER_H
#define C2H_TRANSLATE_LONE_HEADER_H
/* A header read on its own, without the file that includes it first. */
#include "front/front.h"

/* Most headers rely on what their includer defines or includes before
 * them, so parse errors of a header parsed alone say little about the
 * code: they are folded into one note that names the first of them and
 * says the header was analysed without its context. Returns 0 or
 * C2H_ERR_NOMEM. */
int c2h_lone_header_fold_errors(const char *path, c2h_tu_facts *facts);

#endif
