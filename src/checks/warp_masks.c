/* warp-mask-32bit, ballot results: on gfx942 __ballot / __activemask
 * return one bit per lane of a 64-lane wavefront. Code written for 32-lane
 * warps keeps the result in a 32-bit integer or counts it with the 32-bit
 * bit functions, and so loses lanes 32-63.
 *
 * Masks passed to the *_sync intrinsics are checked by the names pass
 * (src/scan/names.c); this family covers what happens to ballot results. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checks.h"
#include "scan/mask_exact.h"
#include "scan/mask_value.h"
#include "util/strmap.h"

typedef struct wm_state {
  c2h_scan *s;
  size_t first, last;   /* tokens of the function being scanned, [first, last) */
  int replace_ok;       /* device-only code: suggestions are safe */
  int halves;           /* the kernels holding this code work in 32-lane warps only */
  int widen;            /* code written for the wavefront, rewrites on: 32-bit masks are widened */
  c2h_strmap ballots;   /* variables of this function that hold a ballot result */
} wm_state;

/* A call whose result holds one bit per lane: CUDA and HIP spellings.
 * __match_any_sync's is 64-bit on gfx942 too (HIP's from ROCm 7.0, and
 * cu2hip_compat.h's before). */
static int is_ballot_call(const wm_state *w, size_t i) {
  if (c2h_tok_is_call(w->s, i, "__ballot")) return 1;
  int sync = c2h_tok_is_call(w->s, i, "__ballot_sync") || c2h_tok_is_call(w->s, i, "__activemask") ||
             c2h_tok_is_call(w->s, i, "__match_any_sync");
  /* In code written for 32-lane warps these become the half-wave helpers
   * (warp-half-wave), whose results are the caller's 32 bits. */
  return sync && !c2h_scan_half_wave_at(w->s, i);
}

/* ---- storing a ballot result ---- */

/* The declaration specifiers before the declared name at v: [*tb, v - 1].
 * Returns 0 when v is not declared here (a plain assignment). */
static int decl_type(const wm_state *w, size_t v, size_t *tb) {
  size_t j = v;
  while (j > w->first) {
    const c2h_token *t = c2h_tok(w->s, j - 1);
    if ((t->kind != C2H_TOK_IDENT && t->kind != C2H_TOK_KEYWORD && !c2h_tok_is(w->s, j - 1, "::")) ||
        c2h_tok_is(w->s, j - 1, "return"))
      break;
    j--;
  }
  *tb = j;
  return j < v;
}

static int type_has(const wm_state *w, size_t tb, size_t te, const char *word) {
  for (size_t j = tb; j <= te; j++)
    if (c2h_tok_is(w->s, j, word)) return 1;
  return 0;
}

/* The tokens of [tb, te] that spell the integer type (qualifiers left
 * out), and the 64-bit spelling to put in their place; NULL when there is
 * no safe rewrite (a signed int, a typedef of unknown width). */
static const char *wider_type(const wm_state *w, size_t tb, size_t te, size_t *ib, size_t *ie) {
  size_t a = tb;
  while (a <= te && (c2h_tok_is(w->s, a, "const") || c2h_tok_is(w->s, a, "static") ||
                     c2h_tok_is(w->s, a, "volatile") || c2h_tok_is(w->s, a, "register")))
    a++;
  if (a > te) return NULL;
  *ib = a;
  *ie = te;
  if (a == te && c2h_tok_is(w->s, a, "unsigned")) return "unsigned long long";
  if (a + 1 == te && c2h_tok_is(w->s, a, "unsigned") && c2h_tok_is(w->s, te, "int")) return "unsigned long long";
  if (a == te && c2h_tok_is(w->s, a, "uint32_t")) return "uint64_t";
  return NULL;
}

/* Whether the variable at v is 32 bits wide: the AST's size when it has
 * one, else the spelling of its type. */
static int is_32bit(const wm_state *w, size_t v, size_t tb, int declared) {
  if (c2h_tok(w->s, v)->var_bytes) return c2h_tok(w->s, v)->var_bytes == 4;
  if (!declared || type_has(w, tb, v - 1, "long") || type_has(w, tb, v - 1, "uint64_t")) return 0;
  return type_has(w, tb, v - 1, "unsigned") || type_has(w, tb, v - 1, "int") ||
         type_has(w, tb, v - 1, "uint32_t");
}

