/* launch-bounds: __launch_bounds__(T, B) whose arguments mean something
 * else, or cannot be met, on gfx942.
 *
 * CUDA reads B as the minimum number of resident blocks per multiprocessor;
 * HIP passes B on as amdgpu_waves_per_eu(B), the minimum number of waves
 * per execution unit (SIMD). A gfx942 compute unit has 4 SIMDs, so keeping B
 * blocks of T threads resident needs ceil(B * ceil(T / 64) / 4) waves per
 * SIMD. T above 1024 is more than a gfx942 workgroup can hold. */
#include <stdio.h>
#include <string.h>

#include "checks.h"

#define MAX_THREADS 1024 /* largest gfx942 workgroup */
#define WAVE 64          /* lanes per wavefront */
#define EUS_PER_CU 4     /* SIMDs per compute unit */
#define MAX_WAVES_PER_EU 8

/* ---- argument values: literals, constants of the file, + - * / % ---- */

typedef struct eval {
  const c2h_scan *s;
  size_t pos, end; /* tokens [pos, end) */
  int depth;       /* constants followed, against definitions that loop */
  int ok;
} eval;

static int eval_span(const c2h_scan *s, size_t first, size_t last, int depth, long long *v);

/* The value of a constant this file defines: `#define NAME expr`, or a
 * `const`/`constexpr` (often `static const`) variable `NAME = expr`.
 * Every definition must agree. */
static int constant_value(const c2h_scan *s, size_t u, int depth, long long *v) {
  const c2h_token *t = s->facts->toks;
  size_t n = s->facts->n_toks, len = t[u].end - t[u].begin;
  int found = 0;
  for (size_t d = 1; d + 1 < n; d++) {
    if (d == u || t[d].kind != C2H_TOK_IDENT || t[d].end - t[d].begin != len ||
        memcmp(s->src + t[d].begin, s->src + t[u].begin, len) != 0)
      continue;
    size_t a = d + 1, e = d + 1;
    if (d >= 2 && c2h_tok_is(s, d - 1, "define") && c2h_tok_is(s, d - 2, "#")) {
      if (t[a].line != t[d].line || (c2h_tok_is(s, a, "(") && t[a].begin == t[d].end)) continue;
      while (e + 1 < n && t[e + 1].line == t[d].line && t[e + 1].kind != C2H_TOK_COMMENT) e++;
    } else if (c2h_tok_is(s, d + 1, "=")) {
      int constant = 0;
      for (size_t j = d; j-- > 0 && !constant;) {
        if (c2h_tok_is(s, j, ";") || c2h_tok_is(s, j, "{") || c2h_tok_is(s, j, "}") || c2h_tok_is(s, j, "(") ||
            c2h_tok_is(s, j, ")"))
          break;
        constant = c2h_tok_is(s, j, "const") || c2h_tok_is(s, j, "constexpr");
      }
      if (!constant) continue;
      a = e = d + 2;
      while (e + 1 < n && !c2h_tok_is(s, e + 1, ";") && !c2h_tok_is(s, e + 1, ",")) e++;
    } else {
      continue;
    }
    long long x;
    if (!eval_span(s, a, e, depth + 1, &x) || (found && x != *v)) return 0;
    *v = x;
    found = 1;
  }
  return found;
}

static long long ev_sum(eval *e);

static long long ev_primary(eval *e) {
  long long v = 0;
  if (e->pos >= e->end) return e->ok = 0, 0;
  if (c2h_tok_is(e->s, e->pos, "(")) {
    e->pos++;
    v = ev_sum(e);
    if (!c2h_tok_is(e->s, e->pos, ")")) return e->ok = 0, 0;
    e->pos++;
    return v;
  }
  if (c2h_tok_is(e->s, e->pos, "-")) {
    e->pos++;
    return -ev_primary(e);
  }
  if (c2h_tok_int_value(e->s, e->pos, &v)) return e->pos++, v;
  if (e->s->facts->toks[e->pos].kind == C2H_TOK_IDENT && e->depth < 8 &&
      constant_value(e->s, e->pos, e->depth, &v))
    return e->pos++, v;
  return e->ok = 0, 0;
}

