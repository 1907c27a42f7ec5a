/* warp-size-literal: code whose warp size disagrees with itself on a
 * 64-lane gfx942 wavefront.
 *
 * Code written for 32-lane warps is not wrong on gfx942 by itself: a
 * 32-lane group that only talks to itself (shuffles with offsets below 32
 * or an explicit width of 32, lanes numbered `tid % 32`, warps `tid / 32`
 * with 32 entries per warp) computes the same results when a wavefront
 * runs it as two 32-lane halves. So the check models, per kernel and the
 * device functions it reaches in the file, which lane numbering the code
 * uses, and reports what breaks:
 *  - 32-lane and 64-lane (warpSize, __lane_id()) numbering mixed in one
 *    kernel: one warning per function, at its first 32-lane place;
 *  - a shuffle without width that reads an absolute lane below 32
 *    (`__shfl_sync(m, v, 0)`): lanes 32-63 read from the lower half; the
 *    width of 32 CUDA implies is the fix when the kernel is 32-lane only;
 *  - __shared__ arrays with 32 entries per warp indexed by a 64-lane
 *    lane number;
 *  - a 64-lane lane number compared with 31 as the last lane.
 * Kernels that use 32-lane warp operations consistently get one note. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checks.h"
#include "scan/const_expr.h"
#include "util/buf.h"
#include "util/strmap.h"

#define NONE ((size_t)-1)

/* What one function's own body shows about the warp size it assumes. */
typedef struct fn_facts {
  int scanned;        /* a device function scanned on its own (not nested) */
  int warp_ops;       /* shuffles, votes or tiles: lanes talk to each other */
  int ballots;        /* ballots or __activemask: bit masks of lanes (checked apart) */
  int broken;         /* the second pass reported something here */
  int note_line;      /* a kernel to note as 32-lane only: its first 32-lane line */
  size_t at32, end32; /* first 32-lane place [at32, end32] (tokens), or NONE */
  size_t at64;        /* first 64-lane place, or NONE */
  /* From the kernels (or root functions) whose units hold this one: */
  int unit64;         /* some unit uses 64-lane numbering */
  int unit32;         /* some unit uses 32-lane numbering */
  size_t mixed64;     /* a 64-lane place of a unit that also has 32-lane ones */
  int in_small;       /* held by a kernel of blocks of at most 32 threads */
  int in_other;       /* held by another kernel, or by a function no kernel reaches */
} fn_facts;

/* Whether only kernels of at most 32 threads per block run the function:
 * each block is one 32-lane group, in lanes 0-31 of a wavefront, so what
 * 32-lane code assumes holds there. */
static int small_only(const fn_facts *x) { return x->in_small && !x->in_other; }

typedef struct ws_state {
  c2h_scan *s;
  c2h_strmap consts;   /* warp-size constants equal to 32, file-wide */
  c2h_strmap consts64; /* warp-size constants equal to 64 or warpSize */
  c2h_strmap cub32;    /* aliases of CUB warp primitives of 32 logical lanes */
  c2h_strmap cub64;    /* ... of the hardware warp's lanes (64 on hipCUB) */
  c2h_strmap derived;  /* variables computed from thread indices (per function) */
  c2h_strmap lanes;    /* variables holding a lane number (per function) */
  c2h_strmap lanes32;  /* ... numbered within 32-lane warps: tid % 32 */
  c2h_strmap lanes64;  /* ... numbered within the wavefront: __lane_id() */
  c2h_strmap loops32;  /* loop variables that run over 32 lanes */
  size_t first, last;  /* token range being scanned, [first, last) */
  int warp_code;       /* the range uses warp-level intrinsics */
  int replace_ok;      /* suggestions may use warpSize (device-only code) */
  int emit;            /* second pass: report (the first one only gathers) */
  int notes;           /* note the kernels that run as two 32-lane halves */
  fn_facts *fn;        /* facts of the function being scanned */
  fn_facts *facts;     /* per function of s->facts */
  unsigned char *small; /* per function: a kernel of blocks of at most 32 threads */
  size_t *shared;      /* the file's `__shared__` tokens, found once: looking */
  size_t n_shared;     /* for them per function is quadratic in the file size */
  int torch;           /* a PyTorch extension: fixes name C10_WARP_SIZE */
  size_t file64;       /* a hardware warp size used outside every function
                          (a struct's `LOGICAL == CUB_WARP_THREADS(0)`), or NONE */
} ws_state;

/* Case-insensitive substring test on an identifier's spelling. */
static int ident_has(const ws_state *w, size_t i, const char *needle) {
  size_t n = c2h_tok_len(w->s, i), k = strlen(needle);
  const char *p = c2h_tok_text(w->s, i);
  for (size_t a = 0; a + k <= n; a++) {
    size_t b = 0;
    while (b < k && tolower((unsigned char)p[a + b]) == needle[b]) b++;
    if (b == k) return 1;
  }
  return 0;
}

static int ident_starts(const ws_state *w, size_t i, const char *prefix) {
  size_t k = strlen(prefix);
  return c2h_tok_is_ident(w->s, i) && c2h_tok_len(w->s, i) >= k && memcmp(c2h_tok_text(w->s, i), prefix, k) == 0;
}

