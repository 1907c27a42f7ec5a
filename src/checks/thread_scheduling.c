/* independent-thread-scheduling: lanes of one warp waiting on each other.
 * Since Volta, CUDA schedules each thread on its own, so a lane spinning on
 * a lock that another lane of its warp holds still lets that lane run. A
 * gfx942 wavefront runs its lanes in lockstep: a divergent branch runs one
 * side for its lanes, then the other side, and a loop ends only when every
 * active lane leaves it. A lane that spins waiting for a lane of its own
 * wavefront therefore waits forever.
 *
 * Two shapes are recognised in device code:
 *  - spin locks: `while (atomicCAS(lock, 0, 1) != 0)` or `while
 *    (atomicExch(lock, 1))`, unless one lane is elected to take the lock
 *    (`if (lane == 0)`, `if (threadIdx.x == 0)`, an early return of the
 *    others);
 *  - flag waits (an empty loop on a volatile variable or an atomic read)
 *    inside a branch only some lanes take, on a flag the same function also
 *    sets: the setting lanes may be on the other side of the branch. */
#include <string.h>

#include "checks.h"
#include "util/strmap.h"

typedef struct ts_state {
  c2h_scan *s;
  const c2h_function *fn; /* the function being scanned */
  size_t first, last;  /* tokens of the function being scanned, [first, last) */
  c2h_strmap volatiles; /* names declared volatile anywhere in the file */
  c2h_strmap per_lane;  /* variables of this function that differ per lane */
} ts_state;

/* A condition that guards the loop: the tokens between its parentheses,
 * and whether the loop is on its else side. */
typedef struct guard {
  size_t lp, rp;
  int on_else;
} guard;

#define MAX_GUARDS 16

static int in_set(const ts_state *t, const c2h_strmap *m, size_t i) {
  return c2h_tok_is_ident(t->s, i) && c2h_strmap_get(m, c2h_tok_text(t->s, i), c2h_tok_len(t->s, i)) >= 0;
}

static int ident_prefix(const ts_state *t, size_t i, const char *prefix) {
  size_t k = strlen(prefix);
  return c2h_tok_is_ident(t->s, i) && c2h_tok_len(t->s, i) >= k && memcmp(c2h_tok_text(t->s, i), prefix, k) == 0;
}

/* The bracket opening the one at `close`, within the function; its first
 * token when there is none (no bracket opens there). */
static size_t match_back(const ts_state *t, size_t close) {
  size_t open = c2h_tok_match_back(t->s, close, t->first);
  return open < t->s->facts->n_toks ? open : t->first;
}

/* ---- what differs per lane ---- */

static int lane_source(const ts_state *t, size_t i) {
  return c2h_tok_ident_is(t->s, i, "threadIdx") || c2h_tok_is_call(t->s, i, "__lane_id") ||
         c2h_tok_is_call(t->s, i, "thread_rank") || in_set(t, &t->per_lane, i);
}

/* Whether [a, b] reads a per-lane value outside array subscripts. */
static int span_per_lane(const ts_state *t, size_t a, size_t b) {
  for (size_t j = a; j <= b; j++) {
    if (c2h_tok_is(t->s, j, "[")) {
      size_t close = c2h_tok_match(t->s, j);
      if (close > b) return 0;
      j = close;
    } else if (lane_source(t, j)) {
      return 1;
    }
  }
  return 0;
}

/* `int lane = threadIdx.x % 32; int me = lane;`: both differ per lane. */
static int collect_per_lane(ts_state *t) {
  for (int pass = 0, changed = 1; changed && pass < 8; pass++) {
    changed = 0;
    for (size_t i = t->first; i + 2 < t->last; i++) {
      if (!c2h_tok_is_ident(t->s, i) || !c2h_tok_is(t->s, i + 1, "=") || in_set(t, &t->per_lane, i)) continue;
      size_t e = i + 2, depth = 0;
      for (; e < t->last; e++) {
        if (c2h_tok_is(t->s, e, "(") || c2h_tok_is(t->s, e, "[")) depth++;
        else if ((c2h_tok_is(t->s, e, ")") || c2h_tok_is(t->s, e, "]")) && depth-- == 0) break;
        else if (depth == 0 && (c2h_tok_is(t->s, e, ";") || c2h_tok_is(t->s, e, ","))) break;
      }
      if (e > i + 2 && span_per_lane(t, i + 2, e - 1)) {
        if (c2h_strmap_put(&t->per_lane, c2h_tok_text(t->s, i), c2h_tok_len(t->s, i), 1)) return C2H_ERR_NOMEM;
        changed = 1;
      }
    }
  }
  return 0;
}

