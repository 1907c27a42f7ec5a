/* Kernels that always run in blocks of at most 32 threads.
 *
 * Such a block is one CUDA warp, and on gfx942 it fills lanes 0-31 of one
 * wavefront: code that assumes 32-lane warps (a broadcast from lane 0
 * without a width, a ballot kept in 32 bits) computes what it does on
 * CUDA. The block size comes from __launch_bounds__(N), N <= 32, or from
 * every launch of the kernel in the file, each of whose block arguments
 * resolves to at most 32 threads: a constant expression, dim3(x, y, z),
 * or a local variable whose one value on the way to the launch is such.
 * A kernel the file also names in any other way (a launch API, a
 * function pointer) is not known. */
#include <stdlib.h>
#include <string.h>

#include "checks.h"
#include "scan/mask_exact.h"
#include "scan/mask_value.h"

#define NONE ((size_t)-1)
#define MAX_THREADS 32
#define MAX_DEPTH 4

static const c2h_token *tk(const c2h_scan *s, size_t i) { return &s->facts->toks[i]; }

static int is_ident(const c2h_scan *s, size_t i) { return i < s->facts->n_toks && tk(s, i)->kind == C2H_TOK_IDENT; }

static int threads_of(const c2h_scan *s, size_t a, size_t b, size_t at, size_t fb, size_t fe, int depth,
                      long long *threads);

/* The product of the dimensions listed between open and close (a dim3's
 * `(x, y, z)` or `{x, y, z}`), each resolved at token at. */
static int dims_product(const c2h_scan *s, size_t open, size_t close, size_t at, size_t fb, size_t fe, int depth,
                        long long *threads) {
  c2h_tok_span d[4];
  size_t n = c2h_tok_split(s, open, close, d, 4);
  if (n == 0 || n > 3) return 0;
  long long p = 1;
  for (size_t k = 0; k < n; k++) {
    long long v;
    if (!threads_of(s, d[k].first, d[k].last, at, fb, fe, depth + 1, &v) || v < 1 || v > 1024) return 0;
    p *= v;
  }
  *threads = p;
  return 1;
}

/* What the token u, an occurrence of a variable, does to it: 0 a read,
 * 1 a declaration without a value, 2 a write whose value is [*va, *vb]
 * (or a dim3 list when *list), 3 any other write. */
