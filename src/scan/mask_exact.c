/* Proofs that a lane mask names every lane that runs its call.
 *
 * Before ROCm 7.0 the translation drops masks: HIP's warp functions act on
 * the lanes that run them. That loses nothing when every running lane is
 * in the mask. A mask whose value is not the full one can still be proved
 * so from the code around the call:
 *  - a guard: `(1 << k) - 1` (lanes 0..k-1) used inside `if (lane < k)`,
 *    where lane numbers the lanes of the warp; the same for
 *    `0xffffffff >> (32 - k)` and constants of k low bits;
 *  - a ballot of the guard's own predicate, taken on the way to the call
 *    by lanes that its own mask covers;
 *  - a parameter, when every call of the function in the file passes a
 *    mask that covers the lanes running that call.
 * Lane numbers taken from threadIdx.x (or the global index blockIdx.x *
 * blockDim.x + threadIdx.x) are read as the lanes of the warp, as the code
 * itself does: on CUDA that holds when blockDim.x is a multiple of 32. */
#include "mask_exact.h"

#include <stdlib.h>
#include <string.h>

#include "instances.h"
#include "mask_value.h"
#include "statements.h"

#define NONE ((size_t)-1)
#define MAX_DEPTH 4
#define MAX_GUARDS 16

static int spans_equal(const c2h_scan *s, size_t a1, size_t b1, size_t a2, size_t b2) {
  c2h_tok_strip_parens(s, &a1, &b1);
  c2h_tok_strip_parens(s, &a2, &b2);
  if (b1 - a1 != b2 - a2) return 0;
  for (size_t k = 0; k <= b1 - a1; k++)
    if (!c2h_tok_same(s, a1 + k, a2 + k)) return 0;
  return 1;
}

/* The first top-level token of [a, b] spelled op, or NONE. */
static size_t find_top(const c2h_scan *s, size_t a, size_t b, const char *op) {
  size_t depth = 0;
  for (size_t j = a; j <= b; j++) {
    if (c2h_tok_is_open(s, j)) depth++;
    else if (c2h_tok_is_close(s, j) && depth) depth--;
    else if (depth == 0 && c2h_tok_is(s, j, op)) return j;
  }
  return NONE;
}

/* The number of top-level tokens of [a, b] (its first left out) that are
 * one of ops, a NULL-terminated list. */
static int top_count(const c2h_scan *s, size_t a, size_t b, const char *const *ops) {
  size_t depth = 0;
  int count = 0;
  for (size_t j = a; j <= b; j++) {
    if (c2h_tok_is_open(s, j)) depth++;
    else if (c2h_tok_is_close(s, j) && depth) depth--;
    else if (depth == 0 && j > a)
      for (size_t k = 0; ops[k]; k++) count += c2h_tok_is(s, j, ops[k]);
  }
  return count;
}

/* The number of top-level binary operators in [a, b]. */
static int top_operators(const c2h_scan *s, size_t a, size_t b) {
  static const char *const ops[] = {"+",  "-", "*", "/",  "%",  "&",  "|",  "^",  "<<", ">>", "?",
                                    "&&", "||", "<", ">", "<=", ">=", "==", "!=", "=",  ",",  NULL};
  return top_count(s, a, b, ops);
}

/* The number of top-level operators in [a, b] that bind less tightly than
 * a comparison `<`, the comparisons included. */
static int top_comparisons(const c2h_scan *s, size_t a, size_t b) {
  static const char *const ops[] = {"<", ">", "<=", ">=", "==", "!=", "&", "|", "^", "&&", "||", "?", "=", ",", NULL};
  return top_count(s, a, b, ops);
}

static int literal_is(const c2h_scan *s, size_t a, size_t b, unsigned long long want) {
  unsigned long long v;
  c2h_tok_strip_parens(s, &a, &b);
  return a == b && c2h_tok_literal_value(s, a, &v) && v == want;
}