/* `volatile int *flag`, `int volatile done`: the declared names. */
static int collect_volatiles(ts_state *t) {
  size_t n = t->s->facts->n_toks;
  for (size_t i = 0; i < n; i++) {
    if (!c2h_tok_is(t->s, i, "volatile")) continue;
    size_t name = 0, j = i + 1;
    for (; j < n && !c2h_tok_is(t->s, j, ";") && !c2h_tok_is(t->s, j, ",") && !c2h_tok_is(t->s, j, "=") &&
           !c2h_tok_is(t->s, j, ")") && !c2h_tok_is(t->s, j, "[") && !c2h_tok_is(t->s, j, "(") &&
           !c2h_tok_is(t->s, j, "{");
         j++)
      if (c2h_tok_is_ident(t->s, j)) name = j;
    if (name && !c2h_tok_is(t->s, j, "(") &&
        c2h_strmap_put(&t->volatiles, c2h_tok_text(t->s, name), c2h_tok_len(t->s, name), 1))
      return C2H_ERR_NOMEM;
  }
  return 0;
}

/* ---- guards around a loop ---- */

/* The condition of the `if` whose statement ends just before `stmt_end`
 * (a `}` or `;` before an `else`). Returns 0 when it cannot be found. */
static int if_before_else(const ts_state *t, size_t stmt_end, size_t *lp, size_t *rp) {
  if (!c2h_tok_is(t->s, stmt_end, "}")) return 0;
  size_t open = match_back(t, stmt_end);
  if (open <= t->first || !c2h_tok_is(t->s, open - 1, ")")) return 0;
  *rp = open - 1;
  *lp = match_back(t, *rp);
  return *lp > t->first && c2h_tok_is(t->s, *lp - 1, "if");
}

/* The guard directly around a statement that starts at `start`, if any,
 * and where to keep looking outward. Returns 0 at the function's edge. */
static int next_guard(const ts_state *t, size_t start, guard *g, int *found, size_t *outer) {
  *found = 0;
  size_t p = start;
  /* A statement in a block: move to the block's '{'. */
  if (p > t->first && !c2h_tok_is(t->s, p - 1, ")") && !c2h_tok_is(t->s, p - 1, "else")) {
    size_t depth = 0, j = p;
    while (j-- > t->first) {
      if (c2h_tok_is(t->s, j, "}")) depth++;
      else if (c2h_tok_is(t->s, j, "{") && depth-- == 0) break;
    }
    if (j + 1 == 0 || j <= t->first) return 0;
    p = j;
  }
  if (p <= t->first) return 0;
  if (c2h_tok_is(t->s, p - 1, ")")) {
    size_t lp = match_back(t, p - 1);
    if (lp > t->first && c2h_tok_is(t->s, lp - 1, "if")) {
      *g = (guard){lp, p - 1, 0};
      *found = 1;
      *outer = lp - 1;
      return 1;
    }
    *outer = lp > t->first ? lp - 1 : t->first; /* a loop or switch header */
    return *outer > t->first;
  }
  if (c2h_tok_is(t->s, p - 1, "else")) {
    size_t lp, rp;
    if (if_before_else(t, p - 2, &lp, &rp)) {
      *g = (guard){lp, rp, 1};
      *found = 1;
      *outer = lp - 1;
      return 1;
    }
    *outer = p - 1;
    return 1;
  }
  *outer = p; /* a plain block */
  return p > t->first;
}