static long long ev_product(eval *e) {
  long long v = ev_primary(e);
  while (e->ok && e->pos < e->end &&
         (c2h_tok_is(e->s, e->pos, "*") || c2h_tok_is(e->s, e->pos, "/") || c2h_tok_is(e->s, e->pos, "%"))) {
    int op = e->s->src[e->s->facts->toks[e->pos++].begin];
    long long r = ev_primary(e);
    if (!e->ok || ((op == '/' || op == '%') && r == 0)) return e->ok = 0, 0;
    if (op == '*' && (v > (1LL << 30) || r > (1LL << 30) || v < -(1LL << 30) || r < -(1LL << 30)))
      return e->ok = 0, 0;
    v = op == '*' ? v * r : op == '/' ? v / r : v % r;
  }
  return v;
}

static long long ev_sum(eval *e) {
  long long v = ev_product(e);
  while (e->ok && e->pos < e->end && (c2h_tok_is(e->s, e->pos, "+") || c2h_tok_is(e->s, e->pos, "-"))) {
    int plus = c2h_tok_is(e->s, e->pos++, "+");
    long long r = ev_product(e);
    v = plus ? v + r : v - r;
  }
  return v;
}

static int eval_span(const c2h_scan *s, size_t first, size_t last, int depth, long long *v) {
  eval e = {s, first, last + 1, depth, 1};
  if (first > last) return 0;
  long long x = ev_sum(&e);
  if (!e.ok || e.pos != e.end) return 0;
  *v = x;
  return 1;
}

int c2h_check_eval(const c2h_scan *s, size_t first, size_t last, long long *v) {
  return eval_span(s, first, last, 0, v);
}

/* The value of an argument: integer literals, and constants the file
 * defines (`static const int kThreads = 256;`), with + - * / %. */
static int literal_arg(const c2h_scan *s, c2h_tok_span a, long long *v) {
  return c2h_check_eval(s, a.first, a.last, v);
}

/* Whether token i is the name of a macro being defined or undefined (the
 * user's own __launch_bounds__ macro is not a use). */
static int is_macro_name(const c2h_scan *s, size_t i) {
  return i >= 2 && (c2h_tok_is(s, i - 1, "define") || c2h_tok_is(s, i - 1, "undef")) &&
         c2h_tok_is(s, i - 2, "#");
}

/* Waves per SIMD that B resident blocks of T threads take on gfx942. */
static long long waves_per_eu(long long threads, long long blocks) {
  long long waves_per_block = (threads + WAVE - 1) / WAVE;
  return (blocks * waves_per_block + EUS_PER_CU - 1) / EUS_PER_CU;
}

/* The first argument above the gfx942 workgroup limit. */
static int report_too_many_threads(c2h_scan *s, c2h_tok_span t, long long threads) {
  return c2h_scan_diag(s, t.first, t.last, C2H_SEV_ERROR, C2H_CHECK_LAUNCH_BOUNDS, NULL,
                       "__launch_bounds__ asks for %lld threads per block, but a gfx942 workgroup "
                       "holds at most %d: the kernel does not compile for gfx942; use at most %d "
                       "threads per block",
                       threads, MAX_THREADS, MAX_THREADS);
}

/* The second argument, with a computed replacement when T and B are
 * literals and the computed value differs from B. */