/* Whether no identifier of [a, b] (members left out) is written anywhere
 * in the function [fb, fe) other than where it is declared: the span has
 * the same value wherever the function reads it. */
static int span_stable(const c2h_scan *s, size_t a, size_t b, size_t fb, size_t fe) {
  for (size_t j = a; j <= b; j++) {
    if (!c2h_tok_is_ident(s, j) || (j > 0 && (c2h_tok_is(s, j - 1, ".") || c2h_tok_is(s, j - 1, "->")))) continue;
    for (size_t u = fb; u < fe; u++) {
      if (!c2h_tok_is_ident(s, u) || !c2h_tok_same(s, j, u) || !c2h_tok_written(s, u)) continue;
      const c2h_token *p = u > 0 ? c2h_tok(s, u - 1) : NULL;
      int declared = c2h_tok_is(s, u + 1, "=") && p && (p->kind == C2H_TOK_IDENT || p->kind == C2H_TOK_KEYWORD);
      if (!declared) return 0;
    }
  }
  return 1;
}

/* ---- lane numbers ---- */

/* Whether [a, b] is a thread index built from threadIdx.x, with blockIdx.x
 * and blockDim.x in + and * (names holding one followed). */
static int is_thread_index(const c2h_scan *s, size_t a, size_t b, int depth) {
  int tid = 0;
  for (size_t j = a; j <= b; j++) {
    if (c2h_tok_is(s, j, "+") || c2h_tok_is(s, j, "*") || c2h_tok_is(s, j, "(") || c2h_tok_is(s, j, ")") ||
        c2h_tok_is(s, j, "."))
      continue;
    if (!c2h_tok_is_ident(s, j)) return 0;
    if (j > a && c2h_tok_is(s, j - 1, ".")) {
      if (!c2h_tok_is(s, j, "x")) return 0;
      continue;
    }
    size_t d, vf, vl;
    if (c2h_tok_is(s, j, "threadIdx")) tid = 1;
    else if (c2h_tok_is(s, j, "blockIdx") || c2h_tok_is(s, j, "blockDim")) continue;
    else if (depth < MAX_DEPTH && !c2h_tok_is(s, j + 1, "(") && c2h_mask_name_value(s, j, &d, &vf, &vl) &&
             is_thread_index(s, vf, vl, depth + 1))
      tid = 1;
    else
      return 0;
  }
  return tid;
}

/* Whether [a, b] is a number of lanes per warp (32, 64, warpSize, or a
 * name for one); with minus_one, that number less one (31, warpSize - 1). */
static int lanes_per_warp(const c2h_scan *s, size_t a, size_t b, int minus_one, int depth) {
  c2h_tok_strip_parens(s, &a, &b);
  if (minus_one) {
    if (literal_is(s, a, b, 31) || literal_is(s, a, b, 63)) return 1;
    return b >= a + 2 && c2h_tok_is(s, b - 1, "-") && literal_is(s, b, b, 1) && lanes_per_warp(s, a, b - 2, 0, depth);
  }
  if (literal_is(s, a, b, 32) || literal_is(s, a, b, 64) || (a == b && c2h_tok_is(s, a, "warpSize"))) return 1;
  size_t d, vf, vl;
  return a == b && depth < MAX_DEPTH && c2h_mask_name_value(s, a, &d, &vf, &vl) &&
         lanes_per_warp(s, vf, vl, 0, depth + 1);
}

/* Whether [a, b] numbers the lanes of a warp: `threadIdx.x % 32`,
 * `tid & 31`, `% warpSize`, __lane_id(), or a name holding one. */
