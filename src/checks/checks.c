#include "checks.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int c2h_checks_run(c2h_scan *s) {
  static int (*const families[])(c2h_scan *) = {
      c2h_check_ptx,
      c2h_check_warp_size,
      c2h_check_launcher_blocks,
      c2h_check_warp_masks,
      c2h_check_mask_types,
      c2h_check_cooperative_groups,
      c2h_check_thread_scheduling,
      c2h_check_atomics,
      c2h_check_device_clock,
      c2h_check_wmma,
      c2h_check_launch_bounds,
      c2h_check_lds,
      c2h_check_dynamic_parallelism,
      c2h_check_texture_surface,
      c2h_check_cuda_arch,
      c2h_check_cuda_version,
      c2h_check_overloads,
      c2h_check_handles,
      c2h_check_blas_compute,
  };
  /* Out of time: the translator drops the file's result, so the families
   * left would be wasted work. */
  for (size_t i = 0; i < sizeof families / sizeof *families && !c2h_scan_expired(s); i++) {
    int rc = families[i](s);
    if (rc) return rc;
  }
  return 0;
}

int c2h_tok_in_device_code(const c2h_scan *s, size_t i) {
  c2h_code_ctx c = s->facts->toks[i].ctx;
  return c == C2H_CTX_DEVICE || c == C2H_CTX_KERNEL || c == C2H_CTX_HOST_DEVICE;
}

long c2h_check_function_at(const c2h_scan *s, size_t at) {
  long found = -1;
  for (size_t f = 0; f < s->facts->n_functions; f++) {
    const c2h_function *fn = &s->facts->functions[f];
    if (fn->begin > at) break; /* sorted by begin: later ones are inner */
    if (at < fn->end) found = (long)f;
  }
  return found;
}

int c2h_tok_ident_is(const c2h_scan *s, size_t i, const char *name) {
  return i < s->facts->n_toks && s->facts->toks[i].kind == C2H_TOK_IDENT && c2h_tok_is(s, i, name);
}

int c2h_tok_is_call(const c2h_scan *s, size_t i, const char *name) {
  return c2h_tok_ident_is(s, i, name) && c2h_tok_is(s, i + 1, "(");
}

int c2h_tok_int_value(const c2h_scan *s, size_t i, long long *value) {
  if (i >= s->facts->n_toks || s->facts->toks[i].kind != C2H_TOK_LITERAL) return 0;
  const c2h_token *t = &s->facts->toks[i];
  char buf[40];
  size_t n = t->end - t->begin;
  if (n == 0 || n >= sizeof buf) return 0;
  memcpy(buf, s->src + t->begin, n);
  buf[n] = '\0';
  if (!isdigit((unsigned char)buf[0])) return 0;
  char *end = NULL;
  long long v = strtoll(buf, &end, 0);
  while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L') end++;
  if (*end) return 0;
  *value = v;
  return 1;
}

int c2h_tok_is_comparison(const c2h_scan *s, size_t i) {
  return c2h_tok_is(s, i, "<") || c2h_tok_is(s, i, "<=") || c2h_tok_is(s, i, ">") || c2h_tok_is(s, i, ">=") ||
         c2h_tok_is(s, i, "==") || c2h_tok_is(s, i, "!=");
}

int c2h_compare(const c2h_scan *s, size_t op, long long l, long long r) {
  return c2h_tok_is(s, op, "<")    ? l < r
         : c2h_tok_is(s, op, "<=") ? l <= r
         : c2h_tok_is(s, op, ">")  ? l > r
         : c2h_tok_is(s, op, ">=") ? l >= r
         : c2h_tok_is(s, op, "==") ? l == r
                                   : l != r;
}
