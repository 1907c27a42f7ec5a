/* Parse errors of a header parsed without its includer, as one note. */
#include "translate/lone_header.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu2hip/error.h"

/* The parse-error text without the " (translated anyway)" the front adds. */
static size_t bare_length(const char *message) {
  static const char tail[] = " (translated anyway)";
  size_t n = strlen(message);
  if (n >= sizeof tail - 1 && strcmp(message + n - (sizeof tail - 1), tail) == 0) n -= sizeof tail - 1;
  return n;
}

int c2h_lone_header_fold_errors(const char *path, c2h_tu_facts *facts) {
  c2h_diag_list *l = &facts->diags;
  if (!facts->parse_errors) return 0;
  size_t at_first = l->len;
  for (size_t i = 0; i < l->len && at_first == l->len; i++)
    if (l->items[i].check == C2H_CHECK_PARSE_ERROR && l->items[i].severity != C2H_SEV_NOTE) at_first = i;
  if (at_first == l->len) return 0; /* notes only: they say it already */
  c2h_diag first = l->items[at_first];
  size_t kept = 0;
  for (size_t i = 0; i < l->len; i++) {
    c2h_diag *d = &l->items[i];
    if (d->check != C2H_CHECK_PARSE_ERROR) {
      l->items[kept++] = *d;
    } else if (i != at_first) {
      free(d->path);
      free(d->message);
      free(d->replacement);
    }
  }
  l->len = kept;
  /* The note sits on the first error when that is in the header itself;
   * an error in a file it includes is named in the text. */
  int here = strcmp(first.path, path) == 0;
  c2h_pos at = here ? first.begin : (c2h_pos){0, 0, 0};
  int n = (int)bare_length(first.message);
  unsigned others = facts->parse_errors - 1;
  char more[64] = "";
  if (others) snprintf(more, sizeof more, "; %u more parse error%s", others, others == 1 ? "" : "s");
  int rc = c2h_diag_list_add(l, path, at, at, C2H_SEV_NOTE, C2H_CHECK_PARSE_ERROR, NULL,
                             "read on its own, this header does not parse (%.*s%s%s%s): it relies on what the files "
                             "including it define or include first, and no translated source of the run includes "
                             "it, so it was analysed without that context and the checks in it may miss problems",
                             n, first.message, here ? "" : ", in ", here ? "" : first.path, more);
  free(first.path);
  free(first.message);
  free(first.replacement);
  return rc;
}