/* What 32-lane code needs from a 64-bit ballot: the bits of its own
 * 32-lane half. Widening the variable instead would count both halves. */
#define HALF_ADVICE                                                                               \
  "this code works in 32-lane warps, so each half of the wavefront needs its own 32 bits: "      \
  "cu2hip_half_ballot_sync() of cu2hip_compat.h gives them (--wave64=rewrite makes the change)"

/* In code written for the wavefront (warpSize, __lane_id()), with the
 * rewrites on: replaces tokens [first, last] by `wide`, with a note saying
 * what changed. Returns 1 when done (*rc set), 0 when another edit holds
 * the place (the warning stays). */
static int widen_tokens(wm_state *w, size_t first, size_t last, const char *wide, const char *what, int *rc) {
  size_t b = c2h_tok(w->s, first)->begin, e = c2h_tok(w->s, last)->end;
  if (!w->widen || c2h_edit_overlaps(w->s->edits, b, e)) return 0;
  *rc = c2h_scan_diag(w->s, first, last, C2H_SEV_NOTE, C2H_CHECK_WARP_MASK_32BIT, NULL,
                      "this code works in warps of warpSize lanes, and lane masks on gfx942 have 64 bits, one "
                      "per lane of the wavefront: %s became %s",
                      what, wide);
  if (*rc == 0) *rc = c2h_edit_add(w->s->edits, b, e, wide, strlen(wide));
  return 1;
}

static int report_store(wm_state *w, size_t call, size_t v, size_t tb, int declared) {
  size_t ib = 0, ie = 0;
  const char *wide = declared && w->replace_ok && !w->halves ? wider_type(w, tb, v - 1, &ib, &ie) : NULL;
  int rc = 0;
  char what[96];
  snprintf(what, sizeof what, "the type of '%.*s', which holds %.*s()", (int)c2h_tok_len(w->s, v), c2h_tok_text(w->s, v),
           (int)c2h_tok_len(w->s, call), c2h_tok_text(w->s, call));
  if (wide && widen_tokens(w, ib, ie, wide, what, &rc)) return rc;
  return c2h_scan_diag(w->s, wide ? ib : v, wide ? ie : v, C2H_SEV_WARNING, C2H_CHECK_WARP_MASK_32BIT, wide,
                       "'%.*s' is 32 bits wide, but %.*s() returns one bit per lane of a 64-lane gfx942 "
                       "wavefront: lanes 32-63 are cut off; %s",
                       (int)c2h_tok_len(w->s, v), c2h_tok_text(w->s, v), (int)c2h_tok_len(w->s, call),
                       c2h_tok_text(w->s, call),
                       w->halves  ? HALF_ADVICE
                       : declared ? "declare it unsigned long long (or uint64_t)"
                                  : "make the variable unsigned long long (or uint64_t)");
}

/* `(unsigned)__ballot(...)`: an explicit cast to 32 bits. Returns the '('
 * of the cast, or 0. */
static size_t narrowing_cast(const wm_state *w, size_t call) {
  if (call < w->first + 3 || !c2h_tok_is(w->s, call - 1, ")")) return 0;
  size_t rp = call - 1, lp = rp;
  while (lp > w->first && (c2h_tok(w->s, lp - 1)->kind == C2H_TOK_KEYWORD || c2h_tok_is_ident(w->s, lp - 1))) lp--;
  if (lp == rp || !c2h_tok_is(w->s, lp - 1, "(")) return 0;
  lp--;
  if (lp > w->first && (c2h_tok_is_ident(w->s, lp - 1) || c2h_tok(w->s, lp - 1)->kind == C2H_TOK_KEYWORD) &&
      !c2h_tok_is(w->s, lp - 1, "return"))
    return 0; /* a call or `sizeof (T)`, not a cast */
  if (type_has(w, lp + 1, rp - 1, "long") || type_has(w, lp + 1, rp - 1, "uint64_t") ||
      type_has(w, lp + 1, rp - 1, "bool"))
    return 0;
  int narrow = type_has(w, lp + 1, rp - 1, "unsigned") || type_has(w, lp + 1, rp - 1, "int") ||
               type_has(w, lp + 1, rp - 1, "uint32_t") || type_has(w, lp + 1, rp - 1, "int32_t");
  return narrow ? lp : 0;
}