static int is_lane(const c2h_scan *s, size_t a, size_t b, int depth) {
  c2h_tok_strip_parens(s, &a, &b);
  if (b == a + 2 && c2h_tok_is(s, a, "__lane_id") && c2h_tok_is(s, a + 1, "(")) return 1;
  size_t d, vf, vl;
  if (a == b)
    return c2h_tok_is_ident(s, a) && depth < MAX_DEPTH && c2h_mask_name_value(s, a, &d, &vf, &vl) &&
           is_lane(s, vf, vl, depth + 1);
  if (top_operators(s, a, b) != 1) return 0;
  size_t op = find_top(s, a, b, "%");
  int mod = op != NONE;
  if (!mod) op = find_top(s, a, b, "&");
  if (op == NONE || op == a || op == b) return 0;
  return is_thread_index(s, a, op - 1, depth) && lanes_per_warp(s, op + 1, b, !mod, depth);
}

/* ---- guards ---- */

typedef struct guards {
  c2h_tok_span cond[MAX_GUARDS];
  size_t n;
} guards;

/* The conditions of the `if`s whose then-branch holds the token at pos,
 * within the function starting at token fb. Loops, else-branches and
 * conditions of other kinds only narrow the lanes further: skipped. */
static void enclosing_guards(const c2h_scan *s, size_t pos, size_t fb, guards *g) {
  size_t n = s->facts->n_toks;
  g->n = 0;
  while (pos > fb && g->n < MAX_GUARDS) {
    size_t j = pos, open = NONE;
    /* Back through the statement holding pos. */
    while (j > fb) {
      j--;
      if (c2h_tok_is(s, j, ")")) {
        size_t o = c2h_tok_match_back(s, j, fb);
        if (o >= n || o == fb) return;
        if (c2h_tok_is(s, o - 1, "if")) {
          g->cond[g->n].first = o + 1;
          g->cond[g->n++].last = j - 1;
          break;
        }
        if (c2h_tok_is(s, o - 1, "for") || c2h_tok_is(s, o - 1, "while") || c2h_tok_is(s, o - 1, "switch")) break;
        j = o;
      } else if (c2h_tok_is(s, j, "]")) {
        size_t o = c2h_tok_match_back(s, j, fb);
        if (o >= n) return;
        j = o;
      } else if (c2h_tok_is(s, j, "{")) {
        open = j;
        break;
      } else if (c2h_tok_is(s, j, ";") || c2h_tok_is(s, j, "}") || c2h_tok_is(s, j, "else") ||
                 c2h_tok_is(s, j, "do")) {
        /* The statement's start: on to the block holding it. */
        size_t depth = 0, k = j + (c2h_tok_is(s, j, "}") ? 1 : 0);
        while (k-- > fb) {
          if (c2h_tok_is_close(s, k)) depth++;
          else if (c2h_tok_is_open(s, k)) {
            if (depth == 0 && c2h_tok_is(s, k, "{")) break;
            if (depth) depth--;
          }
        }
        if (k + 1 == 0 || k < fb) return;
        open = k;
        break;
      }
    }
    if (j <= fb && open == NONE) return;
    if (open == NONE) { /* a brace-less body: j is its if/for/while's ')' */
      pos = c2h_tok_match_back(s, j, fb) - 1;
      continue;
    }
    /* The block at open: an if's or a loop's body, or a plain block. */
    if (open > fb && c2h_tok_is(s, open - 1, ")")) {
      size_t o = c2h_tok_match_back(s, open - 1, fb);
      if (o >= n || o == fb) return;
      if (c2h_tok_is(s, o - 1, "if")) {
        g->cond[g->n].first = o + 1;
        g->cond[g->n++].last = open - 2;
      }
      pos = o - 1;
    } else {
      pos = open;
    }
  }
}

/* Lanes [0, k) of a warp, where k is the span [a, b] (less `from32`: k is
 * 32 - [a, b]) or the number `value` when a == NONE. */
typedef struct low_lanes {
  size_t a, b;
  int from32;
  unsigned long long value;
} low_lanes;