static int write_kind(const c2h_scan *s, size_t u, size_t fe, size_t *va, size_t *vb, int *list) {
  const c2h_token *p = u > 0 ? tk(s, u - 1) : NULL;
  int declared = p && (p->kind == C2H_TOK_IDENT || p->kind == C2H_TOK_KEYWORD) && !c2h_tok_is(s, u - 1, "return");
  if (p && c2h_tok_is(s, u - 1, ",")) { /* dim3 grid(n), block(32): a later declarator */
    size_t j = u - 1, depth = 0;
    while (j-- > 0) {
      if (c2h_tok_is(s, j, ")") || c2h_tok_is(s, j, "]") || c2h_tok_is(s, j, "}")) depth++;
      else if (c2h_tok_is(s, j, "(") || c2h_tok_is(s, j, "[") || c2h_tok_is(s, j, "{")) {
        if (depth == 0) break;
        depth--;
      } else if (depth == 0 && c2h_tok_is(s, j, ";")) {
        break;
      }
    }
    declared = j + 1 < u && c2h_tok_is(s, j + 1, "dim3");
  }
  *list = 0;
  if (c2h_tok_is(s, u + 1, "=")) {
    *va = u + 2;
    size_t e = c2h_tok_init_end(s, u + 2);
    if (e <= u + 2 || e >= fe) return 3;
    *vb = e - 1;
    if (c2h_tok_is(s, *va, "{") && c2h_tok_match(s, *va) == *vb) *list = 1;
    return 2;
  }
  if (declared && (c2h_tok_is(s, u + 1, "(") || c2h_tok_is(s, u + 1, "{"))) { /* dim3 b(32, 1) */
    *va = u + 1;
    *vb = c2h_tok_match(s, u + 1);
    *list = 1;
    return *vb < fe ? 2 : 3;
  }
  if (declared && (c2h_tok_is(s, u + 1, ";") || c2h_tok_is(s, u + 1, ",") || c2h_tok_is(s, u + 1, ")")))
    return 1;
  static const char *const ops[] = {"+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "|=", "&=", "^=", "++", "--"};
  for (size_t k = 0; k < sizeof ops / sizeof *ops; k++)
    if (c2h_tok_is(s, u + 1, ops[k])) return 3;
  if (u > 0 && (c2h_tok_is(s, u - 1, "++") || c2h_tok_is(s, u - 1, "--"))) return 3;
  if (u > 0 && c2h_tok_is(s, u - 1, "&") && u >= 2 &&
      !(tk(s, u - 2)->kind == C2H_TOK_IDENT || tk(s, u - 2)->kind == C2H_TOK_LITERAL || c2h_tok_is(s, u - 2, ")")))
    return 3; /* its address taken */
  if (c2h_tok_is(s, u + 1, ".") && c2h_tok_is(s, u + 3, "=")) return 3; /* b.x = 64 */
  return 0;
}

/* The local variable at u, read at token at: the value its last write
 * before at gives it, when every thread reaching at has run that write
 * and nothing in the function writes it afterwards. */
static int variable_threads(const c2h_scan *s, size_t u, size_t at, size_t fb, size_t fe, int depth,
                            long long *threads) {
  size_t last = NONE, va = 0, vb = 0;
  int last_list = 0;
  for (size_t j = fb; j < fe; j++) {
    if (j == u || !is_ident(s, j) || !c2h_tok_same(s, j, u) ||
        (j > 0 && (c2h_tok_is(s, j - 1, ".") || c2h_tok_is(s, j - 1, "->"))))
      continue;
    size_t a, b;
    int list, kind = write_kind(s, j, fe, &a, &b, &list);
    if (kind == 0 || kind == 1) continue;
    if (kind == 3 || j > at) return 0;
    last = j, va = a, vb = b, last_list = list;
  }
  if (last == NONE || !c2h_tok_runs_before(s, last, at, fb)) return 0;
  if (last_list) return dims_product(s, va, vb, last, fb, fe, depth, threads);
  return threads_of(s, va, vb, last, fb, fe, depth + 1, threads);
}

/* The threads of a block that [a, b] gives, read at token at. */
static int threads_of(const c2h_scan *s, size_t a, size_t b, size_t at, size_t fb, size_t fe, int depth,
                      long long *threads) {
  if (depth > MAX_DEPTH || a > b) return 0;
  while (a < b && c2h_tok_is(s, a, "(") && c2h_tok_match(s, a) == b) a++, b--;
  if (c2h_check_eval(s, a, b, threads)) return 1;
  if (c2h_tok_is(s, a, "dim3") && (c2h_tok_is(s, a + 1, "(") || c2h_tok_is(s, a + 1, "{")) &&
      c2h_tok_match(s, a + 1) == b)
    return dims_product(s, a + 1, b, at, fb, fe, depth, threads);
  if (a == b && is_ident(s, a)) return variable_threads(s, a, at, fb, fe, depth, threads);
  return 0;
}

/* __launch_bounds__(N, ...) before the kernel's name at token name: N. */
static int bounds_threads(const c2h_scan *s, size_t name, long long *threads) {
  for (size_t j = name; j-- > 0;) {
    if (c2h_tok_is(s, j, ";") || c2h_tok_is(s, j, "}") || c2h_tok_is(s, j, "{")) return 0;
    if (!c2h_tok_is_call(s, j, "__launch_bounds__")) continue;
    size_t close = c2h_tok_match(s, j + 1);
    c2h_tok_span args[3];
    if (close >= name || c2h_tok_split(s, j + 1, close, args, 3) < 1) return 0;
    return c2h_check_eval(s, args[0].first, args[0].last, threads);
  }
  return 0;
}

static int is_definition_name(const c2h_scan *s, size_t t) {
  for (size_t k = 0; k < s->facts->n_functions; k++)
    if (s->facts->functions[k].name_begin == tk(s, t)->begin) return 1;
  return 0;
}

/* A declaration of the kernel at t: its statement says __global__. */
static int is_declaration(const c2h_scan *s, size_t t) {
  if (t == 0 || (tk(s, t - 1)->kind != C2H_TOK_IDENT && tk(s, t - 1)->kind != C2H_TOK_KEYWORD)) return 0;
  for (size_t j = t; j-- > 0;) {
    if (c2h_tok_is(s, j, ";") || c2h_tok_is(s, j, "}") || c2h_tok_is(s, j, "{")) return 0;
    if (c2h_tok_is(s, j, "__global__")) return 1;
  }
  return 0;
}

/* Whether the kernel whose name is token name runs in small blocks by
 * every launch of the file, which has at least one. */
static int launches_small(const c2h_scan *s, size_t name) {
  size_t n = s->facts->n_toks;
  int launches = 0;
  for (size_t t = 0; t < n; t++) {
    if (t == name || !is_ident(s, t) || !c2h_tok_same(s, t, name) || is_definition_name(s, t) || is_declaration(s, t))
      continue;
    if (!c2h_tok_active(s, t)) continue; /* an inactive #if branch */
    size_t at = t + 1;
    if (c2h_tok_is(s, at, "<")) { /* k<T, 4><<<...>>> */
      int angle = 0;
      for (; at < n; at++) {
        if (c2h_tok_is(s, at, "<")) angle++;
        else if (c2h_tok_is(s, at, ">") && --angle == 0) break;
        else if (c2h_tok_is(s, at, ">>") && (angle -= 2) <= 0) break;
        else if (c2h_tok_is(s, at, ";") || c2h_tok_is(s, at, "{")) return 0;
      }
      at++;
    }
    if (at >= n || !c2h_tok_is(s, at, "<<<")) return 0; /* named otherwise: not known */
    size_t close = c2h_tok_launch_close(s, at), fb = 0, fe = 0;
    c2h_tok_span args[4];
    if (close >= n || c2h_tok_split(s, at, close, args, 4) < 2) return 0;
    long fk = c2h_check_function_at(s, tk(s, at)->begin);
    if (fk < 0) return 0;
    c2h_tok_range(s, s->facts->functions[fk].begin, s->facts->functions[fk].end, &fb, &fe);
    long long threads;
    if (!threads_of(s, args[1].first, args[1].last, at, fb, fe, 0, &threads) || threads < 1 ||
        threads > MAX_THREADS)
      return 0;
    launches++;
  }
  return launches > 0;
}

int c2h_small_block_kernels(const c2h_scan *s, unsigned char **small) {
  const c2h_tu_facts *f = s->facts;
  *small = calloc(f->n_functions ? f->n_functions : 1, 1);
  if (!*small) return C2H_ERR_NOMEM;
  for (size_t k = 0; k < f->n_functions && !c2h_scan_expired(s); k++) {
    const c2h_function *fn = &f->functions[k];
    size_t name, end;
    if (fn->ctx != C2H_CTX_KERNEL || fn->name_end <= fn->name_begin) continue;
    c2h_tok_range(s, fn->name_begin, fn->name_end, &name, &end);
    if (name >= end) continue;
    long long bound;
    (*small)[k] = (unsigned char)((bounds_threads(s, name, &bound) && bound >= 1 && bound <= MAX_THREADS) ||
                                  launches_small(s, name));
  }
  return 0;
}