/* Whether identifier i is in set m (a value of -2 marks a name taken out). */
static int in_set(const ws_state *w, const c2h_strmap *m, size_t i) {
  return c2h_tok_is_ident(w->s, i) && c2h_strmap_get(m, c2h_tok_text(w->s, i), c2h_tok_len(w->s, i)) >= 0;
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
  const char *p = c2h_tok_text(w->s, i);
  size_t len = c2h_tok_len(w->s, i);
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

/* `#define NAME 32` or `#define NAME (32)`, alone on its line. Returns the
 * value token, or 0. */
static size_t define_value(const ws_state *w, size_t name) {
  size_t n = w->s->facts->n_toks, v = name + 1;
  if (v >= n || c2h_tok(w->s, v)->line != c2h_tok(w->s, name)->line) return 0;
  size_t end = v + 1;
  if (c2h_tok_is(w->s, v, "(") && c2h_tok_is(w->s, v + 2, ")")) v++, end = v + 2;
  /* A comment may follow: `#define WARP_SIZE 32 // lanes`. */
  while (end < n && c2h_tok(w->s, end)->kind == C2H_TOK_COMMENT &&
         c2h_tok(w->s, end)->line == c2h_tok(w->s, name)->line)
    end++;
  if (end < n && c2h_tok(w->s, end)->line == c2h_tok(w->s, name)->line) return 0;
  return v;
}

/* `const int NAME = 32;` / `constexpr unsigned NAME{32};`. Returns the
 * value token, or 0. */
static size_t const_value(const ws_state *w, size_t name) {
  size_t v = name + 2;
  /* `constexpr int host_warp_size() { return 32; }`: a function that only
   * returns the value is one more spelling of the constant. */
  if (c2h_tok_is(w->s, name + 1, "(") && c2h_tok_is(w->s, name + 2, ")") && c2h_tok_is(w->s, name + 3, "{") &&
      c2h_tok_is(w->s, name + 4, "return") && c2h_tok_is(w->s, name + 6, ";") && c2h_tok_is(w->s, name + 7, "}")) {
    v = name + 5;
  } else if (c2h_tok_is(w->s, name + 1, "=")) {
    if (!c2h_tok_is(w->s, v + 1, ";") && !c2h_tok_is(w->s, v + 1, ",")) return 0;
  } else if (c2h_tok_is(w->s, name + 1, "{")) {
    if (!c2h_tok_is(w->s, v + 1, "}")) return 0;
  } else {
    return 0;
  }
  /* The declaration's specifiers, back to the previous statement. */
  for (size_t j = name; j-- > 0;) {
    if (c2h_tok_is(w->s, j, ";") || c2h_tok_is(w->s, j, "{") || c2h_tok_is(w->s, j, "}") ||
        c2h_tok_is(w->s, j, "(") || c2h_tok_is(w->s, j, ")"))
      break;
    if (c2h_tok_is(w->s, j, "const") || c2h_tok_is(w->s, j, "constexpr")) return v;
  }
  return 0;
}

/* Names of the hardware warp size that are 64 on gfx942: CUB's and
 * hipCUB's, and PyTorch's C10_WARP_SIZE (32 for CUDA, the wavefront for
 * ROCm). */
static int cub_warp_threads(const ws_state *w, size_t i) {
  return c2h_tok_ident_is(w->s, i, "CUB_WARP_THREADS") || c2h_tok_ident_is(w->s, i, "CUB_PTX_WARP_THREADS") ||
         c2h_tok_ident_is(w->s, i, "HIPCUB_WARP_THREADS") || c2h_tok_ident_is(w->s, i, "C10_WARP_SIZE");
}

/* What the fix texts call the wavefront size in device code. */
static const char *wave_name(const ws_state *w) { return w->torch ? "C10_WARP_SIZE" : "warpSize"; }

/* The lanes of a CUB warp primitive named at token i (`cub::WarpReduce<T>`,
 * `WarpScan<T, 16>`): 64 when the logical warp is left to its default, the
 * hardware warp (hipCUB's is the 64-lane wavefront), the explicit size when
 * it is a literal or a warp-size constant, -1 for another explicit size,
 * 0 when token i names no such primitive. */
static long long cub_warp_lanes(const ws_state *w, size_t i) {
  static const char *const prims[] = {"WarpReduce", "WarpScan", "WarpExchange", "WarpLoad", "WarpStore",
                                      "WarpMergeSort"};
  size_t k = 0, n = w->s->facts->n_toks;
  while (k < sizeof prims / sizeof *prims && !c2h_tok_ident_is(w->s, i, prims[k])) k++;
  if (k == sizeof prims / sizeof *prims || !c2h_tok_is(w->s, i + 1, "<")) return 0;
  /* Template arguments: the second one, at depth 1, is the logical warp. */
  size_t depth = 0, second = NONE;
  for (size_t j = i + 1; j < n; j++) {
    if (c2h_tok_is(w->s, j, "<") || c2h_tok_is(w->s, j, "(")) depth++;
    else if (c2h_tok_is(w->s, j, ")")) depth--;
    else if (c2h_tok_is(w->s, j, ">")) depth--;
    else if (c2h_tok_is(w->s, j, ">>")) depth = depth > 1 ? depth - 2 : 0;
    else if (c2h_tok_is(w->s, j, ";") || c2h_tok_is(w->s, j, "{") || c2h_tok_is(w->s, j, "}")) return 0;
    else if (depth == 1 && c2h_tok_is(w->s, j, ",") && second == NONE) second = j + 1;
    if (depth == 0) break;
  }
  if (second == NONE) return 64;
  long long v;
  if (c2h_tok_int_value(w->s, second, &v)) return v > 0 ? v : -1;
  if (in_set(w, &w->consts, second)) return 32;
  if (in_set(w, &w->consts64, second) || cub_warp_threads(w, second)) return 64;
  return -1;
}

/* `typedef cub::WarpReduce<T> NAME;` and `using NAME = cub::WarpReduce<T>;`
 * anywhere in the file (kernels often take them from a traits struct):
 * NAME goes to cub64 or cub32 by the primitive's lanes. */
static int collect_cub_aliases(ws_state *w) {
  size_t n = w->s->facts->n_toks;
  for (size_t i = 0; i < n; i++) {
    long long lanes = cub_warp_lanes(w, i);
    if (lanes != 32 && lanes != 64) continue;
    size_t name = NONE;
    size_t j = i;
    while (j < n && !c2h_tok_is(w->s, j, ";") && !c2h_tok_is(w->s, j, "{")) j++;
    if (j >= n || !c2h_tok_is(w->s, j, ";")) continue;
    /* typedef ... NAME; : the last identifier; using NAME = ... ; */
    size_t b = i;
    while (b > 0 && !c2h_tok_is(w->s, b - 1, ";") && !c2h_tok_is(w->s, b - 1, "{") &&
           !c2h_tok_is(w->s, b - 1, "}") && i - b < 16)
      b--;
    if (c2h_tok_is(w->s, b, "typedef") && c2h_tok_is_ident(w->s, j - 1)) name = j - 1;
    else if (c2h_tok_is(w->s, b, "using") && c2h_tok_is_ident(w->s, b + 1) && c2h_tok_is(w->s, b + 2, "="))
      name = b + 1;
    if (name == NONE) continue;
    int rc = c2h_strmap_put(lanes == 64 ? &w->cub64 : &w->cub32, c2h_tok_text(w->s, name), c2h_tok_len(w->s, name),
                            (int)name);
    if (rc) return rc;
  }
  return 0;
}

/* Constants named like a warp size: those equal to 32 number lanes in
 * 32-lane warps, those equal to 64 or to warpSize in wavefronts. A
 * constant alone is not a problem (32-lane code can be right on gfx942);
 * its uses count as evidence of which warp size a kernel assumes. */
/* A constant's definition, value token v, was seen by the parse: a
 * declaration in active code, or a #define whose body an expansion in
 * active code used. */
static int definition_seen(const ws_state *w, size_t name, size_t v) {
  return c2h_tok_is(w->s, name - 1, "define") ? c2h_tok(w->s, v)->expanded : c2h_tok_active(w->s, name);
}

/* Puts NAME in consts (32) or consts64 (64, warpSize, CUB's hardware warp),
 * or in neither when it has another value. A name given both values by
 * definitions of the same standing (`#if` branches for several GPUs the
 * parse did not see) is neither. */
static int put_constant(ws_state *w, c2h_strmap *ambiguous, size_t name, size_t v) {
  c2h_strmap *to = cub_warp_threads(w, v) || literal_is(w, v, 64) || c2h_tok_ident_is(w->s, v, "warpSize")
                       ? &w->consts64
                   : literal_is(w, v, 32) ? &w->consts
                                          : NULL;
  if (!to) return 0;
  c2h_strmap *other = to == &w->consts ? &w->consts64 : &w->consts;
  if (in_set(w, other, name) || in_set(w, ambiguous, name))
    return c2h_strmap_put(ambiguous, c2h_tok_text(w->s, name), c2h_tok_len(w->s, name), 0);
  return c2h_strmap_put(to, c2h_tok_text(w->s, name), c2h_tok_len(w->s, name), (int)name);
}

static int collect_constants(ws_state *w) {
  size_t n = w->s->facts->n_toks;
  c2h_strmap ambiguous, seen;
  c2h_strmap_init(&ambiguous);
  c2h_strmap_init(&seen);
  int rc = 0;
  /* First the definitions the parse used, then the others for names it
   * did not define: a `#ifndef USE_ROCM` branch's beats the #else's. */
  for (int pass = 0; pass < 2 && !rc; pass++) {
    for (size_t i = 0; i < n && !rc; i++) {
      if (!c2h_tok_is_ident(w->s, i)) continue;
      int define = i >= 2 && c2h_tok_is(w->s, i - 2, "#") && c2h_tok_is(w->s, i - 1, "define");
      size_t v = 0;
      /* #define NAME CUB_WARP_THREADS(0): the hardware warp, whatever NAME says. */
      if (define && cub_warp_threads(w, i + 1) && c2h_tok(w->s, i + 1)->line == c2h_tok(w->s, i)->line) v = i + 1;
      else if (!warp_size_name(w, i)) continue;
      else v = define ? define_value(w, i) : const_value(w, i);
      /* HIP never compiles a CUDA-only branch's definition (#ifndef
       * USE_ROCM): the one HIP sees is elsewhere, or in a header. */
      if (c2h_tok_platform(w->s, i) == C2H_PLATFORM_CUDA) continue;
      if (!v || definition_seen(w, i, v) != (pass == 0)) continue;
      if (pass == 1 && in_set(w, &seen, i)) continue;
      rc = put_constant(w, &ambiguous, i, v);
      if (!rc && pass == 0) rc = c2h_strmap_put(&seen, c2h_tok_text(w->s, i), c2h_tok_len(w->s, i), 0);
    }
  }
  /* Warp sizes a project header defines (`#define BNB_WARP_SIZE 32` in
   * common.cuh), for names the file uses but does not define; not from a
   * header that names HIP, which may define them otherwise for HIP. They
   * map to no token of the file (n), so they get no note here. */
  for (size_t i = 0; i < n && !rc; i++) {
    if (!c2h_tok_is_ident(w->s, i) || !warp_size_name(w, i) || in_set(w, &seen, i) || in_set(w, &ambiguous, i) ||
        in_set(w, &w->consts, i) || in_set(w, &w->consts64, i))
      continue;
    const c2h_header_const *hc = c2h_tu_facts_header_const(w->s->facts, c2h_tok_text(w->s, i), c2h_tok_len(w->s, i));
    if (!hc || hc->hip_aware) continue;
    long long v = hc->body ? -1 : (long long)hc->bits;
    c2h_const c;
    if (hc->body && c2h_const_eval(w->s, hc->body, strlen(hc->body), NULL, NULL, 0, &c) && !c2h_const_to_ll(&c, &v))
      v = -1;
    if (v == 32) rc = c2h_strmap_put(&w->consts, c2h_tok_text(w->s, i), c2h_tok_len(w->s, i), (int)n);
    else if (v == 64) rc = c2h_strmap_put(&w->consts64, c2h_tok_text(w->s, i), c2h_tok_len(w->s, i), (int)n);
  }
  /* Ambiguous names leave both sets: an entry that maps to no token. */
  for (size_t i = 0; i < n && !rc; i++) {
    if (!in_set(w, &ambiguous, i)) continue;
    if (in_set(w, &w->consts, i)) rc = c2h_strmap_put(&w->consts, c2h_tok_text(w->s, i), c2h_tok_len(w->s, i), -2);
    if (!rc && in_set(w, &w->consts64, i))
      rc = c2h_strmap_put(&w->consts64, c2h_tok_text(w->s, i), c2h_tok_len(w->s, i), -2);
  }
  c2h_strmap_dispose(&ambiguous);
  c2h_strmap_dispose(&seen);
  return rc;
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
      if (j > w->first && (c2h_tok_is_ident(w->s, j - 1) || c2h_tok_is(w->s, j - 1, "]"))) {
        j--; /* a call or a subscripted name */
        continue;
      }
      return j;
    }
    if (!c2h_tok_is_ident(w->s, j)) return j;
    if (j >= w->first + 2 && (c2h_tok_is(w->s, j - 1, ".") || c2h_tok_is(w->s, j - 1, "->") ||
                              c2h_tok_is(w->s, j - 1, "::"))) {
      j -= 2;
      continue;
    }
    return j;
  }
}

