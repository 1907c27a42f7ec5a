/* cooperative-groups-tile: tile sizes HIP cannot provide. A HIP tile lives
 * inside one wavefront, so it has 1 to 64 lanes (64 = one gfx942
 * wavefront) and, like in CUDA, a power of two; CUDA also accepts larger
 * thread_block tiles (multiples of 32 up to the block size).
 *
 * Sites: `tiled_partition<N>(g)`, `thread_block_tile<N>` and
 * `tiled_partition(g, N)`, with N a value the one evaluator knows (a
 * literal, a constant of the file or of its headers, an expression of
 * them). Sizes that depend on a template parameter are not judged. */
#include "checks.h"
#include "scan/const_expr.h"

static int report(c2h_scan *s, size_t first, size_t last, long long size) {
  int pow2 = size > 0 && (size & (size - 1)) == 0;
  const char *advice =
      size > 64 && pow2
          ? "for a group this large use the thread block (this_thread_block()), or tiles of at most "
            "64 lanes combined through shared memory"
          : "pick a power of two no larger than 64, and leave the lanes you do not need idle";
  return c2h_scan_diag(s, first, last, C2H_SEV_WARNING, C2H_CHECK_COOPERATIVE_GROUPS_TILE, NULL,
                       "a tile of %lld lanes is not available in HIP: tiles have 1 to 64 lanes in "
                       "powers of two (a gfx942 wavefront has 64 lanes); %s",
                       size, advice);
}

static int valid_size(long long size) { return size >= 1 && size <= 64 && (size & (size - 1)) == 0; }

/* The size of a tile site at name token i: its tokens [*first, *last];
 * 0 when i is none, or the template argument is not a single token. */
static int size_span(const c2h_scan *s, size_t i, size_t *first, size_t *last) {
  int partition = c2h_tok_ident_is(s, i, "tiled_partition");
  if (!partition && !c2h_tok_ident_is(s, i, "thread_block_tile")) return 0;
  if (c2h_tok_is(s, i + 1, "<")) {
    /* The template argument list: `<N>` or, for thread_block_tile, `<N, P>`. */
    if (c2h_tok_is(s, i + 3, ">") || c2h_tok_is(s, i + 3, ">>") || (!partition && c2h_tok_is(s, i + 3, ",")))
      return *first = *last = i + 2, 1;
    return 0;
  }
  if (!partition || !c2h_tok_is(s, i + 1, "(")) return 0;
  /* tiled_partition(parent, N): the second argument, any expression. */
  size_t close = c2h_tok_match(s, i + 1);
  c2h_tok_span args[3];
  if (close >= s->facts->n_toks || c2h_tok_split(s, i + 1, close, args, 3) != 2) return 0;
  *first = args[1].first;
  *last = args[1].last;
  return 1;
}

int c2h_check_cooperative_groups(c2h_scan *s) {
  int rc = 0;
  for (size_t i = 0; i < s->facts->n_toks && !rc; i++) {
    long long size;
    size_t first, last;
    if (size_span(s, i, &first, &last) && c2h_const_tokens_int(s, first, last, &size) && !valid_size(size))
      rc = report(s, first, last, size);
  }
  return rc;
}
