/* The HIP header a file's translated names need. HIP wants its headers
 * included explicitly, while nvcc includes cuda_runtime.h in every .cu file
 * on its own; and a file may get a library's names through nothing it
 * includes. When a file uses a library (a rename was made) but neither
 * includes nor reaches any of its CUDA headers, the library's `include:`
 * header is added next to the file's first #include. */
#include <stdio.h>
#include <string.h>

#include "scan.h"

/* Whether the translated file will have `include` anyway: it includes
 * (directly, or through headers it includes) a CUDA header of `library`, or
 * one whose HIP header, or whose library's header, is `include`. */
static int reaches_library(const c2h_scan *s, const char *library, const char *include) {
  for (size_t i = 0; i < s->n_included_libraries; i++)
    if (strcmp(s->included_libraries[i], library) == 0) return 1;
  for (size_t i = 0; i < c2h_rules_count(s->rules); i++) {
    const c2h_rule *r = c2h_rules_at(s->rules, i);
    if (r->kind != C2H_RULE_HEADER || c2h_strmap_get(&s->facts->reached_headers, r->cuda, strlen(r->cuda)) < 0)
      continue;
    if (strcmp(r->library, library) == 0 || (r->form.hip && strcmp(r->form.hip, include) == 0) ||
        (r->include && strcmp(r->include, include) == 0))
      return 1;
  }
  return 0;
}

/* Where the new line goes: the start of the line of the first #include
 * directive, else the start of the file (after a UTF-8 byte-order mark). */
static size_t insertion_point(const c2h_scan *s, size_t *tok) {
  const c2h_token *t = s->facts->toks;
  for (size_t i = 0; i + 1 < s->facts->n_toks; i++) {
    if (c2h_tok_is(s, i, "#") && (i == 0 || t[i - 1].line != t[i].line) && c2h_tok_is(s, i + 1, "include")) {
      size_t off = t[i].begin;
      while (off > 0 && s->src[off - 1] != '\n') off--;
      *tok = i;
      return off;
    }
  }
  *tok = s->facts->n_toks;
  return s->len >= 3 && memcmp(s->src, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}

/* Device code (kernels, qualifiers, built-in variables) needs the runtime
 * header in HIP even when no API call was renamed; nvcc supplied it. */
static size_t first_device_code(const c2h_scan *s) {
  static const char *const markers[] = {"__global__", "__device__", "__shared__", "__constant__",
                                        "threadIdx", "blockIdx", "blockDim", "gridDim",
                                        "__syncthreads", "<<<", NULL};
  for (size_t i = 0; i < s->facts->n_toks; i++)
    for (size_t m = 0; markers[m]; m++)
      if (c2h_tok_is(s, i, markers[m])) return i;
  return s->facts->n_toks;
}

/* Counts the runtime library as used by a file that has device code. */
static void note_device_code(c2h_scan *s) {
  const c2h_rule *runtime = c2h_rules_lookup_header(s->rules, "cuda_runtime.h", strlen("cuda_runtime.h"));
  if (!runtime || !runtime->include) return;
  for (size_t i = 0; i < s->n_used_libraries; i++)
    if (strcmp(s->used_libraries[i].first_use->library, runtime->library) == 0) return;
  size_t tok = first_device_code(s);
  size_t cap = sizeof s->used_libraries / sizeof *s->used_libraries;
  if (tok == s->facts->n_toks || s->n_used_libraries == cap) return;
  s->used_libraries[s->n_used_libraries].first_use = runtime;
  s->used_libraries[s->n_used_libraries++].token = tok;
}

int c2h_scan_needed_includes(c2h_scan *s) {
  int rc = 0;
  note_device_code(s);
  for (size_t i = 0; i < s->n_used_libraries && rc == 0; i++) {
    const c2h_rule *first = s->used_libraries[i].first_use;
    if (!first->include || reaches_library(s, first->library, first->include)) continue;
    /* Two libraries may share a header (runtime, device): add it once. */
    int dup = 0;
    for (size_t k = 0; k < i && !dup; k++)
      dup = s->used_libraries[k].first_use->include &&
            !reaches_library(s, s->used_libraries[k].first_use->library, s->used_libraries[k].first_use->include) &&
            strcmp(s->used_libraries[k].first_use->include, first->include) == 0;
    if (dup) continue;
    size_t tok;
    size_t at = insertion_point(s, &tok);
    /* Keep the file's line endings. */
    const char *nl = memchr(s->src, '\n', s->len);
    const char *eol = nl && nl > s->src && nl[-1] == '\r' ? "\r\n" : "\n";
    char line[300];
    int n = snprintf(line, sizeof line, "#include <%s>%s", first->include, eol);
    if (n < 0 || (size_t)n >= sizeof line) continue;
    if ((rc = c2h_edit_add(s->edits, at, at, line, (size_t)n))) break;
    s->stats->includes++;
    size_t use = s->used_libraries[i].token;
    rc = c2h_scan_diag(s, use, use, C2H_SEV_NOTE, C2H_CHECK_INCLUDE_ADDED, NULL,
                       "added #include <%s>: HIP needs it for what the file uses from %s (first use "
                       "here), and the file includes none of its headers (nvcc includes "
                       "cuda_runtime.h implicitly)",
                       first->include, first->library);
  }
  return rc;
}
