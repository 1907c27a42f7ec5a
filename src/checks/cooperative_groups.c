/* cooperative-groups-tile: tile sizes HIP cannot provide. A HIP tile lives
 * inside one wavefront, so it has 1 to 64 lanes (64 = one gfx942
 * wavefront) and, like in CUDA, a power of two; CUDA also accepts larger
 * thread_block tiles (multiples of 32 up to the block size).
 *
 * Sites: `tiled_partition<N>(g)`, `thread_block_tile<N>` and
 * `tiled_partition(g, N)`, with N a literal or a constant this file
 * defines. Sizes that depend on a template parameter are not judged. */
#include <string.h>

#include "checks.h"
#include "util/strmap.h"

typedef struct cg_state {
  c2h_scan *s;
  c2h_strmap consts; /* integer constants this file defines: name -> value */
} cg_state;

/* Records `#define NAME 128` and `const[expr] int NAME = 128;`. Values are
 * kept when they fit the strmap's int (tile sizes do). */
static int collect_constants(cg_state *c) {
  const c2h_scan *s = c->s;
  size_t n = s->facts->n_toks;
  for (size_t i = 2; i + 1 < n; i++) {
    long long v;
    size_t value = 0;
    if (!c2h_tok_is_ident(s, i)) continue;
    if (c2h_tok_is(s, i - 2, "#") && c2h_tok_is(s, i - 1, "define") &&
        s->facts->toks[i + 1].line == s->facts->toks[i].line &&
        (i + 2 >= n || s->facts->toks[i + 2].line != s->facts->toks[i].line))
      value = i + 1;
    else if (c2h_tok_is(s, i + 1, "=") && c2h_tok_is(s, i + 3, ";") &&
             (c2h_tok_is(s, i - 2, "const") || c2h_tok_is(s, i - 2, "constexpr") ||
              c2h_tok_is(s, i - 3, "const") || c2h_tok_is(s, i - 3, "constexpr")))
      value = i + 2;
    if (!value || !c2h_tok_int_value(s, value, &v) || v < 0 || v > 1 << 30) continue;
    int rc = c2h_strmap_put(&c->consts, c2h_tok_text(s, i), c2h_tok_len(s, i), (int)v);
    if (rc) return rc;
  }
  return 0;
}

/* The tile size spelled by the single token at i: a literal or a known
 * constant. */
static int tile_size(const cg_state *c, size_t i, long long *value) {
  if (c2h_tok_int_value(c->s, i, value)) return 1;
  if (!c2h_tok_is_ident(c->s, i)) return 0;
  int v = c2h_strmap_get(&c->consts, c2h_tok_text(c->s, i), c2h_tok_len(c->s, i));
  if (v < 0) return 0;
  *value = v;
  return 1;
}

static int report(cg_state *c, size_t at, long long size) {
  int pow2 = size > 0 && (size & (size - 1)) == 0;
  const char *advice =
      size > 64 && pow2
          ? "for a group this large use the thread block (this_thread_block()), or tiles of at most "
            "64 lanes combined through shared memory"
          : "pick a power of two no larger than 64, and leave the lanes you do not need idle";
  return c2h_scan_diag(c->s, at, at, C2H_SEV_WARNING, C2H_CHECK_COOPERATIVE_GROUPS_TILE, NULL,
                       "a tile of %lld lanes is not available in HIP: tiles have 1 to 64 lanes in "
                       "powers of two (a gfx942 wavefront has 64 lanes); %s",
                       size, advice);
}

static int valid_size(long long size) { return size >= 1 && size <= 64 && (size & (size - 1)) == 0; }

/* The size token of a tile site at name token i, or 0 when i is none (or
 * the size is not a single token). */
static size_t size_token(const c2h_scan *s, size_t i) {
  int partition = c2h_tok_ident_is(s, i, "tiled_partition");
  if (!partition && !c2h_tok_ident_is(s, i, "thread_block_tile")) return 0;
  if (c2h_tok_is(s, i + 1, "<")) {
    /* The template argument list: `<N>` or, for thread_block_tile, `<N, P>`. */
    if (c2h_tok_is(s, i + 3, ">") || c2h_tok_is(s, i + 3, ">>") || (!partition && c2h_tok_is(s, i + 3, ",")))
      return i + 2;
    return 0;
  }
  if (!partition || !c2h_tok_is(s, i + 1, "(")) return 0;
  /* tiled_partition(parent, N): the second argument. */
  size_t close = c2h_tok_match(s, i + 1);
  c2h_tok_span args[3];
  if (close >= s->facts->n_toks || c2h_tok_split(s, i + 1, close, args, 3) != 2) return 0;
  return args[1].first == args[1].last ? args[1].first : 0;
}

int c2h_check_cooperative_groups(c2h_scan *s) {
  cg_state c = {s, {0}};
  c2h_strmap_init(&c.consts);
  int rc = collect_constants(&c);
  for (size_t i = 0; i < s->facts->n_toks && !rc; i++) {
    long long size;
    size_t at = size_token(s, i);
    if (at && tile_size(&c, at, &size) && !valid_size(size)) rc = report(&c, at, size);
  }
  c2h_strmap_dispose(&c.consts);
  return rc;
}