/* Whether [a, b] equals the bound k of the lanes l. */
static int bound_is(const c2h_scan *s, size_t a, size_t b, const low_lanes *l) {
  c2h_tok_strip_parens(s, &a, &b);
  if (l->a == NONE) { /* a number: 16, or 32 - 4 */
    size_t minus = find_top(s, a, b, "-");
    unsigned long long x, y;
    if (minus == a + 1 && minus + 1 == b && c2h_tok_literal_value(s, a, &x) && c2h_tok_literal_value(s, b, &y) && x >= y)
      return x - y == l->value;
    return literal_is(s, a, b, l->value);
  }
  if (!l->from32) return spans_equal(s, a, b, l->a, l->b);
  size_t minus = find_top(s, a, b, "-");
  return minus == a + 1 && literal_is(s, a, a, 32) && top_operators(s, a, b) == 1 &&
         spans_equal(s, minus + 1, b, l->a, l->b);
}

/* Whether the condition [a, b] has a conjunct `lane < k` (or `k > lane`). */
static int guard_bounds(const c2h_scan *s, size_t a, size_t b, const low_lanes *l) {
  for (;;) {
    size_t and = find_top(s, a, b, "&&"), e = and == NONE ? b : and - 1, ca = a, cb = e;
    c2h_tok_strip_parens(s, &ca, &cb);
    if (ca < cb && top_comparisons(s, ca, cb) == 1) {
      size_t lt = find_top(s, ca, cb, "<"), gt = find_top(s, ca, cb, ">");
      if (lt != NONE && lt > ca && lt < cb && is_lane(s, ca, lt - 1, 0) && bound_is(s, lt + 1, cb, l)) return 1;
      if (gt != NONE && gt > ca && gt < cb && is_lane(s, gt + 1, cb, 0) && bound_is(s, ca, gt - 1, l)) return 1;
    }
    if (and == NONE) return 0;
    a = and + 1;
  }
}

/* Whether the condition [a, b], or one of its conjuncts, is [pa, pb]. */
static int guard_is(const c2h_scan *s, size_t a, size_t b, size_t pa, size_t pb) {
  for (;;) {
    size_t and = find_top(s, a, b, "&&"), e = and == NONE ? b : and - 1;
    if (spans_equal(s, a, e, pa, pb)) return 1;
    if (and == NONE) return 0;
    a = and + 1;
  }
}

/* The lanes a mask value names, when it is lanes 0..k-1. */
static int mask_low_lanes(const c2h_scan *s, size_t a, size_t b, low_lanes *l) {
  c2h_tok_strip_parens(s, &a, &b);
  l->a = l->b = NONE;
  l->from32 = 0;
  l->value = 0;
  unsigned long long v;
  if (a == b && c2h_tok_literal_value(s, a, &v)) { /* 0xffff: 16 lanes */
    if (v == 0 || v > 0xffffffffULL || (v & (v + 1)) != 0) return 0;
    while (v) l->value++, v >>= 1;
    return 1;
  }
  if (top_operators(s, a, b) != 1) return 0;
  size_t minus = find_top(s, a, b, "-"), shr = find_top(s, a, b, ">>");
  if (minus != NONE && minus > a && literal_is(s, minus + 1, b, 1)) { /* (1 << k) - 1 */
    size_t la = a, lb = minus - 1;
    c2h_tok_strip_parens(s, &la, &lb);
    size_t shl = find_top(s, la, lb, "<<");
    if (shl == NONE || shl == la || shl == lb || top_operators(s, la, lb) != 1 || !literal_is(s, la, shl - 1, 1))
      return 0;
    l->a = shl + 1, l->b = lb;
    c2h_tok_strip_parens(s, &l->a, &l->b);
    return 1;
  }
  if (shr != NONE && shr > a && shr < b) { /* 0xffffffff >> n */
    c2h_mask_value m;
    size_t la = a, lb = shr - 1, ra = shr + 1, rb = b;
    c2h_tok_strip_parens(s, &la, &lb);
    c2h_mask_resolve(s, la, lb, &m);
    if (m.kind != C2H_MASK_FULL32 && !(m.width && m.value == 0xffffffffULL)) return 0; /* 32 one bits, any type */
    c2h_tok_strip_parens(s, &ra, &rb);
    if (ra == rb && c2h_tok_literal_value(s, ra, &v)) {
      if (v >= 32) return 0;
      l->value = 32 - v;
      return 1;
    }
    size_t m32 = find_top(s, ra, rb, "-");
    if (m32 == ra + 1 && literal_is(s, ra, ra, 32) && top_operators(s, ra, rb) == 1) { /* >> (32 - k) */
      l->a = m32 + 1, l->b = rb;
    } else {
      l->a = ra, l->b = rb, l->from32 = 1;
    }
    c2h_tok_strip_parens(s, &l->a, &l->b);
    return 1;
  }
  return 0;
}

