/* warp-size-literal: code that hard-codes a 32-lane warp. gfx942 runs
 * 64-lane wavefronts, so lane numbers, warp numbers, per-lane buffers and
 * shuffle reductions written for 32 lanes cover half a wavefront.
 *
 * What is reported, and why each needs evidence beyond the number 32 (a
 * 32 alone is as often a tile width as a warp size):
 *  - constants named like a warp size (WARP_SIZE, kWarpSize) equal to 32;
 *  - `x % 32`, `x & 31`, `x >> 5`, `x / 32` where x comes from the thread
 *    index and the result is a lane or warp number (the function uses warp
 *    intrinsics, the result is named like a lane or warp, or the divisor is
 *    a warp-size constant);
 *  - shuffle loops bounded by 32 lanes or starting at offset 16;
 *  - __shared__ arrays with one entry per lane of a 32-lane warp. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checks.h"
#include "util/buf.h"
#include "util/strmap.h"

typedef struct ws_state {
  c2h_scan *s;
  c2h_strmap consts;  /* warp-size constants equal to 32, file-wide */
  c2h_strmap derived; /* variables computed from thread indices (per function) */
  c2h_strmap lanes;   /* variables holding a lane number (per function) */
  size_t first, last; /* token range being scanned, [first, last) */
  int warp_code;      /* the range uses warp-level intrinsics */
  int replace_ok;     /* suggestions may use warpSize (device-only code) */
  size_t *shared;     /* the file's `__shared__` tokens, found once: looking */
  size_t n_shared;    /* for them per function is quadratic in the file size */
} ws_state;

static const c2h_token *tok(const ws_state *w, size_t i) { return &w->s->facts->toks[i]; }

static size_t tok_len(const ws_state *w, size_t i) { return tok(w, i)->end - tok(w, i)->begin; }

static const char *tok_text(const ws_state *w, size_t i) { return w->s->src + tok(w, i)->begin; }

static int is_ident(const ws_state *w, size_t i) {
  return i < w->s->facts->n_toks && tok(w, i)->kind == C2H_TOK_IDENT;
}

/* Case-insensitive substring test on an identifier's spelling. */
static int ident_has(const ws_state *w, size_t i, const char *needle) {
  size_t n = tok_len(w, i), k = strlen(needle);
  const char *p = tok_text(w, i);
  for (size_t a = 0; a + k <= n; a++) {
    size_t b = 0;
    while (b < k && tolower((unsigned char)p[a + b]) == needle[b]) b++;
    if (b == k) return 1;
  }
  return 0;
}

static int ident_starts(const ws_state *w, size_t i, const char *prefix) {
  size_t k = strlen(prefix);
  return is_ident(w, i) && tok_len(w, i) >= k && memcmp(tok_text(w, i), prefix, k) == 0;
}

static int in_set(const ws_state *w, const c2h_strmap *m, size_t i) {
  return is_ident(w, i) && c2h_strmap_get(m, tok_text(w, i), tok_len(w, i)) >= 0;
}

static int literal_is(const ws_state *w, size_t i, long long want) {
  long long v;
  return c2h_tok_int_value(w->s, i, &v) && v == want;
}

/* A name that reads as the size of one warp, not a count of warps. */
static int warp_size_name(const ws_state *w, size_t i) {
  static const char *const not_a_size[] = {"num", "count", "block", "grid", "mask", "idx", "id_"};
  if (!ident_has(w, i, "warp")) return 0;
  for (size_t k = 0; k < sizeof not_a_size / sizeof *not_a_size; k++)
    if (ident_has(w, i, not_a_size[k])) return 0;
  /* A plural (NUM_WARPS, kWarpsPerBlock) counts warps; WarpSize does not. */
  const char *p = tok_text(w, i);
  size_t len = tok_len(w, i);
  for (size_t a = 0; a + 5 <= len; a++)
    if (tolower((unsigned char)p[a]) == 'w' && tolower((unsigned char)p[a + 1]) == 'a' &&
        tolower((unsigned char)p[a + 2]) == 'r' && tolower((unsigned char)p[a + 3]) == 'p' &&
        tolower((unsigned char)p[a + 4]) == 's' &&
        (a + 5 == len || (tolower((unsigned char)p[a + 5]) != 'i' && tolower((unsigned char)p[a + 5]) != 'z')))
      return 0;
  /* warpId, WARP_ID: an index, not a size. */
  return !(len >= 2 && tolower((unsigned char)p[len - 2]) == 'i' && tolower((unsigned char)p[len - 1]) == 'd');
}

