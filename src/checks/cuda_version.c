/* cuda-version-check: code chosen by CUDA version.
 *
 * CUDART_VERSION, CUDA_VERSION, __CUDACC_VER_MAJOR__ and the like (the
 * macro entries with `version` in the rule table) stay as written: HIP
 * does not define them, so under HIP they read as 0 in #if, which selects
 * the branch for the oldest CUDA, the one that usually does without newer
 * features. Mapping them to HIP_VERSION would be wrong: another scale
 * (HIP 5.2 is about 50200000), so `>= 12000` would pick NVIDIA-only code.
 *
 * Each test is reported with the answer nvcc 13.0 gives and the one HIP
 * gives: a warning when they differ, a note when they agree. A use outside
 * a directive does not compile under HIP: an error. */
#include <stdio.h>
#include <string.h>

#include "checks.h"

static const c2h_rule *version_rule(const c2h_scan *s, size_t i) {
  const c2h_token *t = &s->facts->toks[i];
  if (t->kind != C2H_TOK_IDENT) return NULL;
  const c2h_rule *r = c2h_rules_lookup(s->rules, s->src + t->begin, t->end - t->begin);
  return r && r->version ? r : NULL;
}

/* "CUDA 11.2" for a CUDART_VERSION-style number (major * 1000 + minor *
 * 10); the number itself for the compiler's major/minor/build macros. */
static void describe(const c2h_rule *r, long long v, char *buf, size_t size) {
  if (r->cuda_value >= 1000) snprintf(buf, size, "%lld, i.e. CUDA %lld.%lld", v, v / 1000, (v % 1000) / 10);
  else snprintf(buf, size, "%lld", v);
}

/* Whether nvcc defines the macro for this file: always for what its
 * implicit cuda_runtime.h defines; else when the file reaches a header
 * that does. A header is compiled in its includers, which may: counted
 * as defined. */
static int nvcc_defines(const c2h_scan *s, const c2h_rule *r) {
  if (!r->n_defined_by || c2h_scan_is_header_path(s->path)) return 1;
  for (size_t k = 0; k < r->n_defined_by; k++)
    if (strcmp(r->defined_by[k], "cuda_runtime.h") == 0 ||
        c2h_strmap_get(&s->facts->reached_headers, r->defined_by[k], strlen(r->defined_by[k])) >= 0)
      return 1;
  return 0;
}

/* The last token of the code HIP compiles where nvcc does not, for a test
 * of an #if / #elif (whose line ends before token stop) whose answer differs: the branch after d when HIP
 * takes it, else the rest of the conditional (an #else or #elif branch);
 * the test's own last token when that code is empty. A compile error in
 * that code then falls within the diagnostic's range. */
static size_t hip_branch_last(const c2h_scan *s, size_t stop, size_t test_last, int hip) {
  size_t n = s->facts->n_toks, depth = 0;
  for (size_t j = stop; j < n; j++) {
    if (!c2h_tok_is_directive(s, j)) continue;
    if (c2h_tok_is(s, j + 1, "if") || c2h_tok_is(s, j + 1, "ifdef") || c2h_tok_is(s, j + 1, "ifndef")) {
      depth++;
      continue;
    }
    int endif = c2h_tok_is(s, j + 1, "endif");
    int other = c2h_tok_is(s, j + 1, "else") || c2h_tok_is(s, j + 1, "elif");
    if (depth > 0) {
      depth -= endif;
      continue;
    }
    if (endif || (hip && other)) return j > stop ? j - 1 : test_last;
  }
  return test_last;
}

static const char *side(int taken) { return taken ? "compiles this branch" : "skips this branch"; }

