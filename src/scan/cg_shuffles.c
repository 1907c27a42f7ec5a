/* Cooperative-groups shuffles of values HIP's shuffles do not take.
 *
 * CUDA's `g.shfl(v, src)`, `shfl_up`, `shfl_down` and `shfl_xor` move a
 * value of any trivially copyable type (a uint4, a struct); HIP's are
 * templates that static_assert an integer or floating-point type, so the
 * translated call does not compile. The parse names each such call
 * (front.h, c2h_cg_shuffle). With the compatibility header the call becomes
 * `cu2hip_cg_shfl_xor(g, v, m)`, which moves the value a 32-bit word at a
 * time through the group's own shuffle (the same lanes, the same bits);
 * without it the call is reported. */
#include <string.h>

#include "cu2hip/translate.h"
#include "scan/tokens.h"
#include "util/buf.h"

/* The token that starts at byte `at`, or n_toks. */
static size_t token_at(const c2h_scan *s, size_t at) {
  size_t first = c2h_tok_first_at(s, at);
  return first < s->facts->n_toks && s->facts->toks[first].begin == at ? first : s->facts->n_toks;
}

static int rewrite(c2h_scan *s, size_t object, size_t access, size_t method, size_t open) {
  c2h_buf head;
  c2h_buf_init(&head);
  const c2h_token *m = &s->facts->toks[method];
  int arrow = c2h_tok_is(s, access, "->");
  int rc = c2h_buf_printf(&head, "cu2hip_cg_%.*s(%s", (int)(m->end - m->begin), s->src + m->begin, arrow ? "*" : "");
  if (rc == 0)
    rc = c2h_edit_add(s->edits, s->facts->toks[object].begin, s->facts->toks[object].begin, head.data, head.len);
  /* `.shfl_xor(` becomes `, `: the group is the first argument. */
  if (rc == 0) rc = c2h_edit_add(s->edits, s->facts->toks[access].begin, s->facts->toks[open].end, ", ", 2);
  c2h_buf_dispose(&head);
  if (rc) return rc;
  c2h_scan_uses_compat(s, s->facts->toks[object].begin);
  return 0;
}

int c2h_scan_cg_shuffles(c2h_scan *s) {
  for (size_t k = 0; k < s->facts->n_cg_shuffles; k++) {
    const c2h_cg_shuffle *sh = &s->facts->cg_shuffles[k];
    size_t n = s->facts->n_toks;
    size_t object = token_at(s, sh->object_begin), method = token_at(s, sh->method_begin);
    if (object >= n || method >= n || method < object + 2 || method + 1 >= n || c2h_tok_platform_only(s, method))
      continue;
    size_t access = method - 1, open = method + 1;
    if (!(c2h_tok_is(s, access, ".") || c2h_tok_is(s, access, "->")) || !c2h_tok_is(s, open, "(")) continue;
    const c2h_token *m = &s->facts->toks[method];
    int len = (int)(m->end - m->begin);
    const char *name = s->src + m->begin;
    /* A rewrite that would cross another one (a rename inside the group
     * expression is fine: it lies between the two edits). */
    int free_span = !c2h_edit_overlaps(s->edits, s->facts->toks[access].begin, s->facts->toks[open].end);
    int rc;
    if (s->compat && free_span) {
      rc = c2h_scan_diag(s, method, method, C2H_SEV_NOTE, C2H_CHECK_COMPAT_HEADER, NULL,
                         "%.*s of a '%s': HIP's group shuffles take integer and floating-point values only; the "
                         "call becomes cu2hip_cg_%.*s of " C2H_COMPAT_HEADER_NAME
                         " (included; written beside the output, or printed by `cu2hip compat-header`), which "
                         "moves the value a 32-bit word at a time through the group's own shuffle",
                         len, name, sh->type, len, name);
      if (rc == 0) rc = rewrite(s, object, access, method, open);
    } else {
      rc = c2h_scan_diag(s, method, method, C2H_SEV_ERROR, C2H_CHECK_API_UNSUPPORTED, NULL,
                         "%.*s of a '%s' has no HIP equivalent: HIP's group shuffles take integer and "
                         "floating-point values only; shuffle the value's 32-bit words one by one%s",
                         len, name, sh->type,
                         s->compat ? "" : " (or drop --no-compat-header: cu2hip_compat.h does that)");
    }
    if (rc) return rc;
  }
  return 0;
}
