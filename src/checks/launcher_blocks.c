/* warp-size-literal, block sizes given as template arguments: a host
 * template launches its kernel with a block of its own template parameter
 * (`template <int kNThreads, ...> void launch(...) { k<<<g, Ktraits::kNThreads>>>(...); }`)
 * and callers pick the instance (`launch<32, 4, T>(params)`).
 *
 * A block of fewer than 64 threads is less than one gfx942 wavefront: its
 * wavefront runs with the lanes past the block idle, and code sized by
 * whole warps of the block meets part of one. rocPRIM (under hipCUB) goes
 * further for its WARP_TRANSPOSE loads and stores: block_load and
 * block_store static_assert that the block is a multiple of the hardware
 * warp, so such an instance does not compile for gfx942. A file that
 * names those algorithms gets a warning at each such call; other files a
 * note.
 *
 * The block argument of the launch is taken for the template parameter
 * when it is the parameter itself or ends in a member of that name
 * (`Ktraits::kNThreads`, a traits struct made from it). Only launchers
 * and calls of the same file are seen; calls in a platform branch are the
 * project's own port and are left alone. */
#include <string.h>

#include "checks.h"

#define NONE ((size_t)-1)
#define MAX_PARAMS 16
#define WAVEFRONT 64

/* The token that opens `template <` before a function's name token, or NONE. */
static size_t template_head(const c2h_scan *s, size_t name) {
  int depth = 0;
  for (size_t j = name, steps = 0; j-- > 0 && steps < 256; steps++) {
    if (c2h_tok_is(s, j, ">")) depth++;
    else if (c2h_tok_is(s, j, ">>")) depth += 2;
    else if (c2h_tok_is(s, j, "<")) depth--;
    else if (depth == 0 && (c2h_tok_is(s, j, ";") || c2h_tok_is(s, j, "{") || c2h_tok_is(s, j, "}"))) return NONE;
    if (depth < 0) return NONE;
    if (depth == 0 && c2h_tok_is(s, j, "<")) return j > 0 && c2h_tok_is(s, j - 1, "template") ? j : NONE;
  }
  return NONE;
}

/* The top-level comma-separated items of an angle-bracket list opened at
 * token open: each one's first and last token. Returns how many, and the
 * closing `>` in *close (NONE when it does not close). */
static size_t angle_items(const c2h_scan *s, size_t open, size_t *first, size_t *last, size_t max, size_t *close) {
  size_t n = s->facts->n_toks, count = 0, start = open + 1;
  int depth = 0;
  *close = NONE;
  for (size_t j = open + 1; j < n; j++) {
    if (c2h_tok_is(s, j, "<") || c2h_tok_is(s, j, "(") || c2h_tok_is(s, j, "[")) {
      depth++;
    } else if (c2h_tok_is(s, j, ")") || c2h_tok_is(s, j, "]")) {
      depth--;
    } else if (c2h_tok_is(s, j, ">") || c2h_tok_is(s, j, ">>")) {
      int d = c2h_tok_is(s, j, ">>") ? 2 : 1;
      if (depth < d) {
        if (depth == 1) return 0; /* `>>` closing this list and an outer one */
        if (j > start && count < max) first[count] = start, last[count] = j - 1;
        if (j > start) count++;
        *close = j;
        return count < max ? count : max;
      }
      depth -= d;
    } else if (c2h_tok_is(s, j, ";") || c2h_tok_is(s, j, "{") || c2h_tok_is(s, j, "}")) {
      return 0;
    } else if (depth == 0 && c2h_tok_is(s, j, ",")) {
      if (count < max) first[count] = start, last[count] = j - 1;
      count++;
      start = j + 1;
    }
    if (depth < 0) return 0;
  }
  return 0;
}

/* Index of the template parameter that the launch's block argument names
 * (the parameter itself, or `X::P`), or -1. */
static int block_param(const c2h_scan *s, size_t launch, const size_t *pname, size_t n_params) {
  size_t close = c2h_tok_launch_close(s, launch);
  if (close >= s->facts->n_toks) return -1;
  c2h_tok_span spans[4];
  size_t n = c2h_tok_split(s, launch, close, spans, 4);
  if (n < 2) return -1;
  size_t a = spans[1].first, b = spans[1].last;
  /* ident (:: ident)* and nothing else */
  for (size_t j = a; j <= b; j++)
    if ((j - a) % 2 == 0 ? s->facts->toks[j].kind != C2H_TOK_IDENT : !c2h_tok_is(s, j, "::")) return -1;
  if ((b - a) % 2 != 0) return -1;
  for (size_t k = 0; k < n_params; k++)
    if (pname[k] != NONE && c2h_tok_same(s, pname[k], b)) return (int)k;
  return -1;
}

/* A token of the file that names a WARP_TRANSPOSE load or store, or NONE. */
static size_t warp_transpose_use(const c2h_scan *s) {
  for (size_t i = 0; i < s->facts->n_toks; i++)
    if (c2h_tok_ident_is(s, i, "BLOCK_LOAD_WARP_TRANSPOSE") || c2h_tok_ident_is(s, i, "BLOCK_STORE_WARP_TRANSPOSE") ||
        c2h_tok_ident_is(s, i, "BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED") ||
        c2h_tok_ident_is(s, i, "BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED"))
      return i;
  return NONE;
}

