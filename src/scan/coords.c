/* Built-in coordinates passed to min/max on an old HIP.
 *
 * In CUDA, threadIdx.x, blockIdx.x, blockDim.x and gridDim.x (and .y, .z)
 * are unsigned ints. The HIP 5.2 headers make each of them an object of a
 * class that converts to uint32_t (__HIP_Coordinates<...>::__X); the HIP
 * 6.3 headers make them unsigned int properties again. On the class form,
 * a call that needs the argument's type -- min/max, whose unsigned
 * overloads are templates (clang's __clang_hip_math.h), or a user's
 * template -- deduces nothing and fails ("call to 'min' is ambiguous").
 * For targets older than 6.3, a coordinate that is a whole argument of
 * min/max gets the cast CUDA's type implies: `(unsigned int)blockDim.x`.
 *
 * The same calls are where a user's own template min/max meets HIP's
 * (hip-overload-ambiguity, reported for every target). */
#include <string.h>

#include "tokens.h"

static const char *const coords[] = {"threadIdx", "blockIdx", "blockDim", "gridDim", NULL};

/* Whether the span is exactly `coord . x|y|z`. */
static int is_coordinate(const c2h_scan *s, c2h_tok_span a) {
  if (a.last != a.first + 2 || !c2h_tok_is(s, a.first + 1, ".")) return 0;
  if (!c2h_tok_is(s, a.last, "x") && !c2h_tok_is(s, a.last, "y") && !c2h_tok_is(s, a.last, "z")) return 0;
  for (size_t k = 0; coords[k]; k++)
    if (c2h_tok_is(s, a.first, coords[k])) return 1;
  return 0;
}

/* A device-code call of min/max while the user declares a __device__-only
 * function template of that name: HIP (clang's __clang_hip_math.h)
 * declares `template <class T> T min(T, T)` for device code, next to int,
 * float and double overloads, where CUDA has only non-template overloads.
 * Two device templates match a call equally, so one with any other
 * argument type (unsigned, long, a user type) is ambiguous under HIP. A
 * __host__ __device__ template loses to HIP's device one (front/ast_facts.c
 * leaves it out). */
static int report_user_template(c2h_scan *s, size_t i, size_t close) {
  const c2h_token *t = &s->facts->toks[i];
  /* Under nvcc the call may pick CUDA's non-template overload, which HIP
   * lacks: what counts is that the template is there at all. */
  int mine = c2h_tok_is(s, i, "min") ? s->facts->user_min_template : s->facts->user_max_template;
  if (!mine || (i > 0 && c2h_tok_is(s, i - 1, "::"))) return 0;
  for (size_t f = 0; f < s->facts->n_functions; f++)
    if (s->facts->functions[f].name_begin == t->begin) return 0; /* its declaration, not a call */
  if (t->ctx != C2H_CTX_DEVICE && t->ctx != C2H_CTX_KERNEL && t->ctx != C2H_CTX_HOST_DEVICE) return 0;
  int len = (int)(t->end - t->begin);
  const char *name = s->src + t->begin;
  return c2h_scan_diag(s, i, close, C2H_SEV_WARNING, C2H_CHECK_HIP_OVERLOAD_AMBIGUITY, NULL,
                       "your code declares a __device__ function template '%.*s'; HIP's headers declare a device "
                       "template '%.*s(T, T)' too (CUDA has only non-template overloads), so under "
                       "HIP the call is ambiguous unless both arguments are int, float or double: "
                       "rename your template, or put it in a namespace and qualify the call",
                       len, name, len, name);
}

int c2h_scan_coords(c2h_scan *s) {
  c2h_version since = 0;
  if (c2h_version_parse("6.3", &since)) return 0;
  int cast_coords = s->target < since;
  size_t n = s->facts->n_toks;
  for (size_t i = 0; i + 1 < n; i++) {
    const c2h_token *t = &s->facts->toks[i];
    if (t->kind != C2H_TOK_IDENT || !(c2h_tok_is(s, i, "min") || c2h_tok_is(s, i, "max")) ||
        !c2h_tok_is(s, i + 1, "(") || c2h_tok_platform_only(s, i))
      continue;
    /* A member function (v.min(...)) is the user's. */
    if (i > 0 && (c2h_tok_is(s, i - 1, ".") || c2h_tok_is(s, i - 1, "->"))) continue;
    size_t close = c2h_tok_match(s, i + 1);
    if (close >= n) continue;
    c2h_tok_span args[2];
    if (c2h_tok_split(s, i + 1, close, args, 2) != 2) continue;
    int rc = report_user_template(s, i, close);
    if (rc) return rc;
    for (size_t a = 0; a < 2 && cast_coords; a++) {
      if (!is_coordinate(s, args[a])) continue;
      static const char cast[] = "(unsigned int)";
      size_t at = s->facts->toks[args[a].first].begin;
      if ((rc = c2h_edit_add(s->edits, at, at, cast, sizeof cast - 1))) return rc;
    }
  }
  return 0;
}
