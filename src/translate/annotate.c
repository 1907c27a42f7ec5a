/* --annotate: a short comment in the output at each diagnostic site, so a
 * person finds every spot by searching for "cu2hip [". A block comment is
 * safe anywhere between tokens: in macro bodies, directives and
 * expressions alike. */
#include <stdio.h>
#include <string.h>

#include "annotate.h"

/* Moves an insertion point out of a replaced range (an insert may not land
 * inside another edit) to that edit's start. */
static size_t safe_offset(const c2h_edit_list *edits, size_t off) {
  for (size_t i = 0; i < edits->len; i++) {
    const c2h_edit *e = &edits->items[i];
    if (e->begin < off && off < e->end) return e->begin;
  }
  return off;
}

int c2h_annotate(const char *path, const char *src, size_t len, const c2h_diag_list *diags,
                 c2h_edit_list *edits) {
  for (size_t i = 0; i < diags->len; i++) {
    const c2h_diag *d = &diags->items[i];
    if (!d->begin.line || strcmp(d->path, path) != 0 || d->begin.offset > len) continue;
    char text[256];
    int n = snprintf(text, sizeof text, "/* cu2hip [%s]: %s */ ", c2h_check_name(d->check),
                     c2h_check_summary(d->check));
    if (n < 0 || (size_t)n >= sizeof text) continue;
    size_t off = safe_offset(edits, d->begin.offset);
    /* Annotating annotated output again adds nothing. */
    if (off >= (size_t)n && memcmp(src + off - (size_t)n, text, (size_t)n) == 0) continue;
    /* One comment per check and place, however many diagnostics share it. */
    int dup = 0;
    for (size_t j = 0; j < edits->len && !dup; j++)
      dup = edits->items[j].begin == off && edits->items[j].end == off && strcmp(edits->items[j].text, text) == 0;
    if (dup) continue;
    int rc = c2h_edit_add(edits, off, off, text, (size_t)n);
    if (rc) return rc;
  }
  return 0;
}