/* ---- warp-size constants ---- */

static int report_const(ws_state *w, size_t name, size_t value) {
  return c2h_scan_diag(w->s, name, value, C2H_SEV_WARNING, C2H_CHECK_WARP_SIZE_LITERAL, NULL,
                       "'%.*s' fixes the warp size at 32, but gfx942 wavefronts have 64 lanes: code "
                       "that uses it as the warp size covers half a wavefront; use warpSize in device "
                       "code (64 on gfx942), or 64 where a compile-time constant is needed",
                       (int)tok_len(w, name), tok_text(w, name));
}

/* `#define NAME 32` or `#define NAME (32)`, alone on its line. Returns the
 * value token, or 0. */
static size_t define_value(const ws_state *w, size_t name) {
  size_t n = w->s->facts->n_toks, v = name + 1;
  if (v >= n || tok(w, v)->line != tok(w, name)->line) return 0;
  size_t end = v + 1;
  if (c2h_tok_is(w->s, v, "(") && c2h_tok_is(w->s, v + 2, ")")) v++, end = v + 2;
  if (!literal_is(w, v, 32)) return 0;
  if (end < n && tok(w, end)->line == tok(w, name)->line) return 0;
  return v;
}

/* `const int NAME = 32;` / `constexpr unsigned NAME{32};`. Returns the
 * value token, or 0. */
static size_t const_value(const ws_state *w, size_t name) {
  size_t v = name + 2;
  if (c2h_tok_is(w->s, name + 1, "=")) {
    if (!c2h_tok_is(w->s, v + 1, ";") && !c2h_tok_is(w->s, v + 1, ",")) return 0;
  } else if (c2h_tok_is(w->s, name + 1, "{")) {
    if (!c2h_tok_is(w->s, v + 1, "}")) return 0;
  } else {
    return 0;
  }
  if (!literal_is(w, v, 32)) return 0;
  /* The declaration's specifiers, back to the previous statement. */
  for (size_t j = name; j-- > 0;) {
    if (c2h_tok_is(w->s, j, ";") || c2h_tok_is(w->s, j, "{") || c2h_tok_is(w->s, j, "}") ||
        c2h_tok_is(w->s, j, "(") || c2h_tok_is(w->s, j, ")"))
      break;
    if (c2h_tok_is(w->s, j, "const") || c2h_tok_is(w->s, j, "constexpr")) return v;
  }
  return 0;
}

static int collect_constants(ws_state *w) {
  size_t n = w->s->facts->n_toks;
  for (size_t i = 0; i < n; i++) {
    if (!is_ident(w, i) || !warp_size_name(w, i)) continue;
    size_t v = 0;
    if (i >= 2 && c2h_tok_is(w->s, i - 2, "#") && c2h_tok_is(w->s, i - 1, "define"))
      v = define_value(w, i);
    else
      v = const_value(w, i);
    if (!v) continue;
    int rc = c2h_strmap_put(&w->consts, tok_text(w, i), tok_len(w, i), (int)i);
    if (!rc) rc = report_const(w, i, v);
    if (rc) return rc;
  }
  return 0;
}

/* ---- expressions ---- */

/* A token that is, by itself, a thread index or comes from one. */
static int thread_source(const ws_state *w, size_t i) {
  return c2h_tok_ident_is(w->s, i, "threadIdx") || c2h_tok_ident_is(w->s, i, "blockDim") ||
         c2h_tok_is_call(w->s, i, "thread_rank") || in_set(w, &w->derived, i);
}

/* Whether [a, b] mentions a thread index outside array subscripts (a value
 * loaded from data[tid] is data, not an index). */