/* Whether every other use of the variable at v in the function only names
 * lanes: masks of _sync intrinsics, or of helpers that only use it so. */
static int only_mask_uses(const wm_state *w, size_t v) {
  return c2h_mask_only_mask_uses(w->s, w->first, w->last, v, w->s->target < C2H_VERSION(7, 0));
}

/* Checks where the result of the ballot call at i goes, and remembers the
 * variable that receives it. */
static int check_store(wm_state *w, size_t i) {
  size_t close = c2h_tok_match(w->s, i + 1);
  size_t cast = narrowing_cast(w, i);
  if (cast)
    return c2h_scan_diag(w->s, cast, close, C2H_SEV_WARNING, C2H_CHECK_WARP_MASK_32BIT, NULL,
                         "the cast keeps 32 bits of %.*s(), which returns one bit per lane of a "
                         "64-lane gfx942 wavefront: lanes 32-63 are cut off; keep the result in an "
                         "unsigned long long",
                         (int)c2h_tok_len(w->s, i), c2h_tok_text(w->s, i));
  size_t eq = i - 1;
  if (i <= w->first + 1 || !(c2h_tok_is(w->s, eq, "=") || c2h_tok_is(w->s, eq, "|=") ||
                             c2h_tok_is(w->s, eq, "&=") || c2h_tok_is(w->s, eq, "^=")))
    return 0;
  size_t v = eq - 1, tb;
  if (!c2h_tok_is_ident(w->s, v)) return 0;
  int rc = c2h_strmap_put(&w->ballots, c2h_tok_text(w->s, v), c2h_tok_len(w->s, v), 1);
  int declared = decl_type(w, v, &tb);
  if (rc || (declared && type_has(w, tb, v - 1, "auto")) || !is_32bit(w, v, tb, declared)) return rc;
  if (declared && only_mask_uses(w, v)) return 0;
  return report_store(w, i, v, tb, declared);
}

/* ---- counting a ballot result with 32-bit bit functions ---- */

typedef struct bit_fn {
  const char *name, *wide;
  int rename_safe; /* same result for any lane: bit positions do not move */
} bit_fn;

static const bit_fn bit_fns[] = {
    {"__popc", "__popcll", 1},
    {"__ffs", "__ffsll", 1},
    {"__clz", "__clzll", 0}, /* counts from bit 63: `31 - __clz(m)` must change too */
    {"__brev", "__brevll", 0}, /* reverses 64 bits: lane i moves to bit 63 - i */
};

/* Whether [a, b] holds a ballot call or a variable that holds a result. */
static int span_has_ballot(const wm_state *w, size_t a, size_t b) {
  for (size_t j = a; j <= b; j++)
    if (is_ballot_call(w, j) || (c2h_tok_is_ident(w->s, j) && !c2h_tok_is(w->s, j + 1, "(") &&
                                 c2h_strmap_get(&w->ballots, c2h_tok_text(w->s, j), c2h_tok_len(w->s, j)) >= 0))
      return 1;
  return 0;
}

static int check_bit_fn(wm_state *w, size_t i) {
  const bit_fn *f = NULL;
  for (size_t k = 0; k < sizeof bit_fns / sizeof *bit_fns && !f; k++)
    if (c2h_tok_is_call(w->s, i, bit_fns[k].name)) f = &bit_fns[k];
  if (!f) return 0;
  size_t close = c2h_tok_match(w->s, i + 1);
  if (close >= w->last || close == i + 2 || !span_has_ballot(w, i + 2, close - 1)) return 0;
  int rc = 0;
  if (f->rename_safe && w->replace_ok && !w->halves && widen_tokens(w, i, i, f->wide, f->name, &rc)) return rc;
  char advice[200];
  if (w->halves)
    snprintf(advice, sizeof advice, "%s", HALF_ADVICE);
  else if (f->rename_safe)
    snprintf(advice, sizeof advice, "use %s", f->wide);
  else
    snprintf(advice, sizeof advice, "use %s, and count bit positions from 63 instead of 31", f->wide);
  return c2h_scan_diag(w->s, i, i, C2H_SEV_WARNING, C2H_CHECK_WARP_MASK_32BIT,
                       f->rename_safe && w->replace_ok && !w->halves ? f->wide : NULL,
                       "%s() reads 32 bits of a lane mask, but masks on gfx942 have 64 bits (one per "
                       "lane of the wavefront): lanes 32-63 are ignored; %s",
                       f->name, advice);
}

