/* Kernel launches: k<<<grid, block, shmem, stream>>>(args) ->
 * hipLaunchKernelGGL(k, dim3(grid), dim3(block), shmem, stream, args).
 * Only small edits at the seams, so renames inside the configuration and the
 * arguments stay separate edits. */
#include <stdio.h>
#include <string.h>

#include "tokens.h"
#include "util/buf.h"

/* Start of the kernel expression before the `<<<` at `launch`: the name
 * with its template arguments and scope qualifiers (ns::k<T, 4>). Sets
 * *templated. Returns n_toks when unknown. */
static size_t callee_start(const c2h_scan *s, size_t launch, int *templated) {
  size_t n = s->facts->n_toks, i = c2h_tok_kernel_name(s, launch, templated);
  if (i == n) return n;
  while (i >= 2 && c2h_tok_is(s, i - 1, "::") && s->facts->toks[i - 2].kind == C2H_TOK_IDENT) i -= 2;
  if (i >= 1 && c2h_tok_is(s, i - 1, "::")) i--; /* ::k */
  return i;
}

static int edit_text(c2h_scan *s, size_t b, size_t e, const char *text) {
  return c2h_edit_add(s->edits, b, e, text, strlen(text));
}

int c2h_scan_launches(c2h_scan *s) {
  if (s->launch_syntax != C2H_LAUNCH_HIP) return 0;
  const c2h_token *toks = s->facts->toks;
  size_t n = s->facts->n_toks;
  for (size_t i = 0; i < n; i++) {
    if (!c2h_tok_is(s, i, "<<<") || c2h_tok_platform_only(s, i)) continue;
    int templated, rc = 0;
    size_t start = callee_start(s, i, &templated);
    size_t close = c2h_tok_launch_close(s, i);
    c2h_tok_span cfg[5];
    size_t n_cfg = close < n ? c2h_tok_split(s, i, close, cfg, 5) : 0;
    size_t open = close + 1, end = open < n && c2h_tok_is(s, open, "(") ? c2h_tok_match(s, open) : n;
    if (start >= n || close >= n || end >= n || n_cfg < 2 || n_cfg > 4) {
      if ((rc = c2h_scan_diag(s, i, i, C2H_SEV_WARNING, C2H_CHECK_CALL_REWRITE, NULL,
                              "kernel launch not understood; it stays in <<<>>> form, which HIP "
                              "also accepts")))
        return rc;
      continue;
    }
    int has_args = end > open + 1;
    char head[64];
    snprintf(head, sizeof head, "hipLaunchKernelGGL(%s", templated ? "HIP_KERNEL_NAME(" : "");
    /* The kernel name stays; template arguments are wrapped because the
     * launch macro would split them at their commas. */
    if ((rc = edit_text(s, toks[start].begin, toks[start].begin, head))) return rc;
    /* White space between the kernel and `<<<` goes too (`k <<<`). */
    size_t from = toks[i].begin;
    while (from > toks[i - 1].end && (s->src[from - 1] == ' ' || s->src[from - 1] == '\t')) from--;
    if ((rc = edit_text(s, from, toks[cfg[0].first].begin, templated ? "), dim3(" : ", dim3(")))
      return rc;
    if ((rc = edit_text(s, toks[cfg[0].last].end, toks[cfg[1].first].begin, "), dim3("))) return rc;
    if (n_cfg >= 3 && (rc = edit_text(s, toks[cfg[1].last].end, toks[cfg[2].first].begin, "), ")))
      return rc;
    c2h_buf tail;
    c2h_buf_init(&tail);
    rc = c2h_buf_puts(&tail, n_cfg == 2 ? "), 0, 0" : n_cfg == 3 ? ", 0" : "");
    /* The arguments' own leading space (or line break) follows the comma. */
    if (rc == 0 && has_args) {
      char next = s->src[toks[open].end];
      rc = c2h_buf_puts(&tail, next == ' ' || next == '\t' || next == '\n' || next == '\r' ? "," : ", ");
    }
    /* Everything from the last configuration value to the '(' of the arguments. */
    if (rc == 0)
      rc = c2h_edit_add(s->edits, toks[cfg[n_cfg - 1].last].end, toks[open].end, tail.data ? tail.data : "",
                        tail.len);
    c2h_buf_dispose(&tail);
    if (rc) return rc;
    s->stats->launches++;
    i = close;
  }
  return 0;
}