static int lane_or_warp_name(const ws_state *w, size_t i) {
  return ident_has(w, i, "lane") || ident_has(w, i, "warp") || ident_has(w, i, "wid") ||
         c2h_tok_is(w->s, i, "lid");
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
        /* A constructor's member initialiser, `: lane_id(threadIdx.x & 31)`
         * (or `, lane_id(...)`), sets the member as `=` would. */
        if (j > w->first + 1 && c2h_tok_is_ident(w->s, j - 1) && lane_or_warp_name(w, j - 1) &&
            (c2h_tok_is(w->s, j - 2, ":") || c2h_tok_is(w->s, j - 2, ",")))
          return j - 1;
        if (j > w->first && c2h_tok_is_ident(w->s, j - 1)) return (size_t)-1; /* a call argument */
        continue; /* step out of grouping parentheses */
      }
      depth--;
    } else if (depth == 0 && c2h_tok_is(w->s, j, "=")) {
      return j > w->first && c2h_tok_is_ident(w->s, j - 1) ? j - 1 : (size_t)-1;
    } else if (depth == 0 && (c2h_tok_is(w->s, j, ";") || c2h_tok_is(w->s, j, "{") ||
                              c2h_tok_is(w->s, j, "}") || c2h_tok_is(w->s, j, ","))) {
      return (size_t)-1;
    }
  }
  return (size_t)-1;
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
  const c2h_token *p = c2h_tok(w->s, i - 1);
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
    if (!c2h_tok_is_ident(w->s, j) && c2h_tok(w->s, j)->kind != C2H_TOK_KEYWORD) return 0;
    if (c2h_tok_is(w->s, j, "float") || c2h_tok_is(w->s, j, "double") || ident_has(w, j, "half"))
      return 1;
  }
  return 0;
}

/* Whether the token at j masks or divides by the wavefront size:
 * `% warpSize`, `& (warpSize - 1)`, `& 63`, `% 64`. */