/* ---- lane masks built for 32 lanes ---- */

/* Whether the statement holding token i (from the previous `;`, `{` or
 * `}` to the next `;`) holds a ballot call or ballot variable. */
static int statement_has_ballot(const wm_state *w, size_t i) {
  size_t a = i, e = i;
  while (a > w->first && !c2h_tok_is(w->s, a - 1, ";") && !c2h_tok_is(w->s, a - 1, "{") &&
         !c2h_tok_is(w->s, a - 1, "}"))
    a--;
  while (e + 1 < w->last && !c2h_tok_is(w->s, e, ";")) e++;
  return span_has_ballot(w, a, e);
}

/* Whether token j is, alone, the first argument of a call: the lane mask
 * of a _sync intrinsic (or of a helper that passes it on). */
static int mask_argument(const wm_state *w, size_t j) {
  return j >= w->first + 2 && c2h_tok_is(w->s, j - 1, "(") && c2h_tok_is_ident(w->s, j - 2) &&
         (c2h_tok_is(w->s, j + 1, ",") || c2h_tok_is(w->s, j + 1, ")"));
}

/* Whether the lane mask built at token i reaches ballot bits: the same
 * statement holds a ballot, or the variable it is assigned to meets one. */
static int meets_ballot(const wm_state *w, size_t i) {
  if (statement_has_ballot(w, i)) return 1;
  size_t v = i;
  while (v > w->first && c2h_tok_is(w->s, v - 1, "(")) v--;
  if (v < w->first + 2 || !c2h_tok_is(w->s, v - 1, "=") || !c2h_tok_is_ident(w->s, v - 2)) return 0;
  v -= 2;
  for (size_t j = w->first; j < w->last; j++)
    if (j != v && c2h_tok_is_ident(w->s, j) && c2h_tok_len(w->s, j) == c2h_tok_len(w->s, v) &&
        memcmp(c2h_tok_text(w->s, j), c2h_tok_text(w->s, v), c2h_tok_len(w->s, v)) == 0 && !mask_argument(w, j) &&
        statement_has_ballot(w, j))
      return 1;
  return 0;
}

/* `0xffffffff >> n` (or `~0u >> n`, or a name for the full mask) in code
 * that uses lane masks: a mask of the low lanes of a 32-lane warp, with no
 * bit for lanes 32-63. It matters where masks are kept (ROCm 7.0's _sync
 * functions) or meet ballot bits; before 7.0 a mask argument is dropped. */
static int check_shifted_masks(wm_state *w) {
  int masks = 0;
  for (size_t i = w->first; i < w->last && !masks; i++)
    masks = is_ballot_call(w, i) ||
            (c2h_tok_is_ident(w->s, i) && c2h_tok_is(w->s, i + 1, "(") && c2h_tok_len(w->s, i) > 5 &&
             memcmp(c2h_tok_text(w->s, i) + c2h_tok_len(w->s, i) - 5, "_sync", 5) == 0);
  int kept = w->s->target >= C2H_VERSION(7, 0);
  for (size_t i = w->first; i + 1 < w->last && masks; i++) {
    long long v = 0;
    size_t lit = i, shift;
    if (c2h_tok_is(w->s, i, "~") && c2h_tok_int_value(w->s, i + 1, &v) && v == 0 &&
        memchr(c2h_tok_text(w->s, i + 1), 'u', c2h_tok_len(w->s, i + 1)) &&
        !memchr(c2h_tok_text(w->s, i + 1), 'l', c2h_tok_len(w->s, i + 1)))
      lit = i + 1, v = 0xffffffffLL;
    else if (c2h_tok_is_ident(w->s, i) && !c2h_tok_is(w->s, i + 1, "(")) {
      c2h_mask_value m; /* a name for the full 32-lane mask */
      c2h_mask_resolve(w->s, i, i, &m);
      if (m.kind != C2H_MASK_FULL32) continue;
      v = 0xffffffffLL;
    } else if (!c2h_tok_int_value(w->s, i, &v)) continue;
    shift = lit + 1;
    if (c2h_tok_is(w->s, shift, ")") && i > w->first && c2h_tok_is(w->s, i - 1, "(")) shift++; /* (0xffffffff) >> */
    if (v != 0xffffffffLL || !c2h_tok_is(w->s, shift, ">>") || (!kept && !meets_ballot(w, i))) continue;
    int rc = c2h_scan_diag(w->s, i, shift, C2H_SEV_WARNING, C2H_CHECK_WARP_MASK_32BIT, NULL,
                           "'%.*s >>' builds a lane mask for a 32-lane warp: on gfx942 lane masks have 64 "
                           "bits, one per lane of the wavefront, and this one never holds lanes 32-63; "
                           "shift 0xffffffffffffffffULL by a count of 64 lanes",
                           (int)(c2h_tok(w->s, lit)->end - c2h_tok(w->s, i)->begin), c2h_tok_text(w->s, i));
    if (rc) return rc;
    i = shift;
  }
  return 0;
}

