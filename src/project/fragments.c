/* Parts of translation units: files a source pulls in with
 * `#include "kernel.c"` (or a .cu, .inc, .inl, ...) that the build never
 * compiles on their own. They are CUDA code written for the includer's
 * context (its macros, types and headers come first), so each is parsed in
 * the includer's translation unit, with its flags, rather than on its own
 * or not at all (a .c file would otherwise only be copied). */
#define _XOPEN_SOURCE 700 /* realpath */
#include <stdlib.h>
#include <string.h>

#include "run.h"
#include "scan/scan.h"
#include "util/buf.h"
#include "util/file.h"

/* Suffixes of headers: self-contained by convention, translated as files
 * of their own (see project.c). */
static const char *const header_suffixes[] = {".h", ".hpp", ".hh", ".hxx", ".cuh", ".H", NULL};

static int ident(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Whether the text defines a main function: `main (` after a word (its
 * return type). Such a file is a program even when another one includes it
 * (a test that includes the trainer), so it stays a unit of its own. */
static int defines_main(const char *s, size_t n) {
  for (size_t i = 0; i + 4 <= n; i++) {
    if (memcmp(s + i, "main", 4) != 0 || (i && ident((unsigned char)s[i - 1])) ||
        (i + 4 < n && ident((unsigned char)s[i + 4])))
      continue;
    size_t t = i + 4;
    while (t < n && (s[t] == ' ' || s[t] == '\t')) t++;
    if (t >= n || s[t] != '(') continue;
    size_t p = i;
    while (p && (s[p - 1] == ' ' || s[p - 1] == '\t' || s[p - 1] == '\n' || s[p - 1] == '\r')) p--;
    if (p && (ident((unsigned char)s[p - 1]) || s[p - 1] == '*')) return 1;
  }
  return 0;
}

/* Calls found(r, includer, line, name) for each `#include "name"` line of
 * src (a directive: '#' first on its line; line counts from 1). Lines in
 * inactive branches count too: the part may be pulled in under a macro the
 * build sets. */
static int each_quoted_include(c2h_run *r, size_t includer, const char *src, size_t n,
                               int (*found)(c2h_run *, size_t, unsigned, const char *)) {
  int rc = 0;
  unsigned line = 0;
  for (size_t i = 0; i < n && rc == 0;) {
    line++;
    size_t e = i;
    while (e < n && src[e] != '\n') e++;
    size_t p = i;
    while (p < e && (src[p] == ' ' || src[p] == '\t')) p++;
    if (p < e && src[p] == '#') {
      p++;
      while (p < e && (src[p] == ' ' || src[p] == '\t')) p++;
      if (e - p > 7 && memcmp(src + p, "include", 7) == 0) {
        p += 7;
        while (p < e && (src[p] == ' ' || src[p] == '\t')) p++;
        if (p < e && src[p] == '"') {
          size_t q = p + 1;
          while (q < e && src[q] != '"') q++;
          if (q < e && q > p + 1 && q - p < 1024) {
            char *name = c2h_strndup(src + p + 1, q - p - 1);
            rc = name ? found(r, includer, line, name) : C2H_ERR_NOMEM;
            free(name);
          }
        }
      }
    }
    i = e + 1;
  }
  return rc;
}

/* With the translation on stdout, a part is not translated: stdout carries
 * the named file's translation alone (`cu2hip main.cu > main.hip` and the
 * CMake module's per-file commands would otherwise get every kernel of
 * kernel.cu twice: its translation, then the original the #include line
 * still pulls in). A part with CUDA in it is named at its #include line. */
static int note_untranslated_part(c2h_run *r, const c2h_job *inc, unsigned line, const char *name,
                                  const char *part) {
  char *src = NULL;
  size_t len = 0;
  c2h_error err;
  int rc = 0;
  if (!c2h_check_enabled(r->o->filters, r->o->n_filters, C2H_CHECK_PART_UNTRANSLATED) ||
      c2h_file_read(part, &src, &len, &err) != 0)
    return 0;
  if (c2h_bytes_look_cuda(part, src, len, r->o->translate.rules) || c2h_bytes_use_register(src, len)) {
    c2h_pos at = {line, 1, 0};
    rc = c2h_diag_list_add(r->diags, inc->path, at, at, C2H_SEV_NOTE, C2H_CHECK_PART_UNTRANSLATED, NULL,
                           "\"%s\" is part of this file's translation unit and needs translating too; stdout carries "
                           "this file's translation alone (translate the tree with -o DIR or --in-place, or "
                           "translate the part as well and keep its name)",
                           name);
  }
  free(src);
  return rc;
}

/* One include line: a part of the tree that is no header becomes a
 * fragment of its first includer. */
static int note_part(c2h_run *r, size_t includer, unsigned line, const char *name) {
  const c2h_job *inc = &r->jobs.items[includer];
  if (c2h_path_has_extension(name, header_suffixes)) return 0;
  char *part = c2h_run_find_header(r, inc, inc->path, name, 0);
  int rc = 0;
  if (!part || !r->root || !c2h_path_inside(part, r->root) ||
      (r->out_canonical && c2h_path_inside(part, r->out_canonical)))
    goto done;
  int at = c2h_strmap_get(&r->jobs.canonical, part, strlen(part));
  if (at < 0 && r->o->mode == C2H_OUTPUT_STDOUT) {
    rc = note_untranslated_part(r, inc, line, name, part);
    goto done;
  }
  if (at < 0) {
    /* Not walked (--no-copy, or named inputs): the part joins the run. */
    const char *rel = part + strlen(r->root) + (strcmp(r->root, "/") != 0);
    c2h_job *job = NULL;
    if (c2h_run_excluded(r, rel)) goto done;
    if ((rc = c2h_run_add_job(r, part, rel, 1, 0, &job)) || !job) goto done;
    at = (int)(job - r->jobs.items);
  }
  c2h_job *j = &r->jobs.items[at];
  if ((size_t)at != includer && !j->fragment_of && !j->link_target) j->fragment_of = includer + 1;
done:
  free(part);
  return rc;
}

int c2h_run_find_fragments(c2h_run *r) {
  int rc = 0;
  size_t n = r->jobs.len;
  for (size_t i = 0; i < n && rc == 0; i++) {
    const c2h_job *j = &r->jobs.items[i];
    /* Standard input's parts are named (stdout); other runs cannot parse
     * a part in its unit, which is read only once. */
    if (j->streamed && r->o->mode == C2H_OUTPUT_STDOUT) {
      rc = each_quoted_include(r, i, j->streamed, j->streamed_len, note_part);
      continue;
    }
    if (j->copy_only || j->link_target || !j->canonical || j->streamed) continue;
    char *src = NULL;
    size_t len = 0;
    c2h_error err;
    if (c2h_file_read(j->path, &src, &len, &err) != 0) continue; /* reported when the job runs */
    rc = each_quoted_include(r, i, src, len, note_part);
    free(src);
  }
  /* A program stays a unit of its own, included or not. */
  for (size_t i = 0; i < r->jobs.len && rc == 0; i++) {
    c2h_job *j = &r->jobs.items[i];
    char *src = NULL;
    size_t len = 0;
    c2h_error err;
    if (j->fragment_of && c2h_file_read(j->path, &src, &len, &err) == 0 && defines_main(src, len))
      j->fragment_of = 0;
    free(src);
  }
  /* Each part takes the unit at the top of its chain of includers. */
  for (size_t i = 0; i < r->jobs.len && rc == 0; i++) {
    c2h_job *j = &r->jobs.items[i];
    if (!j->fragment_of) continue;
    size_t top = j->fragment_of - 1, steps = 0;
    while (r->jobs.items[top].fragment_of && steps++ < r->jobs.len && r->jobs.items[top].fragment_of - 1 != i)
      top = r->jobs.items[top].fragment_of - 1;
    if (top == i) continue; /* files including each other */
    if (!(j->includer = c2h_strdup(r->jobs.items[top].path))) return C2H_ERR_NOMEM;
    j->copy_only = 0;
    if (r->jobs.items[top].db) j->db = r->jobs.items[top].db;
  }
  return rc;
}
