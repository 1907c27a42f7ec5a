/* warp-mask-32bit, lane-mask types: `using warp_mask_t = unsigned int;`
 * (or a typedef) that the file uses as the mask of the warp intrinsics.
 *
 * On gfx942 a lane mask has one bit per lane of a 64-lane wavefront:
 * HIP's *_sync functions take an unsigned long long (from ROCm 7.0 they
 * static_assert a 64-bit mask type), and __ballot / __activemask return
 * one. A type that a project made for its masks is where a port widens
 * them; a mask of it never names lanes 32-63. The type counts as a mask
 * type when a function named like a *_sync intrinsic (a project's own
 * overload for its half type) takes its first parameter of that type (for
 * ROCm 7.0 and later: before, the _sync calls lose their masks), or a
 * variable of it is initialised from a ballot. An alias in a platform
 * branch is the project's own port. */
#include <string.h>

#include "checks.h"

#define NONE ((size_t)-1)

/* The 32-bit unsigned spellings of [a, b]: `unsigned`, `unsigned int`,
 * `uint32_t`, `std::uint32_t`. */
static int unsigned32(const c2h_scan *s, size_t a, size_t b) {
  if (a == b) return c2h_tok_is(s, a, "unsigned") || c2h_tok_is(s, a, "uint32_t");
  if (a + 1 == b) return c2h_tok_is(s, a, "unsigned") && c2h_tok_is(s, b, "int");
  if (a + 2 == b) return c2h_tok_is(s, a, "std") && c2h_tok_is(s, a + 1, "::") && c2h_tok_is(s, b, "uint32_t");
  return 0;
}

/* A warp intrinsic whose first argument is a lane mask. */
static int sync_intrinsic(const c2h_scan *s, size_t i) {
  static const char *const names[] = {"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync",
                                      "__ballot_sync", "__any_sync", "__all_sync", "__uni_sync",
                                      "__match_any_sync", "__match_all_sync", "__syncwarp"};
  for (size_t k = 0; k < sizeof names / sizeof *names; k++)
    if (c2h_tok_ident_is(s, i, names[k])) return 1;
  return 0;
}

static int ballot_call(const c2h_scan *s, size_t i) {
  return c2h_tok_is_call(s, i, "__ballot_sync") || c2h_tok_is_call(s, i, "__ballot") ||
         c2h_tok_is_call(s, i, "__activemask");
}

/* A use of the type at token u as a lane mask: the first parameter of a
 * *_sync-named function, `(const T mask` after its name, or the type of a
 * variable initialised from a ballot, `T m = __ballot_sync(`. Returns the
 * intrinsic's token, or NONE. */
static size_t mask_use(const c2h_scan *s, size_t u) {
  size_t b = u;
  while (b > 0 && (c2h_tok_is(s, b - 1, "const") || c2h_tok_is(s, b - 1, "volatile"))) b--;
  /* Before ROCm 7.0 the _sync calls become mask-less ones: the mask goes. */
  if (s->target >= C2H_VERSION(7, 0) && b >= 2 && c2h_tok_is(s, b - 1, "(") && sync_intrinsic(s, b - 2)) return b - 2;
  size_t v = u + 1;
  if (c2h_tok_is(s, v, "const")) v++;
  if (s->facts->toks[v].kind == C2H_TOK_IDENT && c2h_tok_is(s, v + 1, "=") && ballot_call(s, v + 2)) return v + 2;
  return NONE;
}

/* Reports the alias named at token name, of type [a, b], if the file uses
 * it as a lane mask. */
static int check_alias(c2h_scan *s, size_t name, size_t a, size_t b) {
  if (c2h_tok_platform(s, name) != C2H_PLATFORM_BOTH) return 0;
  for (size_t u = 0; u < s->facts->n_toks; u++) {
    if (u == name || !c2h_tok_same(s, u, name) || s->facts->toks[u].kind != C2H_TOK_IDENT) continue;
    size_t use = mask_use(s, u);
    if (use == NONE) continue;
    const c2h_token *n = &s->facts->toks[name], *k = &s->facts->toks[use];
    int tlen = (int)(s->facts->toks[b].end - s->facts->toks[a].begin);
    return c2h_scan_diag(s, a, b, C2H_SEV_WARNING, C2H_CHECK_WARP_MASK_32BIT, NULL,
                         "'%.*s' is a 32-bit lane mask type ('%.*s'), used for the mask of %.*s on line %u: a "
                         "gfx942 wavefront has 64 lanes and HIP's lane masks are 64-bit (its _sync functions "
                         "do not compile with a 32-bit mask from ROCm 7.0), so a mask of this type never names "
                         "lanes 32-63; make it unsigned long long for HIP",
                         (int)(n->end - n->begin), s->src + n->begin, tlen, s->src + s->facts->toks[a].begin,
                         (int)(k->end - k->begin), s->src + k->begin, k->line);
  }
  return 0;
}

int c2h_check_mask_types(c2h_scan *s) {
  size_t n = s->facts->n_toks;
  for (size_t i = 0; i + 3 < n; i++) {
    int rc = 0;
    if (c2h_tok_is(s, i, "using") && s->facts->toks[i + 1].kind == C2H_TOK_IDENT && c2h_tok_is(s, i + 2, "=")) {
      size_t e = i + 3;
      while (e < n && e < i + 8 && !c2h_tok_is(s, e, ";")) e++;
      if (e < n && c2h_tok_is(s, e, ";") && e > i + 3 && unsigned32(s, i + 3, e - 1)) rc = check_alias(s, i + 1, i + 3, e - 1);
    } else if (c2h_tok_is(s, i, "typedef")) {
      size_t e = i + 1;
      while (e < n && e < i + 8 && !c2h_tok_is(s, e, ";")) e++;
      if (e < n && c2h_tok_is(s, e, ";") && e >= i + 3 && s->facts->toks[e - 1].kind == C2H_TOK_IDENT &&
          unsigned32(s, i + 1, e - 2))
        rc = check_alias(s, e - 1, i + 1, e - 2);
    }
    if (rc) return rc;
  }
  return 0;
}