/* `V OP N` or `N OP V` as the whole condition of #if / #elif at d. */
static int report_comparison(c2h_scan *s, const c2h_rule *r, size_t i, size_t d, size_t stop) {
  size_t op, other;
  if (c2h_tok_is_comparison(s, i + 1)) op = i + 1, other = i + 2;
  else if (i >= 2 && c2h_tok_is_comparison(s, i - 1)) op = i - 1, other = i - 2;
  else return -1;
  long long n;
  size_t first = op > i ? i : other, last = op > i ? other : i;
  /* The whole condition, maybe in one pair of parentheses. */
  int whole = (first == d + 2 && last + 1 == stop) ||
              (first == d + 3 && last + 2 == stop && c2h_tok_is(s, d + 2, "(") && c2h_tok_is(s, last + 1, ")"));
  if (!whole || !c2h_tok_int_value(s, other, &n)) return -1;
  long long v = nvcc_defines(s, r) ? r->cuda_value : 0;
  int nvcc = op > i ? c2h_tok_compare(s, op, v, n) : c2h_tok_compare(s, op, n, v);
  int hip = op > i ? c2h_tok_compare(s, op, 0, n) : c2h_tok_compare(s, op, n, 0);
  char val[64], need[64];
  describe(r, v, val, sizeof val);
  describe(r, n, need, sizeof need);
  const c2h_token *a = &s->facts->toks[first], *b = &s->facts->toks[last];
  int len = (int)(b->end - a->begin);
  if (nvcc == hip)
    return c2h_scan_diag(s, first, last, C2H_SEV_NOTE, C2H_CHECK_CUDA_VERSION_CHECK, NULL,
                         "'%.*s' tests the CUDA version: HIP does not define %s (it reads as 0), and "
                         "HIP %s, as nvcc 13.0 does (%s = %s)",
                         len, s->src + a->begin, r->cuda, side(hip), r->cuda, val);
  size_t branch_last = hip_branch_last(s, stop, last, hip);
  return c2h_scan_diag(s, first, branch_last, C2H_SEV_WARNING, C2H_CHECK_CUDA_VERSION_CHECK, NULL,
                       "'%.*s' tests the CUDA version (%s): HIP does not define %s (it reads as 0), so "
                       "HIP %s, while nvcc 13.0 (%s = %s) %s; HIP gets the code written for CUDA "
                       "versions where this test is %s (lines %u-%u): check that it builds and does what "
                       "gfx942 needs",
                       len, s->src + a->begin, need, r->cuda, side(hip), r->cuda, val,
                       nvcc ? "compiles it" : "skips it", hip ? "true" : "false", a->line,
                       s->facts->toks[branch_last].line);
}

static int report_directive(c2h_scan *s, const c2h_rule *r, size_t i, size_t d) {
  size_t stop = c2h_tok_directive_stop(s, d);
  int ifdef = c2h_tok_is(s, d + 1, "ifdef"), ifndef = c2h_tok_is(s, d + 1, "ifndef");
  int is_if = c2h_tok_is(s, d + 1, "if") || c2h_tok_is(s, d + 1, "elif");
  if (c2h_tok_is(s, d + 1, "define") || c2h_tok_is(s, d + 1, "undef")) {
    if (i == d + 2) return 0; /* the user defines it: their own value */
    return c2h_scan_diag(s, i, i, C2H_SEV_WARNING, C2H_CHECK_CUDA_VERSION_CHECK, NULL,
                         "this macro uses %s, which HIP does not define: in #if it reads as 0, in code "
                         "it does not compile",
                         r->cuda);
  }
  if (!ifdef && !ifndef && !is_if) return 0; /* #pragma, #error text, ... */
  int defined = ifdef || ifndef || c2h_tok_is(s, i - 1, "defined") ||
                (c2h_tok_is(s, i - 1, "(") && i >= 2 && c2h_tok_is(s, i - 2, "defined"));
  if (defined && !nvcc_defines(s, r))
    return c2h_scan_diag(s, i, i, C2H_SEV_NOTE, C2H_CHECK_CUDA_VERSION_CHECK, NULL,
                         "tests whether %s is defined: neither nvcc (this file reaches no header that "
                         "defines it) nor HIP defines it here, so both give the same answer",
                         r->cuda);
  if (defined)
    return c2h_scan_diag(s, i, i, C2H_SEV_WARNING, C2H_CHECK_CUDA_VERSION_CHECK, NULL,
                         "tests whether %s is defined: nvcc defines it, HIP does not, so this test gives "
                         "the opposite answer under HIP; test __HIPCC__ (or HIP_VERSION) for HIP",
                         r->cuda);
  if (is_if) {
    int rc = report_comparison(s, r, i, d, stop);
    if (rc >= 0) return rc;
  }
  char val[64];
  describe(r, r->cuda_value, val, sizeof val);
  return c2h_scan_diag(s, i, i, C2H_SEV_WARNING, C2H_CHECK_CUDA_VERSION_CHECK, NULL,
                       "tests the CUDA version: HIP does not define %s, so it reads as 0 here (nvcc 13.0: "
                       "%s); check which branch HIP compiles",
                       r->cuda, val);
}

int c2h_check_cuda_version(c2h_scan *s) {
  int rc = 0;
  for (size_t i = 0; i < s->facts->n_toks && rc == 0; i++) {
    const c2h_rule *r = version_rule(s, i);
    if (!r) continue;
    size_t d = c2h_tok_directive_of(s, i);
    if (d < s->facts->n_toks) {
      rc = report_directive(s, r, i, d);
    } else if (c2h_strmap_get(&s->facts->user_names, r->cuda, strlen(r->cuda)) < 0 &&
               !(i > 0 && (c2h_tok_is(s, i - 1, ".") || c2h_tok_is(s, i - 1, "->")))) {
      rc = c2h_scan_diag(s, i, i, C2H_SEV_ERROR, C2H_CHECK_CUDA_VERSION_CHECK, NULL,
                         "%s is a CUDA version number that HIP does not define: this does not compile; "
                         "use HIP_VERSION (major * 10000000 + minor * 100000 + patch, another scale) "
                         "or hipRuntimeGetVersion()",
                         r->cuda);
    }
  }
  return rc;
}