static int span_from_threads(const ws_state *w, size_t a, size_t b) {
  for (size_t j = a; j <= b && j < w->s->facts->n_toks; j++) {
    if (c2h_tok_is(w->s, j, "[")) {
      size_t close = c2h_tok_match(w->s, j);
      if (close > b) return 0;
      j = close;
    } else if (thread_source(w, j)) {
      return 1;
    }
  }
  return 0;
}

/* The first token of the operand that ends at token e: an identifier with
 * member accesses and subscripts, a call, or a parenthesised expression. */
static size_t operand_start(const ws_state *w, size_t e) {
  size_t j = e;
  for (;;) {
    if (c2h_tok_is(w->s, j, ")") || c2h_tok_is(w->s, j, "]")) {
      size_t depth = 0, k = j + 1;
      while (k-- > w->first) {
        if (c2h_tok_is(w->s, k, ")") || c2h_tok_is(w->s, k, "]")) depth++;
        else if ((c2h_tok_is(w->s, k, "(") || c2h_tok_is(w->s, k, "[")) && --depth == 0) break;
      }
      if (k + 1 == 0 || k < w->first) return j;
      j = k;
      if (j > w->first && (is_ident(w, j - 1) || c2h_tok_is(w->s, j - 1, "]"))) {
        j--; /* a call or a subscripted name */
        continue;
      }
      return j;
    }
    if (!is_ident(w, j)) return j;
    if (j >= w->first + 2 && (c2h_tok_is(w->s, j - 1, ".") || c2h_tok_is(w->s, j - 1, "->") ||
                              c2h_tok_is(w->s, j - 1, "::"))) {
      j -= 2;
      continue;
    }
    return j;
  }
}

/* The variable the expression containing token i is assigned to (`x = ...`
 * or `int x = ...`), or (size_t)-1. */
static size_t assigned_to(const ws_state *w, size_t i) {
  size_t depth = 0;
  for (size_t j = i; j-- > w->first;) {
    if (c2h_tok_is(w->s, j, ")") || c2h_tok_is(w->s, j, "]")) {
      depth++;
    } else if (c2h_tok_is(w->s, j, "(") || c2h_tok_is(w->s, j, "[")) {
      if (depth == 0) {
        if (j > w->first && is_ident(w, j - 1)) return (size_t)-1; /* a call argument */
        continue; /* step out of grouping parentheses */
      }
      depth--;
    } else if (depth == 0 && c2h_tok_is(w->s, j, "=")) {
      return j > w->first && is_ident(w, j - 1) ? j - 1 : (size_t)-1;
    } else if (depth == 0 && (c2h_tok_is(w->s, j, ";") || c2h_tok_is(w->s, j, "{") ||
                              c2h_tok_is(w->s, j, "}") || c2h_tok_is(w->s, j, ","))) {
      return (size_t)-1;
    }
  }
  return (size_t)-1;
}

static int lane_or_warp_name(const ws_state *w, size_t i) {
  return ident_has(w, i, "lane") || ident_has(w, i, "warp") || ident_has(w, i, "wid") ||
         c2h_tok_is(w->s, i, "lid");
}

/* The right operand of a lane operator at op: 32 or 31 or 5 spelled as a
 * literal, a warp-size constant, or `(CONST - 1)`. Sets *last to its last
 * token and *by_const when a constant spells it. */
static int lane_operand(const ws_state *w, size_t op, size_t *last, int *by_const) {
  size_t r = op + 1;
  int is_and = c2h_tok_is(w->s, op, "&") || c2h_tok_is(w->s, op, "&=");
  int is_shift = c2h_tok_is(w->s, op, ">>") || c2h_tok_is(w->s, op, ">>=");
  long long want = is_and ? 31 : is_shift ? 5 : 32;
  *by_const = 0;
  *last = r;
  if (literal_is(w, r, want)) return 1;
  if (is_shift) return 0;
  if (!is_and && in_set(w, &w->consts, r)) return *by_const = 1;
  if (is_and && c2h_tok_is(w->s, r, "(") && in_set(w, &w->consts, r + 1) && c2h_tok_is(w->s, r + 2, "-") &&
      literal_is(w, r + 3, 1) && c2h_tok_is(w->s, r + 4, ")")) {
    *last = r + 4;
    return *by_const = 1;
  }
  return 0;
}

