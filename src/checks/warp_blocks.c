/* Kernels that always run in blocks of at most 32 threads.
 *
 * Such a block is one CUDA warp, and on gfx942 it fills lanes 0-31 of one
 * wavefront: code that assumes 32-lane warps (a broadcast from lane 0
 * without a width, a ballot kept in 32 bits) computes what it does on
 * CUDA. The block size comes from __launch_bounds__(N), N <= 32, or from
 * every launch of the kernel in the file, each of whose block arguments
 * resolves to at most 32 threads (c2h_launch_threads: a constant
 * expression, dim3(x, y, z), a local variable whose one value on the way
 * to the launch is such, a case label of a switch on it).
 * A kernel the file also names in any other way (a launch API, a
 * function pointer) is not known. */
#include <stdlib.h>
#include <string.h>

#include "checks.h"
#include "scan/const_expr.h"
#include "scan/instances.h"
#include "util/strmap.h"

#define MAX_THREADS 32

/* __launch_bounds__(N, ...) before the kernel's name at token name: N. */
static int bounds_threads(const c2h_scan *s, size_t name, long long *threads) {
  for (size_t j = name; j-- > 0;) {
    if (c2h_tok_is(s, j, ";") || c2h_tok_is(s, j, "}") || c2h_tok_is(s, j, "{")) return 0;
    if (!c2h_tok_is_call(s, j, "__launch_bounds__")) continue;
    size_t close = c2h_tok_match(s, j + 1);
    c2h_tok_span args[3];
    if (close >= name || c2h_tok_split(s, j + 1, close, args, 3) < 1) return 0;
    return c2h_const_tokens_int(s, args[0].first, args[0].last, threads);
  }
  return 0;
}

/* The identifiers of the file by spelling: `first` maps a spelling to its
 * first token, next[t] is the token after t with the same spelling (n_toks
 * after the last). Each kernel's uses are then found without reading every
 * token of the file once per kernel, which made a file of 20,000 kernels
 * take minutes. */
typedef struct ident_index {
  c2h_strmap first;
  size_t *next;
} ident_index;

static int ident_index_build(const c2h_scan *s, ident_index *x) {
  size_t n = s->facts->n_toks;
  c2h_strmap last; /* spelling -> the latest token seen so far */
  c2h_strmap_init_borrowed(&x->first);
  c2h_strmap_init_borrowed(&last);
  int rc = 0;
  if (n > 0x7fffffff || !(x->next = malloc((n ? n : 1) * sizeof *x->next))) {
    rc = C2H_ERR_NOMEM;
    goto done;
  }
  for (size_t t = 0; t < n && rc == 0; t++) {
    x->next[t] = n;
    if (!c2h_tok_is_ident(s, t)) continue;
    const c2h_token *k = c2h_tok(s, t);
    const char *key = s->src + k->begin;
    size_t len = k->end - k->begin;
    int prev = c2h_strmap_get(&last, key, len);
    if (prev >= 0) x->next[prev] = t;
    else rc = c2h_strmap_put(&x->first, key, len, (int)t);
    if (rc == 0) rc = c2h_strmap_put(&last, key, len, (int)t);
  }
done:
  c2h_strmap_dispose(&last);
  return rc;
}

static void ident_index_dispose(ident_index *x) {
  c2h_strmap_dispose(&x->first);
  free(x->next);
}

/* Whether the kernel whose name is token name runs in small blocks by
 * every launch of the file, which has at least one. */
static int launches_small(const c2h_scan *s, const ident_index *x, size_t name) {
  size_t n = s->facts->n_toks;
  int launches = 0;
  const c2h_token *nt = c2h_tok(s, name);
  int first = c2h_strmap_get(&x->first, s->src + nt->begin, nt->end - nt->begin);
  for (size_t t = first >= 0 ? (size_t)first : n; t < n; t = x->next[t]) {
    if (t == name || c2h_tok_kernel_declared(s, t)) continue;
    /* A launch in an inactive #if branch counts too: another build may
     * compile it. */
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
    long long threads;
    if (!c2h_launch_threads(s, at, &threads) || threads < 1 || threads > MAX_THREADS) return 0;
    launches++;
  }
  return launches > 0;
}

int c2h_small_block_kernels(const c2h_scan *s, unsigned char **small) {
  const c2h_tu_facts *f = s->facts;
  ident_index x = {{0}, NULL};
  *small = calloc(f->n_functions ? f->n_functions : 1, 1);
  if (!*small) return C2H_ERR_NOMEM;
  if (ident_index_build(s, &x)) {
    ident_index_dispose(&x);
    return C2H_ERR_NOMEM;
  }
  for (size_t k = 0; k < f->n_functions && !c2h_scan_expired(s); k++) {
    const c2h_function *fn = &f->functions[k];
    size_t name, end;
    if (fn->ctx != C2H_CTX_KERNEL || fn->name_end <= fn->name_begin) continue;
    c2h_tok_range(s, fn->name_begin, fn->name_end, &name, &end);
    if (name >= end) continue;
    long long bound;
    (*small)[k] = (unsigned char)((bounds_threads(s, name, &bound) && bound >= 1 && bound <= MAX_THREADS) ||
                                  launches_small(s, &x, name));
  }
  ident_index_dispose(&x);
  return 0;
}