static size_t collect_guards(const ts_state *t, size_t start, guard *gs) {
  size_t n = 0, p = start, outer = 0;
  int found;
  while (n < MAX_GUARDS && next_guard(t, p, &gs[n], &found, &outer) && outer < p) {
    if (found) n++;
    p = outer;
  }
  return n;
}

/* Whether [a, b] has the same value in every lane of a block: literals
 * and the block and grid coordinates. */
static int uniform(const ts_state *t, size_t a, size_t b) {
  for (size_t j = a; j <= b; j++) {
    if (!c2h_tok_is_ident(t->s, j)) continue;
    if (c2h_tok_ident_is(t->s, j, "blockIdx") || c2h_tok_ident_is(t->s, j, "blockDim") ||
        c2h_tok_ident_is(t->s, j, "gridDim"))
      j += 2; /* and the member after the dot */
    else
      return 0;
  }
  return 1;
}

/* A condition that lets one lane through: `lane == 0`, `threadIdx.x ==
 * 0`, `g.thread_rank() == leader` (a per-lane value equal to one value),
 * not joined with ||. */
static int elects_one_lane(const ts_state *t, size_t lp, size_t rp) {
  int elect = 0;
  for (size_t j = lp + 1; j < rp; j++) {
    if (c2h_tok_is(t->s, j, "||")) return 0;
    if (!c2h_tok_is(t->s, j, "==")) continue;
    /* The operands at this level: back to '(' '&&' and on to ')' '&&'. */
    size_t a = j, b = j;
    while (a - 1 > lp && !c2h_tok_is(t->s, a - 1, "&&") && !c2h_tok_is(t->s, a - 1, "(")) a--;
    while (b + 1 < rp && !c2h_tok_is(t->s, b + 1, "&&") && !c2h_tok_is(t->s, b + 1, ")")) b++;
    int left = a < j && span_per_lane(t, a, j - 1), right = j < b && span_per_lane(t, j + 1, b);
    if (left != right) elect = 1;
    /* `rank == 0` on a value this function cannot see (a parameter):
     * given the benefit of the doubt, unless it is the same for the whole
     * block. */
    long long v;
    if ((a == j - 1 && c2h_tok_int_value(t->s, a, &v) && !uniform(t, j + 1, b)) ||
        (b == j + 1 && c2h_tok_int_value(t->s, b, &v) && !uniform(t, a, j - 1)))
      elect = 1;
  }
  return elect;
}

/* Whether an earlier `if (lane != 0) return;` leaves one lane running. */
static int others_returned(const ts_state *t, size_t before) {
  for (size_t j = t->first; j + 2 < before; j++) {
    if (!c2h_tok_is(t->s, j, "if") || !c2h_tok_is(t->s, j + 1, "(")) continue;
    size_t rp = c2h_tok_match(t->s, j + 1);
    if (rp >= before || !c2h_tok_is(t->s, rp + 1, "return")) continue;
    for (size_t k = j + 2; k < rp; k++)
      if (c2h_tok_is(t->s, k, "!=") && (span_per_lane(t, j + 2, k - 1) != span_per_lane(t, k + 1, rp - 1))) return 1;
  }
  return 0;
}

static int elected(const ts_state *t, const guard *gs, size_t n, size_t start) {
  for (size_t k = 0; k < n; k++)
    if (!gs[k].on_else && elects_one_lane(t, gs[k].lp, gs[k].rp)) return 1;
  return others_returned(t, start);
}

/* ---- loops ---- */

/* A `while` loop: its condition and body, and the token the statement
 * starts at (`do` for a do-while). */
typedef struct loop {
  size_t kw, lp, rp;          /* the `while` and its condition */
  size_t body_first, body_last; /* the body, braces included */
  size_t start;
} loop;