static int is_lane_op(const ws_state *w, size_t i) {
  static const char *const ops[] = {"%", "&", ">>", "/", "%=", "&=", ">>=", "/="};
  for (size_t k = 0; k < sizeof ops / sizeof *ops; k++)
    if (c2h_tok_is(w->s, i, ops[k])) return 1;
  return 0;
}

/* Whether the operator at i computes a lane or warp number from a thread
 * index; fills the operand range. */
static int lane_arith(const ws_state *w, size_t i, size_t *lhs, size_t *rhs_last, int *by_const) {
  if (i <= w->first || !is_lane_op(w, i) || !lane_operand(w, i, rhs_last, by_const)) return 0;
  const c2h_token *p = tok(w, i - 1);
  if (p->kind != C2H_TOK_IDENT && p->kind != C2H_TOK_LITERAL && !c2h_tok_is(w->s, i - 1, ")") &&
      !c2h_tok_is(w->s, i - 1, "]"))
    return 0; /* unary & */
  *lhs = operand_start(w, i - 1);
  return span_from_threads(w, *lhs, i - 1);
}

/* ---- per-range passes ---- */

static int is_shuffle(const ws_state *w, size_t i, int down_only) {
  if (!ident_starts(w, i, "__shfl") || !c2h_tok_is(w->s, i + 1, "(")) return 0;
  if (!down_only) return 1;
  return ident_starts(w, i, "__shfl_down") || ident_starts(w, i, "__shfl_xor");
}

static int is_warp_intrinsic(const ws_state *w, size_t i) {
  static const char *const names[] = {"__activemask", "__syncwarp", "__any",      "__all",
                                      "__any_sync",   "__all_sync", "__uni_sync", "__ballot",
                                      "__ballot_sync", "__lane_id"};
  if (!c2h_tok_is(w->s, i + 1, "(")) return 0;
  if (is_shuffle(w, i, 0) || ident_starts(w, i, "__match_") ||
      (ident_starts(w, i, "__reduce_") && ident_has(w, i, "_sync")))
    return 1;
  for (size_t k = 0; k < sizeof names / sizeof *names; k++)
    if (c2h_tok_ident_is(w->s, i, names[k])) return 1;
  return 0;
}

/* The end of the initialiser that starts at token a: the `;` or top-level
 * `,` or unmatched `)` after it. */
static size_t init_end(const ws_state *w, size_t a) {
  size_t depth = 0;
  for (size_t j = a; j < w->last; j++) {
    if (c2h_tok_is(w->s, j, "(") || c2h_tok_is(w->s, j, "[") || c2h_tok_is(w->s, j, "{")) depth++;
    else if (c2h_tok_is(w->s, j, ")") || c2h_tok_is(w->s, j, "]") || c2h_tok_is(w->s, j, "}")) {
      if (depth == 0) return j;
      depth--;
    } else if (depth == 0 && (c2h_tok_is(w->s, j, ";") || c2h_tok_is(w->s, j, ","))) {
      return j;
    }
  }
  return w->last;
}

/* Whether the declaration of the variable at token v has a floating type
 * (a value, not an index, even when computed from one). */
static int declared_floating(const ws_state *w, size_t v) {
  for (size_t j = v; j-- > w->first;) {
    if (!is_ident(w, j) && tok(w, j)->kind != C2H_TOK_KEYWORD) return 0;
    if (c2h_tok_is(w->s, j, "float") || c2h_tok_is(w->s, j, "double") || ident_has(w, j, "half"))
      return 1;
  }
  return 0;
}

/* Whether [a, e) holds lane arithmetic or a lane-id read. */
static int span_has_lane(const ws_state *w, size_t a, size_t e) {
  for (size_t j = a; j < e; j++) {
    size_t lhs, rl;
    int bc;
    int masks = c2h_tok_is(w->s, j, "%") || c2h_tok_is(w->s, j, "&");
    /* A variable named as a lane (lane, laneId, lane_idx) counts even when
     * a helper computes it: the name says what the code assumes. */
    int lane_name = is_ident(w, j) && !c2h_tok_is(w->s, j + 1, "(") && ident_has(w, j, "lane") &&
                    !ident_has(w, j, "lanes") && !ident_has(w, j, "mask");
    if (c2h_tok_is_call(w->s, j, "__lane_id") || in_set(w, &w->lanes, j) || lane_name ||
        (masks && lane_arith(w, j, &lhs, &rl, &bc)))
      return 1;
    /* Already-portable spellings name lanes as well. */
    if ((c2h_tok_is(w->s, j, "%") || c2h_tok_is(w->s, j, "&")) &&
        (c2h_tok_ident_is(w->s, j + 1, "warpSize") || c2h_tok_ident_is(w->s, j + 2, "warpSize")))
      return 1;
  }
  return 0;
}