static int wave_op(const ws_state *w, size_t j) {
  int mod = c2h_tok_is(w->s, j, "%"), and = c2h_tok_is(w->s, j, "&");
  if (!mod && !and) return 0;
  if (c2h_tok_ident_is(w->s, j + 1, "warpSize") || in_set(w, &w->consts64, j + 1)) return 1;
  if (c2h_tok_is(w->s, j + 1, "(") &&
      (c2h_tok_ident_is(w->s, j + 2, "warpSize") || in_set(w, &w->consts64, j + 2)))
    return 1;
  return (mod && literal_is(w, j + 1, 64)) || (and && literal_is(w, j + 1, 63));
}

/* Whether [a, e) holds a lane number of the whole wavefront. */
static int span_has_lane64(const ws_state *w, size_t a, size_t e) {
  for (size_t j = a; j < e; j++) {
    if (c2h_tok_is_call(w->s, j, "__lane_id") || in_set(w, &w->lanes64, j)) return 1;
    if (wave_op(w, j) && j > a && span_from_threads(w, operand_start(w, j - 1), j - 1)) return 1;
  }
  return 0;
}

/* Whether [a, e) holds a lane number of a 32-lane warp. */
static int span_has_lane32(const ws_state *w, size_t a, size_t e) {
  for (size_t j = a; j < e; j++) {
    size_t lhs, rl;
    int bc;
    if (in_set(w, &w->lanes32, j)) return 1;
    if ((c2h_tok_is(w->s, j, "%") || c2h_tok_is(w->s, j, "&")) && lane_arith(w, j, &lhs, &rl, &bc)) return 1;
  }
  return 0;
}

/* Whether [a, e) holds lane arithmetic or a lane-id read. */
static int span_has_lane(const ws_state *w, size_t a, size_t e) {
  for (size_t j = a; j < e; j++) {
    /* A variable named as a lane (lane, laneId, lane_idx) counts even when
     * a helper computes it: the name says what the code assumes. */
    int lane_name = c2h_tok_is_ident(w->s, j) && !c2h_tok_is(w->s, j + 1, "(") && ident_has(w, j, "lane") &&
                    !ident_has(w, j, "lanes") && !ident_has(w, j, "mask");
    if (in_set(w, &w->lanes, j) || lane_name) return 1;
  }
  return span_has_lane32(w, a, e) || span_has_lane64(w, a, e);
}

/* Grows the derived and lane sets until nothing changes: `int tid =
 * threadIdx.x; int lane = tid & 31;` makes both tid and lane known. */
static int collect_variables(ws_state *w) {
  for (int pass = 0, changed = 1; changed && pass < 8; pass++) {
    changed = 0;
    for (size_t i = w->first; i + 1 < w->last; i++) {
      if (!c2h_tok_is_ident(w->s, i) || !c2h_tok_is(w->s, i + 1, "=")) continue;
      size_t e = init_end(w, i + 2);
      int rc = 0;
      if (!in_set(w, &w->derived, i) && !declared_floating(w, i) && span_from_threads(w, i + 2, e - 1)) {
        rc = c2h_strmap_put(&w->derived, c2h_tok_text(w->s, i), c2h_tok_len(w->s, i), 1);
        changed = 1;
      }
      if (!rc && !in_set(w, &w->lanes32, i) && span_has_lane32(w, i + 2, e)) {
        rc = c2h_strmap_put(&w->lanes32, c2h_tok_text(w->s, i), c2h_tok_len(w->s, i), 1);
        changed = 1;
      }
      if (!rc && !in_set(w, &w->lanes64, i) && span_has_lane64(w, i + 2, e)) {
        rc = c2h_strmap_put(&w->lanes64, c2h_tok_text(w->s, i), c2h_tok_len(w->s, i), 1);
        changed = 1;
      }
      if (!rc && !in_set(w, &w->lanes, i) &&
          (span_has_lane(w, i + 2, e) || (ident_has(w, i, "lane") && in_set(w, &w->derived, i)))) {
        rc = c2h_strmap_put(&w->lanes, c2h_tok_text(w->s, i), c2h_tok_len(w->s, i), 1);
        changed = 1;
      }
      if (rc) return rc;
    }
  }
  return 0;
}

/* ---- what the function assumes ---- */

static void saw32(ws_state *w, size_t a, size_t b) {
  if (w->fn->at32 == NONE) w->fn->at32 = a, w->fn->end32 = b;
}

static void saw64(ws_state *w, size_t a) {
  if (w->fn->at64 == NONE) w->fn->at64 = a;
}

/* `x % 32`, `x / 32`, `x & 31`, `x >> 5` that number lanes or warps. */
static void scan_arith(ws_state *w) {
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
    saw32(w, lhs, rhs_last);
    i = rhs_last;
  }
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

/* `for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(...)`: a
 * reduction over 32 lanes. */
static void check_down_loop(ws_state *w, size_t init_a, size_t semi1, size_t semi2, size_t rp, size_t be) {
  size_t v = 0;
  for (size_t j = init_a; j + 1 < semi1; j++)
    if (c2h_tok_is(w->s, j, "=")) v = j + 1;
  if (!v || !halves(w, semi2 + 1, rp) || !body_shuffles(w, rp + 1, be, 1)) return;
  int literal = v + 1 == semi1 && literal_is(w, v, 16);
  int by_const = v + 3 == semi1 && in_set(w, &w->consts, v) && c2h_tok_is(w->s, v + 1, "/") &&
                 literal_is(w, v + 2, 2);
  if (literal || by_const) saw32(w, v, semi1 - 1);
}

/* `for (int i = 0; i < 32; ...)` or `for (m = 1; m <= 16; m *= 2)`: a loop
 * over the lanes of a 32-lane warp. Its variable, read as a source lane,
 * is an absolute lane number. */
static int check_up_loop(ws_state *w, size_t semi1, size_t semi2, size_t rp, size_t be) {
  if (semi2 != semi1 + 4 || !c2h_tok_is_ident(w->s, semi1 + 1)) return 0;
  size_t op = semi1 + 2, bound = semi1 + 3;
  int lt = c2h_tok_is(w->s, op, "<"), le = c2h_tok_is(w->s, op, "<=");
  int literal = (lt && literal_is(w, bound, 32)) || (le && (literal_is(w, bound, 31) || literal_is(w, bound, 16)));
  int by_const = lt && in_set(w, &w->consts, bound);
  if (!literal && !by_const) return 0;
  if (body_shuffles(w, rp + 1, be, 0)) saw32(w, semi1 + 1, bound);
  return c2h_strmap_put(&w->loops32, c2h_tok_text(w->s, semi1 + 1), c2h_tok_len(w->s, semi1 + 1), 1);
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
    check_down_loop(w, i + 2, semi1, semi2, rp, be);
    int rc = check_up_loop(w, semi1, semi2, rp, be);
    if (rc) return rc;
  }
  return 0;
}

/* The size of a tile (`tiled_partition<N>`, `thread_block_tile<N>`) whose
 * name is token i: a literal, a warp-size constant, or 0 when unknown. */