static int read_loop(const ts_state *t, size_t kw, loop *l) {
  if (!c2h_tok_is(t->s, kw + 1, "(")) return 0;
  l->kw = kw;
  l->lp = kw + 1;
  l->rp = c2h_tok_match(t->s, kw + 1);
  if (l->rp >= t->last) return 0;
  if (kw > t->first && c2h_tok_is(t->s, kw - 1, "}")) {
    size_t open = match_back(t, kw - 1);
    if (open > t->first && c2h_tok_is(t->s, open - 1, "do")) {
      l->body_first = open;
      l->body_last = kw - 1;
      l->start = open - 1;
      return 1;
    }
  }
  l->start = kw;
  l->body_first = l->rp + 1;
  if (c2h_tok_is(t->s, l->body_first, "{")) {
    l->body_last = c2h_tok_match(t->s, l->body_first);
  } else {
    size_t j = l->body_first, depth = 0;
    for (; j < t->last; j++) {
      if (c2h_tok_is(t->s, j, "(") || c2h_tok_is(t->s, j, "{")) depth++;
      else if (c2h_tok_is(t->s, j, ")") || c2h_tok_is(t->s, j, "}")) depth--;
      else if (depth == 0 && c2h_tok_is(t->s, j, ";")) break;
    }
    l->body_last = j;
  }
  return l->body_last < t->last;
}

static int literal(const ts_state *t, size_t a, size_t b) {
  long long v;
  return a == b && (c2h_tok_int_value(t->s, a, &v) || c2h_tok_is(t->s, a, "true") || c2h_tok_is(t->s, a, "false"));
}

/* `atomicCAS(lock, 0, 1)` or `atomicExch(lock, 1)` with constant values:
 * taking a lock, not a compare-and-swap update of data. */
static int lock_attempt(const ts_state *t, size_t i) {
  int cas = ident_prefix(t, i, "atomicCAS"), exch = ident_prefix(t, i, "atomicExch");
  if ((!cas && !exch) || !c2h_tok_is(t->s, i + 1, "(")) return 0;
  size_t close = c2h_tok_match(t->s, i + 1);
  c2h_tok_span args[4];
  size_t n = c2h_tok_split(t->s, i + 1, close, args, 4);
  if (cas) return n == 3 && literal(t, args[1].first, args[1].last) && literal(t, args[2].first, args[2].last);
  return n == 2 && literal(t, args[1].first, args[1].last) && !c2h_tok_is(t->s, args[1].first, "0") &&
         !c2h_tok_is(t->s, args[1].first, "false");
}

/* The flag a condition reads, as a token: a volatile variable, or the
 * first argument of an atomic read (`atomicAdd(&flag, 0)`, `atomicOr(flag,
 * 0)`). Returns 0 when the condition reads no flag. */
static size_t flag_read(const ts_state *t, size_t lp, size_t rp) {
  for (size_t j = lp + 1; j < rp; j++) {
    if (in_set(t, &t->volatiles, j)) return j;
    int rmw = ident_prefix(t, j, "atomicAdd") || ident_prefix(t, j, "atomicOr") ||
              ident_prefix(t, j, "atomicSub") || ident_prefix(t, j, "atomicXor");
    if (!rmw || !c2h_tok_is(t->s, j + 1, "(")) continue;
    size_t close = c2h_tok_match(t->s, j + 1);
    c2h_tok_span args[3];
    if (c2h_tok_split(t->s, j + 1, close, args, 3) != 2 || !c2h_tok_is(t->s, args[1].first, "0") ||
        args[1].first != args[1].last)
      continue;
    for (size_t k = args[0].first; k <= args[0].last; k++)
      if (c2h_tok_is_ident(t->s, k)) return k;
  }
  return 0;
}

/* A body that only waits: empty, or pauses and fences. */
static int waits_only(const ts_state *t, const loop *l) {
  for (size_t j = l->body_first; j <= l->body_last; j++) {
    if (c2h_tok_is(t->s, j, "{") || c2h_tok_is(t->s, j, "}") || c2h_tok_is(t->s, j, ";") || c2h_tok_is(t->s, j, "(") ||
        c2h_tok_is(t->s, j, ")"))
      continue;
    if (c2h_tok_is_call(t->s, j, "__nanosleep") || ident_prefix(t, j, "__threadfence") ||
        c2h_tok_is_call(t->s, j, "__builtin_amdgcn_s_sleep")) {
      j = c2h_tok_match(t->s, j + 1);
      continue;
    }
    return 0;
  }
  return 1;
}