static int report_calls(c2h_scan *s, size_t name, size_t param, size_t k, size_t launch, size_t transpose) {
  size_t n = s->facts->n_toks;
  for (size_t j = 0; j < n; j++) {
    if (j == name || !c2h_tok_same(s, j, name) || !c2h_tok_is(s, j + 1, "<")) continue;
    if (j > 0 && (c2h_tok_is(s, j - 1, ".") || c2h_tok_is(s, j - 1, "->"))) continue;
    /* The project's own branch for one platform: its port decides. */
    if (c2h_tok_platform(s, j) != C2H_PLATFORM_BOTH) continue;
    size_t first[MAX_PARAMS], last[MAX_PARAMS], close;
    size_t n_args = angle_items(s, j + 1, first, last, MAX_PARAMS, &close);
    if (k >= n_args || first[k] != last[k]) continue;
    long long threads;
    if (!c2h_tok_int_value(s, first[k], &threads) || threads <= 0 || threads >= WAVEFRONT) continue;
    const c2h_token *pt = &s->facts->toks[param];
    int rc;
    if (transpose != NONE)
      rc = c2h_scan_diag(s, first[k], first[k], C2H_SEV_WARNING, C2H_CHECK_WARP_SIZE_LITERAL, NULL,
                         "'%.*s<%lld%s>' launches blocks of %lld threads (its template parameter '%.*s' is the "
                         "block size of the launch on line %u), fewer than the 64 lanes of a gfx942 wavefront: "
                         "hipCUB's WARP_TRANSPOSE loads and stores (line %u) need blocks of whole wavefronts "
                         "(rocPRIM static_asserts it), so this instance does not compile for gfx942; give HIP "
                         "blocks of a multiple of 64 threads",
                         (int)(s->facts->toks[j].end - s->facts->toks[j].begin),
                         s->src + s->facts->toks[j].begin, threads, n_args > 1 ? ", ..." : "", threads, (int)(pt->end - pt->begin),
                         s->src + pt->begin, s->facts->toks[launch].line, s->facts->toks[transpose].line);
    else
      rc = c2h_scan_diag(s, first[k], first[k], C2H_SEV_NOTE, C2H_CHECK_WARP_SIZE_LITERAL, NULL,
                         "'%.*s<%lld%s>' launches blocks of %lld threads (its template parameter '%.*s' is the "
                         "block size of the launch on line %u), fewer than the 64 lanes of a gfx942 wavefront: "
                         "each block's wavefront runs with lanes %lld-63 idle, and code that takes the block for "
                         "whole warps meets part of one; on HIP a multiple of 64 threads fills the wavefront",
                         (int)(s->facts->toks[j].end - s->facts->toks[j].begin), s->src + s->facts->toks[j].begin,
                         threads, n_args > 1 ? ", ..." : "", threads, (int)(pt->end - pt->begin), s->src + pt->begin,
                         s->facts->toks[launch].line, threads);
    if (rc) return rc;
  }
  return 0;
}

int c2h_check_launcher_blocks(c2h_scan *s) {
  const c2h_tu_facts *f = s->facts;
  size_t transpose = NONE;
  int transpose_known = 0;
  size_t reported = NONE; /* the launcher whose calls were reported: once for all its launches */
  for (size_t launch = 0; launch < f->n_toks; launch++) {
    if (!c2h_tok_is(s, launch, "<<<")) continue;
    /* The outermost function holding the launch whose name is spelled:
     * a lambda handed to a dispatch macro sits inside the launcher. */
    size_t name = NONE;
    for (size_t fi = 0; fi < f->n_functions; fi++) {
      const c2h_function *fn = &f->functions[fi];
      if (fn->name_begin == fn->name_end) continue;
      if (f->toks[launch].begin < fn->begin || f->toks[launch].begin >= fn->end) continue;
      size_t first, last;
      c2h_tok_range(s, fn->name_begin, fn->name_end, &first, &last);
      if (first < f->n_toks && last == first + 1) name = first;
      break;
    }
    if (name == NONE || name == reported || f->toks[name].ctx == C2H_CTX_KERNEL || c2h_tok_in_device_code(s, name)) continue;
    size_t open = template_head(s, name);
    if (open == NONE) continue;
    size_t first[MAX_PARAMS], last[MAX_PARAMS], pname[MAX_PARAMS], close;
    size_t n_params = angle_items(s, open, first, last, MAX_PARAMS, &close);
    for (size_t k = 0; k < n_params; k++) {
      /* A non-type parameter of an integer type: `int kNThreads`. */
      pname[k] = NONE;
      if (last[k] > first[k] && f->toks[last[k]].kind == C2H_TOK_IDENT && !c2h_tok_is(s, first[k], "typename") &&
          !c2h_tok_is(s, first[k], "class"))
        pname[k] = last[k];
    }
    int k = block_param(s, launch, pname, n_params);
    if (k < 0) continue;
    if (!transpose_known) transpose = warp_transpose_use(s), transpose_known = 1;
    reported = name;
    int rc = report_calls(s, name, pname[k], (size_t)k, launch, transpose);
    if (rc) return rc;
  }
  return 0;
}