static long long tile_lanes(const ws_state *w, size_t i) {
  long long v = 0;
  if (!c2h_tok_ident_is(w->s, i, "tiled_partition") && !c2h_tok_ident_is(w->s, i, "thread_block_tile")) return 0;
  if (!c2h_tok_is(w->s, i + 1, "<")) return 0;
  if (c2h_tok_int_value(w->s, i + 2, &v)) return v;
  if (in_set(w, &w->consts, i + 2)) return 32;
  if (in_set(w, &w->consts64, i + 2)) return 64;
  return 0;
}

/* Single tokens that show a warp size: warpSize, __lane_id(), warp-size
 * constants, tiles, and shuffles with an explicit width. */
static void scan_tokens(ws_state *w) {
  for (size_t i = w->first; i < w->last; i++) {
    if (!c2h_tok_is_ident(w->s, i)) continue;
    if (c2h_tok_is(w->s, i, "warpSize") || c2h_tok_is_call(w->s, i, "__lane_id") || in_set(w, &w->consts64, i) ||
        cub_warp_threads(w, i)) {
      saw64(w, i);
      continue;
    }
    /* CUB warp primitives: lanes talk to each other in logical warps of
     * the given size, or of the hardware warp's when none is given. */
    long long cub = in_set(w, &w->cub64, i) ? 64 : in_set(w, &w->cub32, i) ? 32 : cub_warp_lanes(w, i);
    if (cub) {
      w->fn->warp_ops = 1;
      if (cub == 64) saw64(w, i);
      else if (cub == 32) saw32(w, i, i);
      continue;
    }
    if (in_set(w, &w->consts, i) && !c2h_tok_is(w->s, i - 1, "define")) saw32(w, i, i);
    long long lanes = tile_lanes(w, i);
    if (lanes) {
      w->fn->warp_ops = 1;
      if (lanes == 64) saw64(w, i);
      else if (lanes <= 32 && lanes > 0) saw32(w, i, i + 3);
      continue;
    }
    if (is_warp_intrinsic(w, i)) w->fn->warp_ops = 1;
    if (c2h_tok_is_call(w->s, i, "__ballot_sync") || c2h_tok_is_call(w->s, i, "__ballot") ||
        c2h_tok_is_call(w->s, i, "__activemask"))
      w->fn->ballots = 1;
    if (!is_shuffle(w, i, 0)) continue;
    /* An explicit width: the last argument of a 4-argument _sync shuffle
     * or of a 3-argument one. */
    size_t close = c2h_tok_match(w->s, i + 1);
    c2h_tok_span args[6];
    if (close >= w->last) continue;
    size_t n = c2h_tok_split(w->s, i + 1, close, args, 6);
    int sync = ident_has(w, i, "_sync");
    if (n != (size_t)(sync ? 4 : 3) || args[n - 1].first != args[n - 1].last) continue;
    size_t width = args[n - 1].first;
    long long v;
    if ((c2h_tok_int_value(w->s, width, &v) && v <= 32) || in_set(w, &w->consts, width)) saw32(w, width, width);
    else if (c2h_tok_int_value(w->s, width, &v) && v == 64) saw64(w, width);
  }
}

/* ---- what breaks on 64 lanes ---- */

/* `__shfl_sync(m, v, src)` / `__shfl(v, src)` without a width, where src
 * is an absolute lane of a 32-lane warp: CUDA reads lane src of the
 * caller's warp, HIP lane src of the 64-lane wavefront. */
static int check_broadcasts(ws_state *w) {
  for (size_t i = w->first; i < w->last; i++) {
    int sync = c2h_tok_is_call(w->s, i, "__shfl_sync");
    if (!sync && !c2h_tok_is_call(w->s, i, "__shfl")) continue;
    size_t close = c2h_tok_match(w->s, i + 1);
    c2h_tok_span args[6];
    if (close >= w->last) continue;
    size_t n = c2h_tok_split(w->s, i + 1, close, args, 6);
    if (n != (size_t)(sync ? 3 : 2)) continue; /* a width is given */
    size_t a = args[n - 1].first, b = args[n - 1].last;
    long long v;
    int absolute = (a == b && c2h_tok_int_value(w->s, a, &v) && v >= 0 && v < 32) ||
                   (a == b && in_set(w, &w->loops32, a)) || span_has_lane32(w, a, b + 1);
    /* In code written for the wavefront, lane 0 is the wavefront's. In
     * code written for 32-lane warps the translation gives __shfl_sync its
     * width of 32 (warp-half-wave), unless asked only to report. */
    if (!absolute || (w->fn->unit64 && !w->fn->unit32) || (sync && c2h_scan_half_wave_at(w->s, i))) continue;
    /* CUDA's warp is 32 lanes, so a width of 32 is what the call meant;
     * it is the fix only where the kernel numbers lanes in 32s alone. */
    char fix[160];
    const char *replacement = NULL;
    size_t len = c2h_tok(w->s, b)->end - c2h_tok(w->s, a)->begin;
    if (w->replace_ok && !w->fn->unit64 && len < 120) {
      snprintf(fix, sizeof fix, "%.*s, 32", (int)len, c2h_tok_text(w->s, a));
      replacement = fix;
    }
    int rc = c2h_scan_diag(w->s, a, b, C2H_SEV_WARNING, C2H_CHECK_WARP_SIZE_LITERAL, replacement,
                           "%.*s() without a width reads source lane '%.*s' of the whole 64-lane gfx942 "
                           "wavefront, not of the caller's 32-lane warp: lanes 32-63 read from the lower "
                           "half; %s",
                           (int)c2h_tok_len(w->s, i), c2h_tok_text(w->s, i), (int)(len > 40 ? 40 : len),
                           c2h_tok_text(w->s, a),
                           w->fn->unit64 ? "number the source lane within the wavefront (warpSize), or pass "
                                           "a width of 32 and keep 32-lane warps throughout"
                                         : "pass a width of 32, which CUDA implies");
    if (rc) return rc;
  }
  return 0;
}

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
  if (!c2h_tok_is(w->s, j, "[") || !c2h_tok_is_ident(w->s, j - 1)) return 0;
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
 * lane number of the wavefront (0-63); a one-dimensional array counts only
 * when written (`buf[lane] = v`): reads like `buf[lane]` guarded by
 * `lane < nwarps` are common and safe. */
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
  if (seen != dims || !span_has_lane64(w, open + 1, close)) return 0;
  if (dims > 1) return 1;
  static const char *const writes[] = {"=", "+=", "-=", "*=", "|=", "&=", "^="};
  for (size_t k = 0; k < sizeof writes / sizeof *writes; k++)
    if (c2h_tok_is(w->s, j, writes[k])) return 1;
  return 0;
}

/* Reports each lane-sized __shared__ array declared at file scope or in
 * the function being scanned that the function indexes by a lane number
 * of the wavefront. */