/* Whether the function writes the flag named at token f outside the loop:
 * `flag = v`, `*flag = v`, `flag[i] = v`, `atomicExch(&flag, 1)`, ... */
static int flag_set_elsewhere(const ts_state *t, size_t f, const loop *l) {
  for (size_t j = t->first; j < t->last; j++) {
    if (j >= l->start && j <= (l->kw > l->body_last ? l->rp : l->body_last)) continue;
    if (!c2h_tok_is_ident(t->s, j) || c2h_tok_len(t->s, j) != c2h_tok_len(t->s, f) ||
        memcmp(c2h_tok_text(t->s, j), c2h_tok_text(t->s, f), c2h_tok_len(t->s, f)))
      continue;
    size_t after = j + 1;
    if (c2h_tok_is(t->s, after, "[")) after = c2h_tok_match(t->s, after) + 1;
    if (c2h_tok_is(t->s, after, "=") || c2h_tok_is(t->s, after, "+=") || c2h_tok_is(t->s, after, "++") ||
        c2h_tok_is(t->s, after, "-=") || c2h_tok_is(t->s, after, "|=") || c2h_tok_is(t->s, after, "--"))
      return 1;
    /* An argument of an atomic: the first one, possibly behind '&'. */
    size_t k = j;
    if (k > t->first && c2h_tok_is(t->s, k - 1, "&")) k--;
    if (k > t->first + 1 && c2h_tok_is(t->s, k - 1, "(") && ident_prefix(t, k - 2, "atomic")) return 1;
  }
  return 0;
}

/* Makes fn the function being scanned: its token range and per-lane
 * variables. */
static int enter(ts_state *t, const c2h_function *fn) {
  c2h_tok_range(t->s, fn->begin, fn->end, &t->first, &t->last);
  t->fn = fn;
  c2h_strmap_dispose(&t->per_lane);
  c2h_strmap_init(&t->per_lane);
  return collect_per_lane(t);
}

static int is_device_fn(const c2h_function *fn) {
  return fn->ctx == C2H_CTX_DEVICE || fn->ctx == C2H_CTX_KERNEL || fn->ctx == C2H_CTX_HOST_DEVICE;
}

/* The name of the function being scanned: the identifier before its
 * parameter list. Returns 0 when there is none. */
static size_t function_name(const ts_state *t) {
  for (size_t j = t->first + 1; j < t->last && !c2h_tok_is(t->s, j, "{"); j++)
    if (c2h_tok_is(t->s, j, "(")) return c2h_tok_is_ident(t->s, j - 1) ? j - 1 : 0;
  return 0;
}

/* How the other device functions of the file call the __device__ helper
 * being scanned: 1 when there are calls and every one is made by one
 * elected lane, 0 otherwise. Leaves the helper entered again. */
static int callers_elect(ts_state *t, int *rc) {
  const c2h_function *self = t->fn;
  size_t name = function_name(t);
  if (!name) return 0;
  size_t nlen = c2h_tok_len(t->s, name);
  const char *spelling = c2h_tok_text(t->s, name);
  int calls = 0, all = 1;
  const c2h_tu_facts *f = t->s->facts;
  /* Every device function, for each lock in a helper: quadratic on files
   * made of many small lock helpers, hence the deadline. */
  for (size_t k = 0; k < f->n_functions && all && !*rc; k++) {
    if (k % 256 == 0 && c2h_scan_expired(t->s)) break;
    const c2h_function *fn = &f->functions[k];
    if (fn == self || !is_device_fn(fn) || (*rc = enter(t, fn))) continue;
    for (size_t j = t->first; j < t->last && all; j++) {
      if (!c2h_tok_is_ident(t->s, j) || !c2h_tok_is(t->s, j + 1, "(") || c2h_tok_len(t->s, j) != nlen ||
          memcmp(c2h_tok_text(t->s, j), spelling, nlen))
        continue;
      guard gs[MAX_GUARDS];
      size_t n = collect_guards(t, j, gs);
      calls++;
      all = elected(t, gs, n, j);
    }
  }
  if (!*rc) *rc = enter(t, self);
  return calls && all;
}

