/* device-clock: clock() / clock64() read as time in device code. On AMD
 * GPUs these count shader-clock cycles, whose rate differs from NVIDIA's
 * and changes with power management, so cycle differences, cycle budgets
 * and timeouts do not mean what the CUDA code assumes. wall_clock64() is
 * the constant-rate counter for time.
 *
 * "Read as time" means: the value is subtracted or compared (directly, or
 * through the variable it is stored in), or stored to memory (a timing
 * buffer). A clock value used only as a random seed or hash input is fine
 * and stays silent. One report per function: the first such read. */
#include <string.h>

#include "checks.h"

static int is_clock_call(const c2h_scan *s, size_t i) {
  if (!(c2h_tok_is_call(s, i, "clock64") || c2h_tok_is_call(s, i, "clock")) || !c2h_tok_is(s, i + 2, ")"))
    return 0;
  /* Not a member (t.clock()), a qualified name (std::clock) or a declaration. */
  if (i == 0) return 1;
  const c2h_token *p = &s->facts->toks[i - 1];
  if (c2h_tok_is(s, i - 1, ".") || c2h_tok_is(s, i - 1, "->") || c2h_tok_is(s, i - 1, "::")) return 0;
  return !(p->kind == C2H_TOK_KEYWORD || p->kind == C2H_TOK_IDENT) || c2h_tok_is(s, i - 1, "return");
}

/* Operators that make a clock value a time: a difference or a comparison. */
static int is_time_operator(const c2h_scan *s, size_t i) {
  static const char *const ops[] = {"-", "-=", "<", ">", "<=", ">=", NULL};
  for (size_t k = 0; ops[k]; k++)
    if (c2h_tok_is(s, i, ops[k])) return 1;
  return 0;
}

/* Whether token i (a value) stands next to a difference or comparison. */
static int used_as_time(const c2h_scan *s, size_t first, size_t last) {
  return (first > 0 && is_time_operator(s, first - 1)) || is_time_operator(s, last + 1);
}

/* `NAME = clock64()`: whether NAME is later subtracted or compared in the
 * same function. */
static int variable_used_as_time(const c2h_scan *s, size_t name, size_t from, size_t fn_end) {
  const c2h_token *v = &s->facts->toks[name];
  size_t len = v->end - v->begin;
  for (size_t j = from; j < s->facts->n_toks && s->facts->toks[j].begin < fn_end; j++) {
    const c2h_token *t = &s->facts->toks[j];
    if (t->kind == C2H_TOK_IDENT && t->end - t->begin == len &&
        memcmp(s->src + t->begin, s->src + v->begin, len) == 0 && used_as_time(s, j, j))
      return 1;
  }
  return 0;
}

/* Whether the clock call at i (closing parenthesis at i + 2) is read as time. */
static int clock_read_as_time(const c2h_scan *s, size_t i, size_t fn_end) {
  size_t close = i + 2;
  if (used_as_time(s, i, close)) return 1;
  /* Assigned: `x = clock64();` or `T x = clock64();` */
  if (i < 2 || !c2h_tok_is(s, i - 1, "=") || !c2h_tok_is(s, close + 1, ";")) return 0;
  size_t lhs = i - 2;
  /* Stored to memory (timer[bid] = clock(); *out = clock64(); p->t = ...):
   * kept for a difference taken elsewhere, often on the host. */
  if (c2h_tok_is(s, lhs, "]")) return 1;
  if (s->facts->toks[lhs].kind != C2H_TOK_IDENT) return 0;
  if (lhs > 0 && (c2h_tok_is(s, lhs - 1, "->") || c2h_tok_is(s, lhs - 1, "."))) return 1;
  if (lhs > 0 && c2h_tok_is(s, lhs - 1, "*") &&
      (lhs < 2 || c2h_tok_is(s, lhs - 2, ";") || c2h_tok_is(s, lhs - 2, "{") || c2h_tok_is(s, lhs - 2, "}") ||
       c2h_tok_is(s, lhs - 2, ")")))
    return 1;
  return variable_used_as_time(s, lhs, close + 1, fn_end);
}

int c2h_check_device_clock(c2h_scan *s) {
  long reported = -2; /* the function already reported */
  int rc = 0;
  for (size_t i = 0; i + 2 < s->facts->n_toks && rc == 0; i++) {
    /* Host code's clock() is <ctime>'s, and fine. */
    if (!is_clock_call(s, i) || !c2h_tok_in_device_code(s, i)) continue;
    long fn = c2h_function_at(s, s->facts->toks[i].begin);
    if (fn < 0 || fn == reported) continue;
    if (!clock_read_as_time(s, i, s->facts->functions[fn].end)) continue;
    reported = fn;
    const c2h_token *t = &s->facts->toks[i];
    rc = c2h_scan_diag(s, i, i + 2, C2H_SEV_WARNING, C2H_CHECK_DEVICE_CLOCK, NULL,
                       "%.*s() is used as time: on gfx942 it counts shader-clock cycles, whose rate differs "
                       "from NVIDIA's and varies with power management, so cycle differences, budgets and "
                       "timeouts do not convert to time; use wall_clock64() and divide differences by "
                       "hipDeviceAttributeWallClockRate (kHz)",
                       (int)(t->end - t->begin), s->src + t->begin);
  }
  return rc;
}