static int scan_shared_arrays(ws_state *w) {
  for (size_t k = 0; k < w->n_shared; k++) {
    size_t kw = w->shared[k], name, rb;
    int dims;
    int here = (kw >= w->first && kw < w->last) || c2h_tok(w->s, kw)->ctx == C2H_CTX_FILE;
    if (!here || !lane_sized_array(w, kw, &name, &rb, &dims)) continue;
    for (size_t u = w->first; u < w->last; u++) {
      if (u == name || !c2h_tok_is_ident(w->s, u) || c2h_tok_len(w->s, u) != c2h_tok_len(w->s, name) ||
          memcmp(c2h_tok_text(w->s, u), c2h_tok_text(w->s, name), c2h_tok_len(w->s, u)) != 0 ||
          !lane_indexed(w, u, dims))
        continue;
      int rc = c2h_scan_diag(w->s, name, rb, C2H_SEV_WARNING, C2H_CHECK_WARP_SIZE_LITERAL, NULL,
                             "__shared__ array '%.*s' has 32 entries per warp, but line %u indexes it by "
                             "a lane number of the 64-lane gfx942 wavefront, so lanes 32-63 index past "
                             "them; size it for 64 lanes",
                             (int)c2h_tok_len(w->s, name), c2h_tok_text(w->s, name), c2h_tok(w->s, u)->line);
      if (rc) return rc;
      break;
    }
  }
  return 0;
}

/* `lane == 31` where lane numbers the lanes of the wavefront: the last
 * lane of a gfx942 wavefront is 63. */
static int check_last_lane(ws_state *w) {
  for (size_t i = w->first + 1; i + 1 < w->last; i++) {
    if (!c2h_tok_is(w->s, i, "==") && !c2h_tok_is(w->s, i, "!=")) continue;
    size_t lane = NONE, k = NONE;
    if (literal_is(w, i + 1, 31) && !c2h_tok_is(w->s, i + 2, "-") && !c2h_tok_is(w->s, i + 2, "+")) {
      if (in_set(w, &w->lanes64, i - 1) && !c2h_tok_is(w->s, i - 2, ".")) lane = i - 1;
      else if (c2h_tok_is(w->s, i - 1, ")") && c2h_tok_is(w->s, i - 2, "(") && c2h_tok_is_call(w->s, i - 3, "__lane_id"))
        lane = i - 3;
      k = i + 1;
    } else if (literal_is(w, i - 1, 31) && in_set(w, &w->lanes64, i + 1) && !c2h_tok_is(w->s, i + 2, "(")) {
      lane = i + 1;
      k = i - 1;
    }
    if (lane == NONE) continue;
    int rc =
        c2h_scan_diag(w->s, k, k, C2H_SEV_WARNING, C2H_CHECK_WARP_SIZE_LITERAL, w->replace_ok ? "(warpSize - 1)" : NULL,
                      "lane 31 is the last lane of a 32-lane warp, but '%.*s' numbers the lanes of a "
                      "64-lane gfx942 wavefront, whose last lane is 63; compare with warpSize - 1",
                      (int)c2h_tok_len(w->s, lane), c2h_tok_text(w->s, lane));
    if (rc) return rc;
  }
  return 0;
}

/* In a kernel that mixes the two numberings: the function's first 32-lane
 * place, with the 64-lane place it disagrees with. */
static int report_mixed(ws_state *w) {
  const fn_facts *f = w->fn;
  if (f->mixed64 == NONE || f->at32 == NONE) return 0;
  size_t a = f->at32, b = f->end32, shown = c2h_tok(w->s, b)->end - c2h_tok(w->s, a)->begin;
  const char *nl = memchr(c2h_tok_text(w->s, a), '\n', shown);
  if (nl) shown = (size_t)(nl - c2h_tok_text(w->s, a));
  if (shown > 60) shown = 60;
  size_t o = f->mixed64;
  /* A CUB warp primitive is 64-lane by its default: say so. */
  long long cub = in_set(w, &w->cub64, o) ? 64 : cub_warp_lanes(w, o);
  return c2h_scan_diag(w->s, a, b, C2H_SEV_WARNING, C2H_CHECK_WARP_SIZE_LITERAL, NULL,
                       "'%.*s' works in 32-lane warps, but the same %s uses the 64-lane gfx942 "
                       "wavefront ('%.*s' on line %u%s): the two split lanes into warps differently; "
                       "use one warp size throughout (%s, or 32-lane warps with width-32 shuffles%s)",
                       (int)shown, c2h_tok_text(w->s, a), o == w->file64 ? "file" : "kernel", (int)c2h_tok_len(w->s, o),
                       c2h_tok_text(w->s, o), c2h_tok(w->s, o)->line,
                       cub == 64 ? ", a CUB warp primitive whose logical warp defaults to the hardware's" : "",
                       wave_name(w), cub == 64 ? " and a logical warp size of 32" : "");
}

/* ---- driver ---- */

static int reset_sets(ws_state *w) {
  c2h_strmap *sets[] = {&w->derived, &w->lanes, &w->lanes32, &w->lanes64, &w->loops32};
  for (size_t k = 0; k < sizeof sets / sizeof *sets; k++) {
    c2h_strmap_dispose(sets[k]);
    c2h_strmap_init(sets[k]);
  }
  return 0;
}

static int scan_function(ws_state *w, size_t index) {
  const c2h_function *fn = &w->s->facts->functions[index];
  c2h_tok_range(w->s, fn->begin, fn->end, &w->first, &w->last);
  w->fn = &w->facts[index];
  w->replace_ok = fn->ctx != C2H_CTX_HOST_DEVICE;
  w->warp_code = 0;
  for (size_t i = w->first; i < w->last && !w->warp_code; i++) w->warp_code = is_warp_intrinsic(w, i);
  reset_sets(w);
  int rc = collect_variables(w);
  if (!rc && !w->emit) {
    scan_arith(w);
    scan_tokens(w);
  }
  if (!rc) rc = scan_loops(w);
  if (w->emit) {
    size_t before = w->s->diags->len;
    if (!rc) rc = report_mixed(w);
    /* What a lone 32-lane group gets right needs no word where the block
     * is one: a broadcast from lane 0, 32 entries per warp, lane 31 last. */
    if (!rc && !small_only(w->fn)) rc = check_broadcasts(w);
    if (!rc && !small_only(w->fn)) rc = scan_shared_arrays(w);
    if (!rc && !small_only(w->fn)) rc = check_last_lane(w);
    w->fn->broken = w->s->diags->len > before;
  }
  return rc;
}

/* ---- kernels and the functions they reach ---- */

typedef struct reach_state {
  const c2h_tu_facts *f;
  const char *src;
  c2h_strmap names;  /* function name -> first function with it */
  size_t *next_same; /* next function with the same name, or NONE */
  unsigned char *seen;
  size_t *stack;
} reach_state;

static int fn_name(const reach_state *r, size_t k, const char **p, size_t *n) {
  const c2h_function *fn = &r->f->functions[k];
  *p = r->src + fn->name_begin;
  *n = fn->name_end - fn->name_begin;
  return *n > 0;
}