static int report_lock(ts_state *t, const loop *l) {
  return c2h_scan_diag(t->s, l->kw, l->rp, C2H_SEV_WARNING, C2H_CHECK_INDEPENDENT_THREAD_SCHEDULING, NULL,
                       "spin lock taken by every lane: the lanes of a gfx942 wavefront run in lockstep, "
                       "so lanes spinning here on a lock another lane of the same wavefront holds keep "
                       "that lane from ever releasing it (CUDA's independent thread scheduling on Volta "
                       "and newer hides this); let one elected lane per wavefront take the lock (e.g. "
                       "`if (__lane_id() == 0)`), or try the lock once per iteration and do the critical "
                       "section inside the branch that got it");
}

static int report_wait(ts_state *t, const loop *l, const guard *g, size_t flag) {
  return c2h_scan_diag(t->s, l->kw, l->rp, C2H_SEV_WARNING, C2H_CHECK_INDEPENDENT_THREAD_SCHEDULING, NULL,
                       "lanes wait here for '%.*s', inside a branch only some lanes take (line %u), and "
                       "this function also sets it: a gfx942 wavefront runs the two sides of a branch one "
                       "after the other, so if the lanes that set it are on the other side the wait never "
                       "ends (CUDA's independent thread scheduling on Volta and newer lets them run); let "
                       "one elected lane per wavefront wait, or move the wait out of the divergent branch",
                       (int)c2h_tok_len(t->s, flag), c2h_tok_text(t->s, flag), c2h_tok(t->s, g->lp)->line);
}

static int check_loop(ts_state *t, size_t kw) {
  loop l;
  if (!read_loop(t, kw, &l)) return 0;
  int lock = 0;
  for (size_t j = l.lp + 1; j < l.rp && !lock; j++) lock = lock_attempt(t, j);
  size_t flag = lock ? 0 : flag_read(t, l.lp, l.rp);
  if (!lock && !flag) return 0;
  guard gs[MAX_GUARDS];
  size_t n = collect_guards(t, l.start, gs);
  if (elected(t, gs, n, l.start)) return 0;
  if (lock) {
    /* A lock helper is fine when every caller elects one lane. */
    int rc = 0;
    if (t->fn->ctx == C2H_CTX_DEVICE && callers_elect(t, &rc)) return rc;
    return rc ? rc : report_lock(t, &l);
  }
  if (!waits_only(t, &l) || !flag_set_elsewhere(t, flag, &l)) return 0;
  for (size_t k = 0; k < n; k++)
    if (span_per_lane(t, gs[k].lp + 1, gs[k].rp - 1)) return report_wait(t, &l, &gs[k], flag);
  return 0;
}

int c2h_check_thread_scheduling(c2h_scan *s) {
  ts_state t;
  memset(&t, 0, sizeof t);
  t.s = s;
  c2h_strmap_init(&t.volatiles);
  c2h_strmap_init(&t.per_lane);
  int rc = collect_volatiles(&t);
  size_t covered_end = 0;
  for (size_t k = 0; k < s->facts->n_functions && !rc && !c2h_scan_expired(s); k++) {
    const c2h_function *fn = &s->facts->functions[k];
    if (fn->begin < covered_end) continue; /* nested in a function already scanned */
    if (!is_device_fn(fn)) continue;
    covered_end = fn->end;
    rc = enter(&t, fn);
    for (size_t i = t.first; i < t.last && !rc; i++)
      if (c2h_tok_is(s, i, "while")) rc = check_loop(&t, i);
  }
  c2h_strmap_dispose(&t.volatiles);
  c2h_strmap_dispose(&t.per_lane);
  return rc;
}