/* ---- the proof ---- */

static int covers(const c2h_scan *s, size_t call, size_t a, size_t b, int depth);

/* The function's name token for facts->functions[k], or NONE. */
static size_t name_token(const c2h_scan *s, size_t k) {
  const c2h_function *fn = &s->facts->functions[k];
  size_t first, last;
  if (fn->name_end <= fn->name_begin) return NONE;
  c2h_tok_range(s, fn->name_begin, fn->name_end, &first, &last);
  return first < last ? first : NONE;
}

/* After a function name at t: the '(' of its argument or parameter list,
 * template arguments skipped; NONE when there is none. */
static size_t list_open(const c2h_scan *s, size_t t) {
  size_t p = t + 1, n = s->facts->n_toks;
  if (c2h_tok_is(s, p, "<")) {
    int angle = 0;
    for (; p < n; p++) {
      if (c2h_tok_is(s, p, "<")) angle++;
      else if (c2h_tok_is(s, p, ">") && --angle == 0) break;
      else if (c2h_tok_is(s, p, ">>") && (angle -= 2) <= 0) break;
      else if (c2h_tok_is(s, p, ";") || c2h_tok_is(s, p, "{")) return NONE;
    }
    p++;
  }
  return p < n && c2h_tok_is(s, p, "(") ? p : NONE;
}

/* Whether the name at t is declared there (`__device__ float f(unsigned
 * m, float v);`): a type word before it, not an expression. A definition
 * the parse did not see counts too (a specialisation `float f<float>(...)
 * {` under an #if that is not active): it is no call. */
static int is_prototype_name(const c2h_scan *s, size_t t) {
  static const char *const not_types[] = {"return", "else", "do", "case", "sizeof", "throw", "new", "delete", "co_return"};
  if (t == 0 || (c2h_tok(s, t - 1)->kind != C2H_TOK_IDENT && c2h_tok(s, t - 1)->kind != C2H_TOK_KEYWORD)) return 0;
  for (size_t k = 0; k < sizeof not_types / sizeof *not_types; k++)
    if (c2h_tok_is(s, t - 1, not_types[k])) return 0;
  size_t open = list_open(s, t), close = open == NONE ? NONE : c2h_tok_match(s, open);
  return close != NONE && close + 1 < s->facts->n_toks &&
         (c2h_tok_is(s, close + 1, ";") || c2h_tok_is(s, close + 1, "{"));
}

/* The index of the parameter named like token u in the list (open, close),
 * or -1. */
static long parameter_index(const c2h_scan *s, size_t open, size_t close, size_t u) {
  c2h_tok_span p[32];
  size_t n = c2h_tok_split(s, open, close, p, 32);
  for (size_t k = 0; k < n && k < 32; k++) {
    if (find_top(s, p[k].first, p[k].last, "=") != NONE) continue;
    size_t last = p[k].last;
    if (c2h_tok_is_ident(s, last) && c2h_tok_same(s, last, u)) return (long)k;
  }
  return -1;
}

/* The mask at u is a parameter of function fk: every call of the function
 * in the file passes, there, a mask that covers the lanes running it. */