/* Gathers the members of the unit of root: root and the device functions
 * its body names (calls, or passes as an argument), transitively. */
static void unit_members(ws_state *w, reach_state *r, size_t root, size_t *members, size_t *n_members) {
  const c2h_tu_facts *f = w->s->facts;
  size_t n = f->n_functions, depth = 0;
  *n_members = 0;
  memset(r->seen, 0, n);
  r->seen[root] = 1;
  r->stack[depth++] = root;
  while (depth) {
    size_t k = r->stack[--depth];
    members[(*n_members)++] = k;
    size_t a, b;
    c2h_tok_range(w->s, f->functions[k].begin, f->functions[k].end, &a, &b);
    for (size_t t = a; t < b; t++) {
      if (!c2h_tok_is_ident(w->s, t) || (t > 0 && (c2h_tok_is(w->s, t - 1, ".") || c2h_tok_is(w->s, t - 1, "->"))))
        continue;
      int g = c2h_strmap_get(&r->names, c2h_tok_text(w->s, t), c2h_tok_len(w->s, t));
      for (size_t c = g >= 0 ? (size_t)g : NONE; c != NONE; c = r->next_same[c]) {
        if (r->seen[c] || f->functions[c].ctx == C2H_CTX_KERNEL) continue;
        r->seen[c] = 1;
        r->stack[depth++] = c;
      }
    }
  }
}

/* One note for a kernel whose warp code is 32-lane throughout, talks
 * between lanes, and had nothing reported: it is right on gfx942, and the
 * note says why. Ballots are left out: what they need is checked apart. */
static int note_halves(ws_state *w, reach_state *r, size_t root, size_t *members) {
  const c2h_function *fn = &w->s->facts->functions[root];
  size_t n_members, name, end;
  unit_members(w, r, root, members, &n_members);
  for (size_t m = 0; m < n_members; m++)
    if (w->facts[members[m]].broken || w->facts[members[m]].ballots) return 0;
  c2h_tok_range(w->s, fn->name_begin, fn->name_end, &name, &end);
  if (name >= end) return 0;
  if (w->small[root])
    return c2h_scan_diag(w->s, name, name, C2H_SEV_NOTE, C2H_CHECK_WARP_SIZE_LITERAL, NULL,
                         "kernel '%.*s' works in 32-lane warps (line %d) and runs in blocks of at most 32 "
                         "threads: each block fills lanes 0-31 of a gfx942 wavefront, with the same results",
                         (int)c2h_tok_len(w->s, name), c2h_tok_text(w->s, name), w->facts[root].note_line);
  return c2h_scan_diag(w->s, name, name, C2H_SEV_NOTE, C2H_CHECK_WARP_SIZE_LITERAL, NULL,
                       "kernel '%.*s' works in 32-lane warps (line %d) and never in 64-lane ones: a gfx942 "
                       "wavefront runs it as two independent 32-lane halves, with the same results",
                       (int)c2h_tok_len(w->s, name), c2h_tok_text(w->s, name), w->facts[root].note_line);
}

/* The units: every kernel, and every device function no kernel of the
 * file reaches, with the device functions it names (calls, or passes as
 * an argument), transitively. The facts of each unit go to its members. */
static int build_units(ws_state *w, int notes) {
  const c2h_tu_facts *f = w->s->facts;
  size_t n = f->n_functions;
  reach_state r = {f, w->s->src, {0}, NULL, NULL, NULL};
  c2h_strmap_init(&r.names);
  int rc = 0;
  unsigned char *reached = NULL;
  size_t *members = NULL;
  r.next_same = malloc(n * sizeof *r.next_same);
  r.seen = calloc(n, 1);
  r.stack = malloc(n * sizeof *r.stack);
  reached = calloc(n, 1);
  members = malloc(n * sizeof *members);
  if (!r.next_same || !r.seen || !r.stack || !reached || !members) {
    rc = C2H_ERR_NOMEM;
    goto done;
  }
  for (size_t k = n; k-- > 0;) {
    const char *p;
    size_t len;
    r.next_same[k] = NONE;
    if (!w->facts[k].scanned || !fn_name(&r, k, &p, &len)) continue;
    int prev = c2h_strmap_get(&r.names, p, len);
    r.next_same[k] = prev >= 0 ? (size_t)prev : NONE;
    if ((rc = c2h_strmap_put(&r.names, p, len, (int)k))) goto done;
  }
  /* Kernels first, so that a function any kernel reaches is not a root. */
  for (int pass = 0; pass < 2 && !rc; pass++) {
    for (size_t root = 0; root < n && !c2h_scan_expired(w->s); root++) {
      if (!w->facts[root].scanned) continue;
      int kernel = f->functions[root].ctx == C2H_CTX_KERNEL;
      if (pass == 0 ? !kernel : (kernel || reached[root])) continue;
      if (notes) { /* after the second pass, which knows what broke */
        if (pass == 0 && w->facts[root].note_line && (rc = note_halves(w, &r, root, members))) break;
        continue;
      }
      size_t n_members = 0;
      unit_members(w, &r, root, members, &n_members);
      int has32 = 0;
      size_t at64 = NONE;
      for (size_t m = 0; m < n_members; m++) {
        const fn_facts *x = &w->facts[members[m]];
        has32 |= x->at32 != NONE;
        if (at64 == NONE) at64 = x->at64;
      }
      /* The file sizes warps by the hardware outside any function (the
       * struct that holds these methods, say): a 32-lane numbering
       * disagrees with it, though no function of the unit names it. */
      size_t mixed_with = at64 != NONE ? at64 : w->file64;
      int small = pass == 0 && w->small[root];
      for (size_t m = 0; m < n_members; m++) {
        fn_facts *x = &w->facts[members[m]];
        if (pass == 0) reached[members[m]] = 1;
        if (small) x->in_small = 1;
        else x->in_other = 1;
        x->unit32 |= has32;
        x->unit64 |= at64 != NONE;
        if (has32 && mixed_with != NONE && x->mixed64 == NONE) x->mixed64 = mixed_with;
      }
      if (pass == 0 && has32 && mixed_with == NONE && w->notes) {
        int ops = 0;
        size_t at32 = NONE;
        for (size_t m = 0; m < n_members; m++) {
          const fn_facts *x = &w->facts[members[m]];
          ops |= x->warp_ops;
          if (x->at32 != NONE && (at32 == NONE || x->at32 < at32)) at32 = x->at32;
        }
        if (ops && at32 != NONE) w->facts[root].note_line = (int)c2h_tok(w->s, at32)->line;
      }
    }
  }
done:
  c2h_strmap_dispose(&r.names);
  free(r.next_same);
  free(r.seen);
  free(r.stack);
  free(reached);
  free(members);
  return rc;
}

