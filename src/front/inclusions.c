/* What the files the unit read tell about the file: the CUDA headers it
 * reaches, the project headers it includes and depends on, and the macros
 * those headers derive from the platform. */
#include <stdlib.h>
#include <string.h>

#include "front/front_internal.h"
#include "front/platform.h"

typedef struct inclusion_walk {
  CXTranslationUnit tu;
  CXFile main_file;
  c2h_tu_facts *facts;
  int main_seen; /* the walk has passed the main file's own entry */
  int rc;
  const char *cuda_path; /* the real toolkit parsed against, or NULL (the shim) */
} inclusion_walk;

/* The header name (as #included) of a file of the real toolkit's include
 * folder, or NULL: such a file is reached as the shim's stub would be. */
static const char *toolkit_header(const inclusion_walk *w, const char *s) {
  size_t n = w->cuda_path ? strlen(w->cuda_path) : 0;
  if (!n || strncmp(s, w->cuda_path, n) != 0) return NULL;
  s += n;
  while (*s == '/') s++;
  if (strncmp(s, "include/", 8) != 0) return NULL;
  return s + 8;
}

/* Whether the main file is on an include stack (the file was read because
 * the main file, directly or not, includes it). */
static int included_by_main(const inclusion_walk *w, CXSourceLocation *stack, unsigned depth) {
  for (unsigned k = 0; k < depth; k++) {
    CXFile from = NULL;
    clang_getSpellingLocation(stack[k], &from, NULL, NULL, NULL);
    if (from && clang_File_isEqual(from, w->main_file)) return 1;
  }
  return 0;
}

/* Records each CUDA header stub the translation unit reached, and each
 * user header it read (a dependency for incremental runs). Files are met
 * in the order they were entered; for a file parsed in another's unit, a
 * file read after it and not through it cannot change how it parses, and
 * is no dependency. */
static void inclusion_visit(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data) {
  inclusion_walk *w = data;
  CXString name = clang_getFileName(file);
  const char *s = clang_getCString(name);
  static const char prefix[] = SHIM_INCLUDE_DIR "/";
  const char *toolkit = s ? toolkit_header(w, s) : NULL;
  if (s && (strncmp(s, prefix, sizeof prefix - 1) == 0 || toolkit)) {
    const char *h = toolkit ? toolkit : s + sizeof prefix - 1;
    if (c2h_strmap_put(&w->facts->reached_headers, h, strlen(h), 1)) w->rc = C2H_ERR_NOMEM;
  } else if (s && clang_File_isEqual(file, w->main_file)) {
    w->main_seen = 1;
  } else if (s && !c2h_front_is_shim_file(file) && (!w->main_seen || included_by_main(w, stack, depth)) &&
             !clang_Location_isInSystemHeader(clang_getLocationForOffset(w->tu, file, 0))) {
    /* Included by the file itself: the #include names a file of the project
     * (even one called like a CUDA header). */
    CXFile from = NULL;
    unsigned line = 0;
    if (depth >= 1) clang_getSpellingLocation(stack[0], &from, &line, NULL, NULL);
    if (from && clang_File_isEqual(from, w->main_file)) {
      unsigned *grown = realloc(w->facts->user_include_lines, (w->facts->n_user_include_lines + 1) * sizeof *grown);
      if (!grown) w->rc = C2H_ERR_NOMEM;
      else (w->facts->user_include_lines = grown)[w->facts->n_user_include_lines++] = line;
    }
    CXString real = clang_File_tryGetRealPathName(file);
    const char *r = clang_getCString(real);
    if (!r || !*r) r = s;
    char *copy = malloc(strlen(r) + 1);
    char **grown = realloc(w->facts->depends, (w->facts->n_depends + 1) * sizeof *grown);
    if (grown) w->facts->depends = grown;
    if (!copy || !grown) {
      free(copy);
      w->rc = C2H_ERR_NOMEM;
    } else {
      w->facts->depends[w->facts->n_depends++] = strcpy(copy, r);
    }
    clang_disposeString(real);
  }
  clang_disposeString(name);
}

int c2h_front_collect_inclusions(CXTranslationUnit tu, CXFile main_file, const char *cuda_path,
                                 c2h_tu_facts *facts) {
  inclusion_walk inc = {tu, main_file, facts, 0, 0, cuda_path};
  clang_getInclusions(tu, inclusion_visit, &inc);
  return inc.rc;
}

/* ---- macros the project's headers derive from the platform ------------ */

typedef struct platform_header_walk {
  CXTranslationUnit tu;
  CXFile main_file;
  c2h_platform_macros *macros;
  int rc;
} platform_header_walk;

static int has_bytes(const char *hay, size_t n, const char *needle) {
  size_t k = strlen(needle);
  for (size_t i = 0; i + k <= n; i++)
    if (hay[i] == needle[0] && memcmp(hay + i, needle, k) == 0) return 1;
  return 0;
}

/* A project header that may define macros in platform branches (it names
 * HIP or ROCm and defines something): its directives are read, so that
 * `#if !PROJ_HIP` in the file means what `#ifndef __HIP_PLATFORM_AMD__`
 * does. */
static void platform_header_visit(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data) {
  (void)stack;
  (void)depth;
  platform_header_walk *w = data;
  size_t len = 0;
  if (w->rc || clang_File_isEqual(file, w->main_file) || c2h_front_is_shim_file(file) ||
      clang_Location_isInSystemHeader(clang_getLocationForOffset(w->tu, file, 0)))
    return;
  const char *bytes = clang_getFileContents(w->tu, file, &len);
  if (!bytes || !len || len > 0x7fffffffu || !has_bytes(bytes, len, "define") ||
      !(has_bytes(bytes, len, "HIP") || has_bytes(bytes, len, "ROCM")))
    return;
  CXToken *toks = NULL;
  unsigned n = 0;
  clang_tokenize(w->tu, clang_getRange(clang_getLocationForOffset(w->tu, file, 0),
                                       clang_getLocationForOffset(w->tu, file, (unsigned)len)),
                 &toks, &n);
  c2h_token *ct = n ? calloc(n, sizeof *ct) : NULL;
  if (n && !ct) w->rc = C2H_ERR_NOMEM;
  for (unsigned i = 0; i < n && ct; i++) {
    CXSourceRange ext = clang_getTokenExtent(w->tu, toks[i]);
    unsigned b = 0, e = 0;
    clang_getSpellingLocation(clang_getRangeStart(ext), NULL, NULL, NULL, &b);
    clang_getSpellingLocation(clang_getRangeEnd(ext), NULL, NULL, NULL, &e);
    ct[i].kind = c2h_front_token_kind(clang_getTokenKind(toks[i]));
    ct[i].begin = b;
    ct[i].end = e < b ? b : e;
  }
  if (ct) c2h_platform_macros_collect(w->macros, ct, n, bytes);
  free(ct);
  if (toks) clang_disposeTokens(w->tu, toks, n);
}

int c2h_front_mark_unit_platforms(CXTranslationUnit tu, CXFile main_file, const char *src, c2h_tu_facts *facts) {
  platform_header_walk ph = {tu, main_file, c2h_platform_macros_new(), 0};
  if (ph.macros) clang_getInclusions(tu, platform_header_visit, &ph);
  int platform_failed = !ph.macros || ph.rc;
  c2h_front_mark_platforms(facts, src, ph.macros);
  c2h_platform_macros_free(ph.macros);
  return platform_failed ? C2H_ERR_NOMEM : 0;
}
