/* launch-bounds: __launch_bounds__(T, B) whose arguments mean something
 * else, or cannot be met, on gfx942.
 *
 * CUDA reads B as the minimum number of resident blocks per multiprocessor;
 * HIP passes B on as amdgpu_waves_per_eu(B), the minimum number of waves
 * per execution unit (SIMD). A gfx942 compute unit has 4 SIMDs, so keeping B
 * blocks of T threads resident needs ceil(B * ceil(T / 64) / 4) waves per
 * SIMD. T above 1024 is more than a gfx942 workgroup can hold. */
#include <stdio.h>

#include "checks.h"
#include "scan/const_expr.h"

#define MAX_THREADS 1024 /* largest gfx942 workgroup */
#define WAVE 64          /* lanes per wavefront */
#define EUS_PER_CU 4     /* SIMDs per compute unit */
#define MAX_WAVES_PER_EU 8

/* The value of an argument, as the one evaluator and the file's constant
 * table give it (`static const int kThreads = 256;`, `2048 / kThreads`). */
static int literal_arg(const c2h_scan *s, c2h_tok_span a, long long *v) {
  return c2h_const_tokens_int(s, a.first, a.last, v);
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
