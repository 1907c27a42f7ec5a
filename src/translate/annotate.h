#ifndef C2H_TRANSLATE_ANNOTATE_H
#define C2H_TRANSLATE_ANNOTATE_H
#include "cu2hip/diag.h"
#include "edit/edit.h"

/* Adds an insert edit with a short comment at the start of every
 * diagnostic of `path` (diagnostics in other files, or without a position,
 * are skipped). Returns 0 or C2H_ERR_NOMEM. */
int c2h_annotate(const char *path, const char *src, size_t len, const c2h_diag_list *diags,
                 c2h_edit_list *edits);

#endif