/* `1u << lane` (or `1 << lane`) in a statement that meets a ballot value,
 * in code written for the wavefront: lane runs to 63, past the 32 bits of
 * the literal's type. With the rewrites on it becomes `1ull << lane`. */
static int widen_lane_bits(wm_state *w) {
  for (size_t i = w->first; i + 1 < w->last && w->widen; i++) {
    long long v = 0;
    if (!c2h_tok_is(w->s, i + 1, "<<") || !c2h_tok_int_value(w->s, i, &v) || v != 1 ||
        memchr(c2h_tok_text(w->s, i), 'l', c2h_tok_len(w->s, i)) || memchr(c2h_tok_text(w->s, i), 'L', c2h_tok_len(w->s, i)) ||
        !statement_has_ballot(w, i))
      continue;
    int rc = 0;
    char what[64];
    snprintf(what, sizeof what, "'%.*s', shifted by a lane number up to 63,", (int)c2h_tok_len(w->s, i),
             c2h_tok_text(w->s, i));
    if (widen_tokens(w, i, i, "1ull", what, &rc) && rc) return rc;
  }
  return 0;
}

/* ---- driver ---- */

static int scan_function(wm_state *w, const c2h_function *fn, unsigned lanes) {
  c2h_tok_range(w->s, fn->begin, fn->end, &w->first, &w->last);
  w->replace_ok = fn->ctx != C2H_CTX_HOST_DEVICE;
  w->halves = lanes == C2H_LANES_32;
  w->widen = lanes == C2H_LANES_64 && w->replace_ok && w->s->wave64 == C2H_WAVE64_REWRITE;
  c2h_strmap_dispose(&w->ballots);
  c2h_strmap_init(&w->ballots);
  int rc = 0;
  /* Blocks of at most 32 threads fill lanes 0-31: a ballot has no bit
   * above 31, and 32-bit masks and counts see all of it. */
  if (lanes & C2H_LANES_SMALL) return 0;
  /* Stores first, so that the bit functions know every ballot variable. */
  for (size_t i = w->first; i < w->last && !rc; i++)
    if (is_ballot_call(w, i)) rc = check_store(w, i);
  for (size_t i = w->first; i < w->last && !rc; i++) rc = check_bit_fn(w, i);
  if (!rc) rc = check_shifted_masks(w);
  if (!rc) rc = widen_lane_bits(w);
  return rc;
}

int c2h_check_warp_masks(c2h_scan *s) {
  wm_state w;
  memset(&w, 0, sizeof w);
  w.s = s;
  c2h_strmap_init(&w.ballots);
  const c2h_tu_facts *f = s->facts;
  int rc = 0;
  size_t covered_end = 0; /* functions nested in one already scanned are skipped */
  for (size_t k = 0; k < f->n_functions && !rc && !c2h_scan_expired(s); k++) {
    const c2h_function *fn = &f->functions[k];
    if (fn->begin < covered_end) continue;
    if (fn->ctx != C2H_CTX_DEVICE && fn->ctx != C2H_CTX_KERNEL && fn->ctx != C2H_CTX_HOST_DEVICE) continue;
    covered_end = fn->end;
    rc = scan_function(&w, fn, s->warp_lanes ? s->warp_lanes[k] : 0);
  }
  c2h_strmap_dispose(&w.ballots);
  return rc;
}
