/* The parse's diagnostics as the translation reports them: errors of user
 * code only (an unknown CUDA name is a gap of the shim), missing headers as
 * warnings of their own, errors about names a missing header would have
 * declared folded into one note, and at most MAX_PARSE_DIAGS others. */
#include <stdlib.h>
#include <string.h>

#include "cu2hip/cu2hip.h"
#include "front/front_internal.h"

/* Parse errors reported per file before the rest are summed up in a note. */
#define MAX_PARSE_DIAGS 10

/* The single-quoted name in a clang message ("use of undeclared identifier 'x'"). */
static int quoted_name(const char *msg, const char **name, size_t *len) {
  const char *a = strchr(msg, '\'');
  const char *b = a ? strchr(a + 1, '\'') : NULL;
  if (!b || b == a + 1) return 0;
  *name = a + 1;
  *len = (size_t)(b - a - 1);
  return 1;
}

/* A user declaration that clashes with one of the shim ("redefinition of",
 * "follows non-static declaration"): the shim declares the whole API at
 * once, the real headers only what a file includes. Not the user's error. */
static int conflicts_with_shim(CXDiagnostic d) {
  CXDiagnosticSet notes = clang_getChildDiagnostics(d);
  unsigned n = notes ? clang_getNumDiagnosticsInSet(notes) : 0;
  int shim = 0;
  for (unsigned i = 0; i < n && !shim; i++) {
    CXDiagnostic note = clang_getDiagnosticInSet(notes, i);
    CXFile f = NULL;
    clang_getSpellingLocation(clang_getDiagnosticLocation(note), &f, NULL, NULL, NULL);
    shim = c2h_front_is_shim_file(f);
    clang_disposeDiagnostic(note);
  }
  return shim;
}

/* The same error at the same place, e.g. once per expansion of a macro. */
static int already_reported(const c2h_diag_list *out, unsigned line, unsigned col, const char *msg) {
  size_t n = strlen(msg);
  for (size_t i = 0; i < out->len; i++) {
    const c2h_diag *d = &out->items[i];
    if (d->begin.line == line && d->begin.col == col && strncmp(d->message, msg, n) == 0) return 1;
  }
  return 0;
}

/* Errors about a name the parser cannot see: where a header was not found,
 * they are most likely its names, not mistakes in the code. */
static int names_unknown_name(const char *msg) {
  static const char *const kinds[] = {"use of undeclared identifier", "unknown type name", "no template named",
                                      "no type named",                "no member named",   "expected namespace name",
                                      "unknown class name",
                                      /* x.f<T>() on an x of a type the parse does not know */
                                      "missing 'template' keyword prior to dependent template name", NULL};
  for (size_t i = 0; kinds[i]; i++)
    if (strncmp(msg, kinds[i], strlen(kinds[i])) == 0) return 1;
  return 0;
}

typedef struct empty_stub_search {
  const c2h_front_options *options;
  int found;
} empty_stub_search;

static void find_empty_stub(CXFile included, CXSourceLocation *stack, unsigned depth, CXClientData data) {
  (void)stack;
  (void)depth;
  empty_stub_search *q = data;
  static const char dir[] = SHIM_INCLUDE_DIR "/";
  CXString name = clang_getFileName(included);
  const char *n = clang_getCString(name);
  if (!q->found && n && strncmp(n, dir, sizeof dir - 1) == 0)
    for (size_t i = 0; i < q->options->n_cuda_headers && !q->found; i++)
      q->found = q->options->cuda_header_empty[i] && strcmp(n + sizeof dir - 1, q->options->cuda_headers[i]) == 0;
  clang_disposeString(name);
}

/* Whether the unit met an #include it could not resolve (in any file), or
 * one of a CUDA header HIP lacks, whose stub declares nothing. */
static int unit_misses_header(CXTranslationUnit tu, const c2h_front_options *options) {
  if (options->cuda_header_empty) {
    empty_stub_search q = {options, 0};
    clang_getInclusions(tu, find_empty_stub, &q);
    if (q.found) return 1;
  }
  unsigned n = clang_getNumDiagnostics(tu);
  int found = 0;
  for (unsigned i = 0; i < n && !found; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    CXString text = clang_getDiagnosticSpelling(d);
    found = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && strstr(clang_getCString(text), "file not found");
    clang_disposeString(text);
    clang_disposeDiagnostic(d);
  }
  return found;
}

/* Keeps the first of a group of errors folded into one note: where, and
 * the error's text. */