static int parameter_covers(const c2h_scan *s, size_t u, long fk, size_t fe, int depth) {
  size_t name = name_token(s, (size_t)fk), n = s->facts->n_toks;
  if (name == NONE) return 0;
  size_t open = list_open(s, name);
  if (open == NONE) return 0;
  size_t close = c2h_tok_match(s, open);
  if (close >= n || u < close) return 0;
  long index = parameter_index(s, open, close, u);
  if (index < 0) return 0;
  for (size_t j = close; j < fe; j++) /* a parameter that changes is not what the caller passed */
    if (c2h_tok_is_ident(s, j) && c2h_tok_same(s, j, u) && c2h_tok_written(s, j)) return 0;
  int found = 0;
  for (size_t t = 0; t < n; t++) {
    if (!c2h_tok_is_ident(s, t) || !c2h_tok_same(s, t, name) || c2h_tok_names_function(s, t) || is_prototype_name(s, t))
      continue;
    /* A user function named like an intrinsic (its own __shfl_down_sync for
     * a half type): the calls the parse resolved to the API's are not its. */
    if (c2h_tok(s, t)->use == C2H_USE_API) continue;
    if (t > 0 && (c2h_tok_is(s, t - 1, ".") || c2h_tok_is(s, t - 1, "->") || c2h_tok_is(s, t - 1, "#") ||
                  c2h_tok_is(s, t - 1, "define")))
      return 0;
    size_t o = list_open(s, t);
    if (o == NONE) return 0; /* its address taken, or a use the proof does not follow */
    size_t c = c2h_tok_match(s, o);
    c2h_tok_span args[32];
    if (c >= n || c2h_tok_split(s, o, c, args, 32) <= (size_t)index) return 0;
    if (!covers(s, t, args[index].first, args[index].last, depth + 1)) return 0;
    found = 1;
  }
  return found;
}

/* A ballot `__ballot_sync(m, p)` (or `__ballot(p)`) at [a, b], taken at
 * token `at`: the lanes of m that run it and find p true. It covers the
 * call when the call is under a guard p, every lane reaching the call ran
 * the ballot, and m covers the lanes that ran the ballot. */
static int ballot_covers(const c2h_scan *s, size_t call, size_t a, size_t b, size_t at, size_t fb, size_t fe,
                         int depth) {
  int sync = c2h_tok_is(s, a, "__ballot_sync");
  if ((!sync && !c2h_tok_is(s, a, "__ballot")) || !c2h_tok_is(s, a + 1, "(") || c2h_tok_match(s, a + 1) != b) return 0;
  c2h_tok_span args[3];
  size_t n = c2h_tok_split(s, a + 1, b, args, 3);
  if (n != (sync ? 2u : 1u)) return 0;
  c2h_tok_span p = args[n - 1];
  if (!span_stable(s, p.first, p.last, fb, fe) || c2h_tok_has_conditional(s, fb, call)) return 0;
  if (at != NONE && !c2h_tok_runs_before(s, at, call, fb)) return 0;
  guards g;
  int guarded = 0;
  enclosing_guards(s, call, fb, &g);
  for (size_t k = 0; k < g.n && !guarded; k++) guarded = guard_is(s, g.cond[k].first, g.cond[k].last, p.first, p.last);
  return guarded && (!sync || covers(s, a, args[0].first, args[0].last, depth + 1));
}

/* The value [a, b] of a mask, defined at token `at` (NONE: at the call). */
static int value_covers(const c2h_scan *s, size_t call, size_t a, size_t b, size_t at, int depth) {
  size_t fb = 0, fe = 0;
  c2h_tok_strip_parens(s, &a, &b);
  if (c2h_tok_function_at(s, call, &fb, &fe) < 0) return 0;
  if (a == b && c2h_tok_is_ident(s, a)) return covers(s, call, a, b, depth + 1);
  if (ballot_covers(s, call, a, b, at, fb, fe, depth)) return 1;
  low_lanes l;
  if (!mask_low_lanes(s, a, b, &l) || c2h_tok_has_conditional(s, fb, call)) return 0;
  if (l.a != NONE && !span_stable(s, l.a, l.b, fb, fe)) return 0;
  guards g;
  enclosing_guards(s, call, fb, &g);
  for (size_t k = 0; k < g.n; k++)
    if (guard_bounds(s, g.cond[k].first, g.cond[k].last, &l)) return 1;
  return 0;
}