/* Grows the derived and lane sets until nothing changes: `int tid =
 * threadIdx.x; int lane = tid & 31;` makes both tid and lane known. */
static int collect_variables(ws_state *w) {
  for (int pass = 0, changed = 1; changed && pass < 8; pass++) {
    changed = 0;
    for (size_t i = w->first; i + 1 < w->last; i++) {
      if (!is_ident(w, i) || !c2h_tok_is(w->s, i + 1, "=")) continue;
      size_t e = init_end(w, i + 2);
      int rc = 0;
      if (!in_set(w, &w->derived, i) && !declared_floating(w, i) && span_from_threads(w, i + 2, e - 1)) {
        rc = c2h_strmap_put(&w->derived, tok_text(w, i), tok_len(w, i), 1);
        changed = 1;
      }
      if (!rc && !in_set(w, &w->lanes, i) &&
          (span_has_lane(w, i + 2, e) || (ident_has(w, i, "lane") && in_set(w, &w->derived, i)))) {
        rc = c2h_strmap_put(&w->lanes, tok_text(w, i), tok_len(w, i), 1);
        changed = 1;
      }
      if (rc) return rc;
    }
  }
  return 0;
}

static int report_arith(ws_state *w, size_t op, size_t lhs, size_t rhs_last, int by_const) {
  const char *src = w->s->src;
  size_t b = tok(w, lhs)->begin, e = tok(w, rhs_last)->end;
  int shift = c2h_tok_is(w->s, op, ">>") || c2h_tok_is(w->s, op, ">>=");
  int is_and = c2h_tok_is(w->s, op, "&") || c2h_tok_is(w->s, op, "&=");
  int is_div = c2h_tok_is(w->s, op, "/") || c2h_tok_is(w->s, op, "/=");
  /* The same operator with warpSize on the right keeps the expression's
   * shape, so the suggestion is safe; a shift has no such spelling. */
  char fix[256];
  const char *replacement = NULL;
  size_t keep = tok(w, op)->end - b;
  if (!shift && !by_const && w->replace_ok && keep < 180) {
    snprintf(fix, sizeof fix, "%.*s %s", (int)keep, src + b, is_and ? "(warpSize - 1)" : "warpSize");
    replacement = fix;
  }
  /* The expression as written, cut at a line break and kept short. */
  size_t shown = e - b;
  const char *nl = memchr(src + b, '\n', shown);
  if (nl) shown = (size_t)(nl - (src + b));
  if (shown > 80) shown = 80;
  const char *what = is_and || c2h_tok_is(w->s, op, "%") || c2h_tok_is(w->s, op, "%=")
                         ? "a lane number" : "a warp number";
  return c2h_scan_diag(w->s, lhs, rhs_last, C2H_SEV_WARNING, C2H_CHECK_WARP_SIZE_LITERAL, replacement,
                       "'%.*s' computes %s for 32-lane warps, but gfx942 wavefronts have 64 lanes, so "
                       "lanes and warps are numbered wrongly; %s",
                       (int)shown, src + b, what,
                       shift || is_div ? "divide by warpSize instead (64 on gfx942)"
                       : is_and ? "mask with (warpSize - 1) instead, or use __lane_id()"
                                : "use warpSize instead (64 on gfx942), or __lane_id()");
}