static void model_dispose(ws_state *w) {
  c2h_strmap *sets[] = {&w->consts, &w->consts64, &w->cub32,  &w->cub64,  &w->derived,
                        &w->lanes,  &w->lanes32,  &w->lanes64, &w->loops32};
  for (size_t k = 0; k < sizeof sets / sizeof *sets; k++) c2h_strmap_dispose(sets[k]);
  free(w->shared);
  free(w->facts);
  free(w->small);
}

/* The first use of a hardware warp size (a 64 constant, CUB's macros) in
 * no function of the file, other than in a #define. */
static void find_file64(ws_state *w) {
  const c2h_tu_facts *f = w->s->facts;
  size_t fn = 0;
  w->file64 = NONE;
  for (size_t i = 0; i < f->n_toks; i++) {
    while (fn < f->n_functions && f->functions[fn].end <= f->toks[i].begin) fn++;
    int inside = 0;
    for (size_t k = fn; k < f->n_functions && f->functions[k].begin <= f->toks[i].begin && !inside; k++)
      inside = f->toks[i].begin < f->functions[k].end;
    if (inside || (!in_set(w, &w->consts64, i) && !cub_warp_threads(w, i))) continue;
    /* The definition's own line: `#define W CUB_WARP_THREADS(0)`. */
    size_t b = i;
    while (b > 0 && c2h_tok(w->s, b - 1)->line == c2h_tok(w->s, i)->line) b--;
    if (c2h_tok_is(w->s, b, "#")) continue;
    w->file64 = i;
    return;
  }
}

/* The first pass: what each device function shows, then the units. */
static int model_build(ws_state *w, c2h_scan *s, int notes) {
  memset(w, 0, sizeof *w);
  w->s = s;
  w->notes = notes;
  c2h_strmap *sets[] = {&w->consts, &w->consts64, &w->cub32,  &w->cub64,  &w->derived,
                        &w->lanes,  &w->lanes32,  &w->lanes64, &w->loops32};
  for (size_t k = 0; k < sizeof sets / sizeof *sets; k++) c2h_strmap_init(sets[k]);
  const c2h_tu_facts *f = s->facts;
  w->facts = calloc(f->n_functions ? f->n_functions : 1, sizeof *w->facts);
  if (!w->facts) return C2H_ERR_NOMEM;
  int rc = c2h_small_block_kernels(s, &w->small);
  if (!rc) rc = collect_constants(w);
  if (!rc) rc = collect_cub_aliases(w);
  w->torch = c2h_scan_is_torch_extension(s);
  size_t n = f->n_toks, count = 0;
  for (size_t i = 0; i < n; i++) count += c2h_tok_ident_is(s, i, "__shared__");
  if (!rc && count && !(w->shared = malloc(count * sizeof *w->shared))) rc = C2H_ERR_NOMEM;
  for (size_t i = 0; i < n && count && !rc; i++)
    if (c2h_tok_ident_is(s, i, "__shared__")) w->shared[w->n_shared++] = i;
  size_t covered_end = 0; /* functions nested in one already scanned are skipped */
  for (size_t i = 0; i < f->n_functions && !rc && !c2h_scan_expired(s); i++) {
    const c2h_function *fn = &f->functions[i];
    w->facts[i].at32 = w->facts[i].end32 = w->facts[i].at64 = w->facts[i].mixed64 = NONE;
    if (fn->begin < covered_end) continue;
    if (fn->ctx != C2H_CTX_DEVICE && fn->ctx != C2H_CTX_KERNEL && fn->ctx != C2H_CTX_HOST_DEVICE) continue;
    covered_end = fn->end;
    w->facts[i].scanned = 1;
    rc = scan_function(w, i);
  }
  if (!rc) find_file64(w);
  if (!rc) rc = build_units(w, 0);
  return rc;
}

/* A warp-size constant of 32 the project defines (`#define WARP_SIZE 32`,
 * `constexpr int hw_warp_size = 32;`) is where porters change the warp
 * size for gfx942, so its definition gets a note: one per constant, with
 * how many device-code places of the file use it. What it sizes is right
 * on 64 lanes when the code is consistent about it; the checks above warn
 * where it is not. */
static int note_warp_constants(ws_state *w) {
  size_t n = w->s->facts->n_toks;
  for (size_t i = 0; i < n; i++) {
    if (!in_set(w, &w->consts, i) || c2h_strmap_get(&w->consts, c2h_tok_text(w->s, i), c2h_tok_len(w->s, i)) != (int)i)
      continue;
    unsigned uses = 0, first_line = 0;
    for (size_t j = i + 1; j < n; j++) {
      c2h_code_ctx ctx = c2h_tok(w->s, j)->ctx;
      if (!c2h_tok_same(w->s, i, j) || c2h_tok_is(w->s, j - 1, "define") || c2h_tok_is(w->s, j - 1, ".") ||
          c2h_tok_is(w->s, j - 1, "->"))
        continue;
      if (ctx != C2H_CTX_DEVICE && ctx != C2H_CTX_KERNEL && ctx != C2H_CTX_HOST_DEVICE) continue;
      if (!uses++) first_line = c2h_tok(w->s, j)->line;
    }
    char where[96] = "";
    if (uses)
      snprintf(where, sizeof where, " (%u use%s in device code, the first on line %u)", uses, uses == 1 ? "" : "s",
               first_line);
    int rc = c2h_scan_diag(w->s, i, i, C2H_SEV_NOTE, C2H_CHECK_WARP_SIZE_LITERAL, NULL,
                           "'%.*s' sets a 32-lane warp%s: on a 64-lane gfx942 wavefront what it sizes runs "
                           "as two 32-lane groups, right where the code keeps to that; where it means the "
                           "hardware warp, make it 64 for gfx942 (%s in device code)",
                           (int)c2h_tok_len(w->s, i), c2h_tok_text(w->s, i), where, wave_name(w));
    if (rc) return rc;
  }
  return 0;
}

int c2h_check_warp_size(c2h_scan *s) {
  ws_state w;
  int rc = model_build(&w, s, 1);
  w.emit = 1;
  for (size_t i = 0; i < s->facts->n_functions && !rc && !c2h_scan_expired(s); i++)
    if (w.facts[i].scanned) rc = scan_function(&w, i);
  if (!rc) rc = build_units(&w, 1);
  if (!rc) rc = note_warp_constants(&w);
  model_dispose(&w);
  return rc;
}

int c2h_warp_units(c2h_scan *s, unsigned char **lanes) {
  ws_state w;
  *lanes = NULL;
  int rc = model_build(&w, s, 0);
  size_t n = s->facts->n_functions;
  if (!rc && !(*lanes = calloc(n ? n : 1, 1))) rc = C2H_ERR_NOMEM;
  for (size_t i = 0; i < n && !rc; i++)
    (*lanes)[i] = (unsigned char)((w.facts[i].unit32 ? C2H_LANES_32 : 0) | (w.facts[i].unit64 ? C2H_LANES_64 : 0) |
                                  (small_only(&w.facts[i]) ? C2H_LANES_SMALL : 0));
  model_dispose(&w);
  return rc;
}