typedef struct folded {
  unsigned count;
  c2h_pos at;
  char *where, *first;
} folded;

static int fold(folded *f, const char *where, c2h_pos at, const char *msg) {
  if (f->count++) return 0;
  f->at = at;
  f->where = malloc(strlen(where) + 1);
  f->first = malloc(strlen(msg) + 1);
  if (!f->where || !f->first) return C2H_ERR_NOMEM;
  strcpy(f->where, where);
  strcpy(f->first, msg);
  return 0;
}

int c2h_front_collect_diagnostics(CXTranslationUnit tu, const c2h_front_options *options, const char *path,
                                  CXFile main_file, int only_main, c2h_name_filter filter, void *ctx,
                                  c2h_diag_list *out, unsigned *n_errors) {
  unsigned n = clang_getNumDiagnostics(tu), shown = 0;
  int rc = 0;
  folded hidden = {0}, unseen_names = {0};
  const int misses_header = unit_misses_header(tu, options);
  for (unsigned i = 0; i < n && rc == 0; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
    CXSourceLocation loc = clang_getDiagnosticLocation(d);
    CXString text = clang_getDiagnosticSpelling(d);
    const char *msg = clang_getCString(text);
    CXFile file = NULL;
    unsigned line = 0, col = 0, off = 0;
    clang_getSpellingLocation(loc, &file, &line, &col, &off);
    const char *name;
    size_t name_len;
    int missing = strstr(msg, "file not found") != NULL;
    /* Only errors in user code matter; an unknown CUDA name is a gap of the
     * shim, not a problem of the code being ported. */
    /* A file parsed in another's unit answers for its own lines only: the
     * rest of the unit is reported by the files it belongs to. */
    int skip = sev < CXDiagnostic_Error || (only_main && !(file && clang_File_isEqual(file, main_file))) ||
               (!missing && !c2h_front_is_user_location(loc)) ||
               (!missing && filter && quoted_name(msg, &name, &name_len) && filter(ctx, name, name_len)) ||
               (!missing && conflicts_with_shim(d)) || already_reported(out, line, col, msg);
    if (!skip) {
      /* A header's problems name it by its real path, so that the same
       * problem met through several includers is one (see project.c). */
      CXString fname = clang_File_tryGetRealPathName(file);
      if (file && !*clang_getCString(fname)) {
        clang_disposeString(fname);
        fname = clang_getFileName(file);
      }
      const char *where = file && !clang_File_isEqual(file, main_file) ? clang_getCString(fname) : path;
      c2h_pos pos = {line, col, off};
      if (missing) {
        rc = c2h_diag_list_add(out, where, pos, pos, C2H_SEV_WARNING, C2H_CHECK_PARSE_MISSING_HEADER, NULL,
                               "%s; translation goes on, but names it declares cannot be checked", msg);
      } else if (++*n_errors, misses_header && names_unknown_name(msg)) {
        rc = fold(&unseen_names, where, pos, msg);
      } else if (shown < MAX_PARSE_DIAGS) {
        shown++;
        rc = c2h_diag_list_add(out, where, pos, pos, C2H_SEV_WARNING, C2H_CHECK_PARSE_ERROR, NULL,
                               "%s (translated anyway)", msg);
      } else {
        rc = fold(&hidden, where, pos, msg);
      }
      clang_disposeString(fname);
    }
    clang_disposeString(text);
    clang_disposeDiagnostic(d);
  }
  if (rc == 0 && unseen_names.count)
    rc = c2h_diag_list_add(out, unseen_names.where, unseen_names.at, unseen_names.at, C2H_SEV_NOTE,
                           C2H_CHECK_PARSE_ERROR, NULL,
                           "%u parse error%s about names the parser cannot see (first: %s), most likely declared "
                           "in a header that was not found (parse-missing-header) or one HIP lacks (api-unsupported); "
                           "translated anyway: make a missing header findable (-I, a compile database) to have "
                           "these names checked",
                           unseen_names.count, unseen_names.count == 1 ? "" : "s", unseen_names.first);
  if (rc == 0 && hidden.count)
    rc = c2h_diag_list_add(out, hidden.where, hidden.at, hidden.at, C2H_SEV_NOTE, C2H_CHECK_PARSE_ERROR, NULL,
                           "%u more parse errors not shown", hidden.count);
  free(hidden.where);
  free(hidden.first);
  free(unseen_names.where);
  free(unseen_names.first);
  return rc;
}