static int scan_arith(ws_state *w) {
  for (size_t i = w->first + 1; i < w->last; i++) {
    size_t lhs, rhs_last;
    int by_const;
    if (!lane_arith(w, i, &lhs, &rhs_last, &by_const)) continue;
    size_t target = assigned_to(w, lhs);
    int intent = w->warp_code || by_const || (target != (size_t)-1 && lane_or_warp_name(w, target));
    if (c2h_tok_is(w->s, i, "%=") || c2h_tok_is(w->s, i, "&=") || c2h_tok_is(w->s, i, "/=") ||
        c2h_tok_is(w->s, i, ">>="))
      intent = intent || lane_or_warp_name(w, lhs);
    if (!intent) continue;
    int rc = report_arith(w, i, lhs, rhs_last, by_const);
    if (rc) return rc;
    i = rhs_last;
  }
  return 0;
}

/* The loop variable's update halves it: `o /= 2`, `o >>= 1`, `o = o / 2`,
 * `o = o >> 1`. */
static int halves(const ws_state *w, size_t a, size_t e) {
  for (size_t j = a; j + 1 < e; j++) {
    if ((c2h_tok_is(w->s, j, "/=") && literal_is(w, j + 1, 2)) ||
        (c2h_tok_is(w->s, j, ">>=") && literal_is(w, j + 1, 1)))
      return 1;
    if ((c2h_tok_is(w->s, j, "/") && literal_is(w, j + 1, 2)) ||
        (c2h_tok_is(w->s, j, ">>") && literal_is(w, j + 1, 1)))
      return 1;
  }
  return 0;
}

/* The statement after a loop header closing at rp: [rp + 1, *end]. */
static size_t body_end(const ws_state *w, size_t rp) {
  if (c2h_tok_is(w->s, rp + 1, "{")) return c2h_tok_match(w->s, rp + 1);
  size_t depth = 0;
  for (size_t j = rp + 1; j < w->last; j++) {
    if (c2h_tok_is(w->s, j, "(") || c2h_tok_is(w->s, j, "{") || c2h_tok_is(w->s, j, "[")) depth++;
    else if (c2h_tok_is(w->s, j, ")") || c2h_tok_is(w->s, j, "}") || c2h_tok_is(w->s, j, "]")) depth--;
    else if (depth == 0 && c2h_tok_is(w->s, j, ";")) return j;
  }
  return w->last;
}

static int body_shuffles(const ws_state *w, size_t a, size_t e, int down_only) {
  for (size_t j = a; j <= e && j < w->last; j++)
    if (is_shuffle(w, j, down_only)) return 1;
  return 0;
}

/* `for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(...)`: the first
 * offset should be half the wavefront. */
static int check_down_loop(ws_state *w, size_t init_a, size_t semi1, size_t semi2, size_t rp, size_t be) {
  size_t v = 0;
  for (size_t j = init_a; j + 1 < semi1; j++)
    if (c2h_tok_is(w->s, j, "=")) v = j + 1;
  if (!v || !halves(w, semi2 + 1, rp) || !body_shuffles(w, rp + 1, be, 1)) return 0;
  int literal = v + 1 == semi1 && literal_is(w, v, 16);
  int by_const = v + 3 == semi1 && in_set(w, &w->consts, v) && c2h_tok_is(w->s, v + 1, "/") &&
                 literal_is(w, v + 2, 2);
  if (!literal && !by_const) return 0;
  return c2h_scan_diag(w->s, v, semi1 - 1, C2H_SEV_WARNING, C2H_CHECK_WARP_SIZE_LITERAL,
                       literal && w->replace_ok ? "warpSize / 2" : NULL,
                       "shuffle reduction starts at offset 16, which combines only 32 lanes: on gfx942 "
                       "(64-lane wavefronts) lanes 32-63 are left out of the result; start at "
                       "warpSize / 2");
}

/* `for (int i = 0; i < 32; ...)` or `for (m = 1; m <= 16; m *= 2)` with a
 * shuffle in the body: the loop visits 32 lanes. */