static int report_min_blocks(c2h_scan *s, size_t kw, size_t close, const c2h_tok_span *args) {
  long long t = 0, b = 0;
  int have_t = literal_arg(s, args[0], &t) && t > 0 && t <= MAX_THREADS, have_b = literal_arg(s, args[1], &b);
  const c2h_token *toks = s->facts->toks;
  const char *tt = s->src + toks[args[0].first].begin;
  int tlen = (int)(toks[args[0].last].end - toks[args[0].first].begin);
  if (have_b && b == 1) return 0; /* no constraint in either language */
  if (!have_t || !have_b || b < 1) {
    return c2h_scan_diag(s, args[1].first, args[1].last, C2H_SEV_WARNING, C2H_CHECK_LAUNCH_BOUNDS, NULL,
                         "the second __launch_bounds__ argument is the minimum number of resident "
                         "blocks per multiprocessor in CUDA, but HIP reads it as the minimum number "
                         "of waves per execution unit (amdgpu_waves_per_eu); keep only the first "
                         "argument, or pass ceil(blocks * ceil(threads / 64) / 4) (a gfx942 "
                         "compute unit has 4 execution units)");
  }
  long long w = waves_per_eu(t, b);
  if (w == b) return 0; /* the number asks for the same occupancy */
  char fix[160];
  if (w <= 1 || w > MAX_WAVES_PER_EU)
    snprintf(fix, sizeof fix, "__launch_bounds__(%.*s)", tlen > 100 ? 100 : tlen, tt);
  else
    snprintf(fix, sizeof fix, "__launch_bounds__(%.*s, %lld)", tlen > 100 ? 100 : tlen, tt, w);
  char why[256];
  if (w > MAX_WAVES_PER_EU)
    snprintf(why, sizeof why, "more than the %d a gfx942 execution unit holds, so drop the argument",
             MAX_WAVES_PER_EU);
  else if (w <= 1)
    snprintf(why, sizeof why, "which every kernel gets, so drop the argument");
  else
    snprintf(why, sizeof why, "so write %s", fix);
  return c2h_scan_diag(s, kw, close, C2H_SEV_WARNING, C2H_CHECK_LAUNCH_BOUNDS, fix,
                       "__launch_bounds__(%lld, %lld): CUDA reads %lld as the minimum number of "
                       "resident blocks per multiprocessor, HIP as the minimum number of waves per "
                       "execution unit; %lld blocks of %lld threads on a gfx942 compute unit (4 "
                       "execution units) need ceil(%lld * ceil(%lld / 64) / 4) = %lld wave%s per "
                       "execution unit, %s",
                       t, b, b, b, t, b, t, w, w == 1 ? "" : "s", why);
}

/* CUDA 12's third argument (maximum blocks per cluster): HIP's macro
 * takes one or two arguments, so the attribute does not compile. */
static int report_cluster_arg(c2h_scan *s, c2h_tok_span a) {
  return c2h_scan_diag(s, a.first, a.last, C2H_SEV_ERROR, C2H_CHECK_LAUNCH_BOUNDS, NULL,
                       "the third __launch_bounds__ argument (maximum blocks per cluster) does not "
                       "exist in HIP, whose __launch_bounds__ takes one or two arguments: the kernel "
                       "does not compile; remove it (gfx942 has no thread-block clusters)");
}

static int check_one(c2h_scan *s, size_t kw, size_t open, size_t close) {
  c2h_tok_span args[4];
  size_t n_args = c2h_tok_split(s, open, close, args, 4);
  if (n_args == 0 || n_args > 3) return 0;
  long long t;
  int rc = 0;
  if (literal_arg(s, args[0], &t) && t > MAX_THREADS) rc = report_too_many_threads(s, args[0], t);
  if (rc == 0 && n_args >= 2) rc = report_min_blocks(s, kw, close, args);
  if (rc == 0 && n_args == 3) rc = report_cluster_arg(s, args[2]);
  return rc;
}

int c2h_check_launch_bounds(c2h_scan *s) {
  size_t n = s->facts->n_toks;
  int rc = 0;
  for (size_t i = 0; i < n && rc == 0; i++) {
    if (!c2h_tok_is_call(s, i, "__launch_bounds__") || is_macro_name(s, i)) continue;
    size_t close = c2h_tok_match(s, i + 1);
    if (close >= n) continue;
    rc = check_one(s, i, i + 1, close);
    i = close;
  }
  return rc;
}