/* One launch of the kernel: the mask [a, b] is the full mask, or lanes
 * 0..k-1 while the launch's blocks have at most k threads, which fill
 * lanes 0..k-1 of one wavefront: every thread of the block is in it. */
static int instance_covers_one(const c2h_scan *s, const c2h_instance *in, void *ctx) {
  const c2h_tok_span *m = ctx;
  c2h_const c;
  long long lanes = 0;
  if (!c2h_instance_eval(s, in, m->first, m->last, &c)) return 0;
  unsigned long long v = c2h_const_as_u64(&c);
  if (v == 0xffffffffULL || v == ~0ULL) return 1; /* every lane of a warp, or of a wavefront */
  if (v == 0 || (v & (v + 1)) != 0) return 0;
  while (v) lanes++, v >>= 1;
  return in->threads >= 1 && in->threads <= lanes;
}

/* The mask [a, b] of a call in a kernel's own body, evaluated for each
 * launch of the kernel in the file (its template arguments and block
 * size there): covers the block's threads in every one. */
static int instance_covers(const c2h_scan *s, size_t call, size_t a, size_t b) {
  size_t fb = 0, fe = 0;
  long fk = c2h_tok_function_at(s, call, &fb, &fe);
  if (fk < 0 || s->facts->functions[fk].ctx != C2H_CTX_KERNEL || a < fb || b >= fe) return 0;
  c2h_tok_span m = {a, b};
  return c2h_kernel_instances_all(s, (size_t)fk, instance_covers_one, &m);
}

static int covers(const c2h_scan *s, size_t call, size_t a, size_t b, int depth) {
  if (depth > MAX_DEPTH || a > b || b >= s->facts->n_toks) return 0;
  c2h_tok_strip_parens(s, &a, &b);
  c2h_mask_value m;
  c2h_mask_resolve(s, a, b, &m);
  if (m.kind == C2H_MASK_FULL32 || m.kind == C2H_MASK_FULL64 || m.kind == C2H_MASK_ACTIVE) return 1;
  if (a != b || !c2h_tok_is_ident(s, a))
    return value_covers(s, call, a, b, NONE, depth) || instance_covers(s, call, a, b);
  size_t d, vf, vl, fb = 0, fe = 0;
  if (c2h_mask_name_value(s, a, &d, &vf, &vl) && value_covers(s, call, vf, vl, d, depth + 1)) return 1;
  long fk = c2h_tok_function_at(s, a, &fb, &fe);
  return (fk >= 0 && parameter_covers(s, a, fk, fe, depth)) || instance_covers(s, call, a, b);
}

int c2h_mask_covers_active(const c2h_scan *s, size_t call, size_t first, size_t last) {
  return covers(s, call, first, last, 0);
}

/* ---- values that only serve as masks ---- */

/* Whether the call whose name is at token `name` is an intrinsic that
 * takes a lane mask first: a _sync function or __syncwarp. */
static int is_mask_taker(const c2h_scan *s, size_t name) {
  size_t n = c2h_tok(s, name)->end - c2h_tok(s, name)->begin;
  const char *p = s->src + c2h_tok(s, name)->begin;
  return (n > 5 && memcmp(p + n - 5, "_sync", 5) == 0) || c2h_tok_is(s, name, "__syncwarp");
}

static int only_mask_uses(const c2h_scan *s, size_t first, size_t last, size_t v, int dropped, int depth);

/* Whether argument `index` of calls to the user function named at token
 * `name` only ever names lanes: every definition of the function in the
 * file (a template and its specialisations) passes that parameter, alone,
 * as a lane mask and nothing else. */
