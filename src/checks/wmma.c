/* wmma: nvcuda::wmma, which HIP does not provide. rocWMMA is the closest
 * AMD library, but its API differs, so the code needs porting by hand.
 *
 * Reported once per function (at its first use of the API), once for
 * code outside functions, and at the #include of <mma.h>, so a kernel full
 * of fragments yields one diagnostic instead of dozens.
 *
 * A `wmma::` qualifier only counts when it names nvcuda's namespace: the
 * file has `using namespace nvcuda;` or an alias of nvcuda::wmma, and does
 * not define a `wmma` namespace of its own. */
#include <stdlib.h>
#include <string.h>

#include "checks.h"

/* What the file says about the names `wmma` and nvcuda::wmma's functions. */
typedef struct wmma_names {
  int using_nvcuda; /* `using namespace nvcuda;` */
  int using_wmma;   /* `using namespace nvcuda::wmma;` */
  int user_wmma;    /* the file defines `namespace wmma { ... }` */
  size_t alias;     /* token of `namespace A = nvcuda::wmma;`'s A, or 0 */
} wmma_names;

static void find_names(const c2h_scan *s, wmma_names *w) {
  memset(w, 0, sizeof *w);
  for (size_t i = 0; i + 3 < s->facts->n_toks; i++) {
    if (!c2h_tok_is(s, i, "namespace")) continue;
    if (c2h_tok_is(s, i + 1, "nvcuda") && i > 0 && c2h_tok_is(s, i - 1, "using")) {
      if (c2h_tok_is(s, i + 2, ";")) w->using_nvcuda = 1;
      if (c2h_tok_is(s, i + 2, "::") && c2h_tok_is(s, i + 3, "wmma")) w->using_wmma = 1;
    } else if (c2h_tok_is(s, i + 1, "wmma") && c2h_tok_is(s, i + 2, "{")) {
      w->user_wmma = 1;
    } else if (s->facts->toks[i + 1].kind == C2H_TOK_IDENT && c2h_tok_is(s, i + 2, "=") &&
               c2h_tok_is(s, i + 3, "nvcuda") && c2h_tok_is(s, i + 4, "::") && c2h_tok_is(s, i + 5, "wmma")) {
      w->alias = i + 1;
    }
  }
}

static int same_spelling(const c2h_scan *s, size_t a, size_t b) {
  const c2h_token *x = &s->facts->toks[a], *y = &s->facts->toks[b];
  return x->end - x->begin == y->end - y->begin &&
         memcmp(s->src + x->begin, s->src + y->begin, x->end - x->begin) == 0;
}

static int after_member_or_scope(const c2h_scan *s, size_t i) {
  return i > 0 && (c2h_tok_is(s, i - 1, "::") || c2h_tok_is(s, i - 1, ".") || c2h_tok_is(s, i - 1, "->"));
}

/* Whether token i starts a use of nvcuda::wmma; *last is set to the end of
 * the qualified name. */
static int wmma_use_at(const c2h_scan *s, const wmma_names *w, size_t i, size_t *last) {
  static const char *const api[] = {"fragment",          "mma_sync",      "load_matrix_sync",
                                    "store_matrix_sync", "fill_fragment", NULL};
  const c2h_token *t = &s->facts->toks[i];
  if (t->kind != C2H_TOK_IDENT || t->use == C2H_USE_USER || t->use == C2H_USE_MEMBER) return 0;
  int hit = 0;
  if (c2h_tok_is(s, i, "nvcuda")) {
    /* nvcuda::..., or the namespace named by `using namespace nvcuda;` */
    hit = c2h_tok_is(s, i + 1, "::") ||
          (i > 1 && c2h_tok_is(s, i - 1, "namespace") && c2h_tok_is(s, i - 2, "using"));
  } else if (after_member_or_scope(s, i)) {
    return 0;
  } else if (c2h_tok_is(s, i, "wmma") && c2h_tok_is(s, i + 1, "::")) {
    hit = w->using_nvcuda && !w->user_wmma;
  } else if (w->alias && i != w->alias && same_spelling(s, i, w->alias) && c2h_tok_is(s, i + 1, "::")) {
    hit = 1;
  } else if (w->using_wmma && !w->user_wmma) {
    for (size_t k = 0; api[k] && !hit; k++)
      hit = c2h_tok_is(s, i, api[k]) && (c2h_tok_is(s, i + 1, "(") || c2h_tok_is(s, i + 1, "<"));
  }
  if (!hit) return 0;
  size_t e = i;
  while (c2h_tok_is(s, e + 1, "::") && e + 2 < s->facts->n_toks &&
         s->facts->toks[e + 2].kind == C2H_TOK_IDENT)
    e += 2;
  *last = e;
  return 1;
}

/* `#include <mma.h>` or "mma.h": the tokens from '#' to the header name's end. */
static int mma_include_at(const c2h_scan *s, size_t i, size_t *last) {
  const c2h_token *toks = s->facts->toks;
  if (!c2h_tok_is(s, i, "#") || !c2h_tok_is(s, i + 1, "include") ||
      (i > 0 && toks[i - 1].line == toks[i].line))
    return 0;
  size_t p = toks[i + 1].end;
  while (p < s->len && (s->src[p] == ' ' || s->src[p] == '\t')) p++;
  if (p + 7 > s->len || (s->src[p] != '<' && s->src[p] != '"') || memcmp(s->src + p + 1, "mma.h", 5) != 0 ||
      s->src[p + 6] != (s->src[p] == '<' ? '>' : '"'))
    return 0;
  size_t e = i + 1;
  while (e + 1 < s->facts->n_toks && toks[e + 1].line == toks[i].line && toks[e + 1].begin <= p + 6) e++;
  *last = e;
  return 1;
}

int c2h_check_wmma(c2h_scan *s) {
  wmma_names w;
  find_names(s, &w);
  /* reported[f + 1]: whether function f (or file scope, f = -1) has had its report. */
  unsigned char *reported = calloc(s->facts->n_functions + 1, 1);
  if (!reported) return C2H_ERR_NOMEM;
  int rc = 0;
  for (size_t i = 0; i < s->facts->n_toks && rc == 0; i++) {
    size_t last;
    if (mma_include_at(s, i, &last)) {
      rc = c2h_scan_diag(s, i, last, C2H_SEV_WARNING, C2H_CHECK_WMMA, NULL,
                         "<mma.h> (nvcuda::wmma) has no HIP counterpart: port the matrix code to rocWMMA "
                         "and include <rocwmma/rocwmma.hpp> instead");
      i = last;
      continue;
    }
    if (!wmma_use_at(s, &w, i, &last)) continue;
    long fn = c2h_function_at(s, s->facts->toks[i].begin);
    if (!reported[fn + 1]) {
      reported[fn + 1] = 1;
      rc = c2h_scan_diag(
          s, i, last, C2H_SEV_WARNING, C2H_CHECK_WMMA, NULL,
          "nvcuda::wmma is not available in HIP: rewrite with rocWMMA (rocwmma::fragment, load_matrix_sync, "
          "mma_sync, store_matrix_sync, fill_fragment), a similar but different API: a fragment spans a "
          "64-lane wavefront on gfx942, blocks are 16x16 or 32x32 (f16 MFMA shapes 16x16x16 and 32x32x8; "
          "CUDA's 8x32x16 and 32x8x16 have no match), and fragment layouts differ; or use the MFMA "
          "intrinsics (__builtin_amdgcn_mfma_*)");
    }
    i = last;
  }
  free(reported);
  return rc;
}