static int check_up_loop(ws_state *w, size_t semi1, size_t semi2, size_t rp, size_t be) {
  if (semi2 != semi1 + 4 || !is_ident(w, semi1 + 1) || !body_shuffles(w, rp + 1, be, 0)) return 0;
  size_t op = semi1 + 2, bound = semi1 + 3;
  int lt = c2h_tok_is(w->s, op, "<"), le = c2h_tok_is(w->s, op, "<=");
  int literal = (lt && literal_is(w, bound, 32)) || (le && (literal_is(w, bound, 31) || literal_is(w, bound, 16)));
  int by_const = lt && in_set(w, &w->consts, bound);
  if (!literal && !by_const) return 0;
  /* The suggestion spans the whole condition, like the diagnostic. */
  char fix[160];
  size_t keep = tok(w, op)->end - tok(w, semi1 + 1)->begin;
  if (lt && literal && w->replace_ok && keep < 120)
    snprintf(fix, sizeof fix, "%.*s warpSize", (int)keep, tok_text(w, semi1 + 1));
  else
    fix[0] = '\0';
  return c2h_scan_diag(w->s, semi1 + 1, bound, C2H_SEV_WARNING, C2H_CHECK_WARP_SIZE_LITERAL, fix[0] ? fix : NULL,
                       "shuffle loop '%.*s' stops at 32 lanes: on gfx942 (64-lane wavefronts) lanes "
                       "32-63 are left out; bound it by warpSize",
                       (int)(tok(w, bound)->end - tok(w, semi1 + 1)->begin), tok_text(w, semi1 + 1));
}

static int scan_loops(ws_state *w) {
  for (size_t i = w->first; i < w->last; i++) {
    if (!c2h_tok_is(w->s, i, "for") || !c2h_tok_is(w->s, i + 1, "(")) continue;
    size_t rp = c2h_tok_match(w->s, i + 1), semi1 = 0, semi2 = 0, depth = 0;
    if (rp >= w->last) continue;
    for (size_t j = i + 2; j < rp; j++) {
      if (c2h_tok_is(w->s, j, "(")) depth++;
      else if (c2h_tok_is(w->s, j, ")")) depth--;
      else if (depth == 0 && c2h_tok_is(w->s, j, ";")) {
        if (!semi1) semi1 = j;
        else if (!semi2) semi2 = j;
      }
    }
    if (!semi2) continue;
    size_t be = body_end(w, rp);
    int rc = check_down_loop(w, i + 2, semi1, semi2, rp, be);
    if (!rc) rc = check_up_loop(w, semi1, semi2, rp, be);
    if (rc) return rc;
  }
  return 0;
}

/* ---- per-lane __shared__ arrays ---- */

/* For a __shared__ declaration at token kw (`__shared__ float buf[4][32];`):
 * whether it declares an array whose last dimension is 32 (or a warp-size
 * constant); fills the name token, the last ']' and the number of
 * dimensions. Tokens rather than facts->variables: this needs the spelling
 * of the dimensions, and function-local arrays too. */
static int lane_sized_array(const ws_state *w, size_t kw, size_t *name, size_t *rb, int *dims) {
  size_t n = w->s->facts->n_toks, j = kw + 1;
  if (kw > 0 && c2h_tok_is(w->s, kw - 1, "extern")) return 0;
  while (j < n && !c2h_tok_is(w->s, j, "[") && !c2h_tok_is(w->s, j, ";") && !c2h_tok_is(w->s, j, "=") &&
         !c2h_tok_is(w->s, j, "("))
    j++;
  if (!c2h_tok_is(w->s, j, "[") || !is_ident(w, j - 1)) return 0;
  *name = j - 1;
  *dims = 0;
  size_t last_open = 0;
  while (c2h_tok_is(w->s, j, "[")) {
    last_open = j;
    j = c2h_tok_match(w->s, j) + 1;
    (*dims)++;
  }
  if (j - 1 != last_open + 2) return 0;
  *rb = last_open + 2;
  return literal_is(w, last_open + 1, 32) || in_set(w, &w->consts, last_open + 1);
}

/* Whether the use of an array at token u indexes its last dimension by a
 * lane number; a one-dimensional array counts only when written (`buf[lane]
 * = v`): reads like `buf[lane]` guarded by `lane < nwarps` are common and
 * safe. */