static int parameter_only_mask(const c2h_scan *s, size_t name, size_t index, int dropped, int depth) {
  const c2h_tu_facts *f = s->facts;
  int found = 0;
  if (depth > 2) return 0;
  for (size_t k = 0; k < f->n_functions; k++) {
    size_t fname = name_token(s, k);
    if (fname == NONE || !c2h_tok_same(s, fname, name)) continue;
    size_t first = 0, last = 0;
    c2h_tok_range(s, f->functions[k].begin, f->functions[k].end, &first, &last);
    size_t open = list_open(s, fname);
    if (open == NONE) return 0;
    size_t close = c2h_tok_match(s, open);
    c2h_tok_span p[32];
    if (close >= last || c2h_tok_split(s, open, close, p, 32) <= index) return 0;
    size_t param = p[index].last;
    if (!c2h_tok_is_ident(s, param) || find_top(s, p[index].first, p[index].last, "=") != NONE ||
        !only_mask_uses(s, close + 1, last, param, dropped, depth + 1))
      return 0;
    found = 1;
  }
  return found;
}

static int only_mask_uses(const c2h_scan *s, size_t first, size_t last, size_t v, int dropped, int depth) {
  for (size_t j = first; j < last; j++) {
    if (j == v || !c2h_tok_is_ident(s, j) || !c2h_tok_same(s, j, v)) continue;
    if (!(c2h_tok_is(s, j + 1, ",") || c2h_tok_is(s, j + 1, ")"))) return 0;
    if (j >= 2 && c2h_tok_is(s, j - 1, "(") && c2h_tok_is_ident(s, j - 2) && is_mask_taker(s, j - 2)) continue;
    if (!dropped || !(c2h_tok_is(s, j - 1, "(") || c2h_tok_is(s, j - 1, ","))) return 0;
    /* An argument of a call: find the callee and the argument's place. */
    size_t open = j - 1, commas = 0, level = 0;
    while (open > first && !(level == 0 && c2h_tok_is(s, open, "("))) {
      if (c2h_tok_is(s, open, ")") || c2h_tok_is(s, open, "]")) level++;
      else if ((c2h_tok_is(s, open, "(") || c2h_tok_is(s, open, "[")) && level) level--;
      else if (level == 0 && c2h_tok_is(s, open, ",")) commas++;
      open--;
    }
    size_t callee = open - 1;
    if (c2h_tok_is(s, callee, ">")) { /* f<T>(...) */
      int angle = 0;
      while (callee > first) {
        if (c2h_tok_is(s, callee, ">")) angle++;
        else if (c2h_tok_is(s, callee, "<") && --angle == 0) break;
        callee--;
      }
      callee--;
    }
    if (callee <= first || !c2h_tok_is_ident(s, callee) || !parameter_only_mask(s, callee, commas, dropped, depth))
      return 0;
  }
  return 1;
}

int c2h_mask_only_mask_uses(const c2h_scan *s, size_t first, size_t last, size_t v, int dropped) {
  return only_mask_uses(s, first, last, v, dropped, 0);
}

int c2h_mask_ballot_only_dropped(const c2h_scan *s, size_t call) {
  size_t n = s->facts->n_toks, fb = 0, fe = 0;
  if (s->target >= C2H_VERSION(7, 0) || call < 2 || !c2h_tok_is(s, call - 1, "=") || !c2h_tok_is_ident(s, call - 2) ||
      !c2h_tok_is(s, call + 1, "("))
    return 0;
  size_t close = c2h_tok_match(s, call + 1);
  if (close + 1 >= n || !(c2h_tok_is(s, close + 1, ";") || c2h_tok_is(s, close + 1, ","))) return 0;
  if (c2h_tok_function_at(s, call, &fb, &fe) < 0) return 0;
  return only_mask_uses(s, fb, fe, call - 2, 1, 0);
}