static int lane_indexed(const ws_state *w, size_t u, int dims) {
  size_t j = u + 1, open = 0, close = 0;
  int seen = 0;
  while (c2h_tok_is(w->s, j, "[") && seen < dims) {
    open = j;
    close = c2h_tok_match(w->s, j);
    if (close >= w->last) return 0;
    j = close + 1;
    seen++;
  }
  if (seen != dims || !span_has_lane(w, open + 1, close)) return 0;
  if (dims > 1) return 1;
  static const char *const writes[] = {"=", "+=", "-=", "*=", "|=", "&=", "^="};
  for (size_t k = 0; k < sizeof writes / sizeof *writes; k++)
    if (c2h_tok_is(w->s, j, writes[k])) return 1;
  return 0;
}

/* Reports each lane-sized __shared__ array declared at file scope or in
 * the function being scanned that the function indexes by a lane number. */
static int scan_shared_arrays(ws_state *w) {
  for (size_t k = 0; k < w->n_shared; k++) {
    size_t kw = w->shared[k], name, rb;
    int dims;
    int here = (kw >= w->first && kw < w->last) || tok(w, kw)->ctx == C2H_CTX_FILE;
    if (!here || !lane_sized_array(w, kw, &name, &rb, &dims)) continue;
    for (size_t u = w->first; u < w->last; u++) {
      if (u == name || !is_ident(w, u) || tok_len(w, u) != tok_len(w, name) ||
          memcmp(tok_text(w, u), tok_text(w, name), tok_len(w, u)) != 0 || !lane_indexed(w, u, dims))
        continue;
      int rc = c2h_scan_diag(w->s, name, rb, C2H_SEV_WARNING, C2H_CHECK_WARP_SIZE_LITERAL, NULL,
                             "__shared__ array '%.*s' has 32 entries per warp, one per lane (indexed by "
                             "a lane number on line %u), but a gfx942 wavefront has 64 lanes, so lanes "
                             "32-63 index past them; size it for 64 lanes",
                             (int)tok_len(w, name), tok_text(w, name), tok(w, u)->line);
      if (rc) return rc;
      break;
    }
  }
  return 0;
}

/* ---- driver ---- */

static int scan_function(ws_state *w, const c2h_function *fn) {
  c2h_tok_range(w->s, fn->begin, fn->end, &w->first, &w->last);
  w->replace_ok = fn->ctx != C2H_CTX_HOST_DEVICE;
  w->warp_code = 0;
  for (size_t i = w->first; i < w->last && !w->warp_code; i++) w->warp_code = is_warp_intrinsic(w, i);
  c2h_strmap_dispose(&w->derived);
  c2h_strmap_dispose(&w->lanes);
  c2h_strmap_init(&w->derived);
  c2h_strmap_init(&w->lanes);
  int rc = collect_variables(w);
  if (!rc) rc = scan_arith(w);
  if (!rc) rc = scan_loops(w);
  if (!rc) rc = scan_shared_arrays(w);
  return rc;
}

int c2h_check_warp_size(c2h_scan *s) {
  ws_state w;
  memset(&w, 0, sizeof w);
  w.s = s;
  c2h_strmap_init(&w.consts);
  c2h_strmap_init(&w.derived);
  c2h_strmap_init(&w.lanes);
  int rc = collect_constants(&w);
  size_t n = s->facts->n_toks, count = 0;
  for (size_t i = 0; i < n; i++) count += c2h_tok_ident_is(s, i, "__shared__");
  if (!rc && count && !(w.shared = malloc(count * sizeof *w.shared))) rc = C2H_ERR_NOMEM;
  for (size_t i = 0; i < n && count && !rc; i++)
    if (c2h_tok_ident_is(s, i, "__shared__")) w.shared[w.n_shared++] = i;
  size_t covered_end = 0; /* functions nested in one already scanned are skipped */
  for (size_t i = 0; i < s->facts->n_functions && !rc && !c2h_scan_expired(s); i++) {
    const c2h_function *fn = &s->facts->functions[i];
    if (fn->begin < covered_end) continue;
    if (fn->ctx != C2H_CTX_DEVICE && fn->ctx != C2H_CTX_KERNEL && fn->ctx != C2H_CTX_HOST_DEVICE) continue;
    covered_end = fn->end;
    rc = scan_function(&w, fn);
  }
  c2h_strmap_dispose(&w.consts);
  c2h_strmap_dispose(&w.derived);
  c2h_strmap_dispose(&w.lanes);
  free(w.shared);
  return rc;
}
