#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tokens.h"
#include "util/cpus.h"

unsigned long long c2h_scan_now_ms(void) { return c2h_thread_cpu_ms(); }

int c2h_scan_expired(const c2h_scan *s) {
  return s->deadline_ms && c2h_scan_now_ms() >= s->deadline_ms;
}

int c2h_tok_active(const c2h_scan *s, size_t i) {
  return i < s->facts->n_toks && (s->facts->toks[i].ctx != C2H_CTX_UNKNOWN || s->facts->toks[i].expanded);
}

int c2h_tok_is(const c2h_scan *s, size_t i, const char *text) {
  if (i >= s->facts->n_toks) return 0;
  const c2h_token *t = &s->facts->toks[i];
  size_t n = strlen(text);
  return t->end - t->begin == n && memcmp(s->src + t->begin, text, n) == 0;
}

int c2h_tok_is_asm(const c2h_scan *s, size_t i) {
  return c2h_tok_is(s, i, "asm") || c2h_tok_is(s, i, "__asm__") || c2h_tok_is(s, i, "__asm");
}

int c2h_tok_same(const c2h_scan *s, size_t a, size_t b) {
  const c2h_token *x = &s->facts->toks[a], *y = &s->facts->toks[b];
  return x->end - x->begin == y->end - y->begin && memcmp(s->src + x->begin, s->src + y->begin, x->end - x->begin) == 0;
}

/* Binary search: tokens come in source order, so a function's tokens are
 * found without walking every token before it (files with thousands of
 * functions would otherwise cost time quadratic in their size). */
size_t c2h_tok_first_at(const c2h_scan *s, size_t offset) {
  size_t lo = 0, hi = s->facts->n_toks;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (s->facts->toks[mid].begin < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

void c2h_tok_range(const c2h_scan *s, size_t begin, size_t end, size_t *first, size_t *last) {
  *first = c2h_tok_first_at(s, begin);
  *last = end > begin ? c2h_tok_first_at(s, end) : *first;
}

int c2h_tok_is_open(const c2h_scan *s, size_t i) {
  return c2h_tok_is(s, i, "(") || c2h_tok_is(s, i, "[") || c2h_tok_is(s, i, "{");
}

int c2h_tok_is_close(const c2h_scan *s, size_t i) {
  return c2h_tok_is(s, i, ")") || c2h_tok_is(s, i, "]") || c2h_tok_is(s, i, "}");
}

/* Brackets nested deeper than this are not matched. clang stops parsing at
 * this depth (-fbracket-depth), so such code does not compile anyway; and
 * passes that match the brackets at every level of a construct nested
 * thousands deep would take time quadratic in the depth. */
#define MAX_BRACKET_DEPTH 256

size_t c2h_tok_match(const c2h_scan *s, size_t open) {
  size_t n = s->facts->n_toks, depth = 0;
  for (size_t i = open; i < n; i++) {
    if (c2h_tok_is_open(s, i)) {
      if (++depth > MAX_BRACKET_DEPTH) return n;
    } else if (c2h_tok_is_close(s, i) && --depth == 0) {
      return i;
    }
  }
  return n;
}

size_t c2h_tok_match_back(const c2h_scan *s, size_t close, size_t lo) {
  size_t depth = 0;
  for (size_t k = close + 1; k-- > lo;) {
    if (c2h_tok_is_close(s, k)) depth++;
    else if (c2h_tok_is_open(s, k) && --depth == 0) return k;
  }
  return s->facts->n_toks;
}

void c2h_tok_strip_parens(const c2h_scan *s, size_t *a, size_t *b) {
  while (*a < *b && c2h_tok_is(s, *a, "(") && c2h_tok_match(s, *a) == *b) (*a)++, (*b)--;
}

size_t c2h_tok_split(const c2h_scan *s, size_t open, size_t close, c2h_tok_span *spans, size_t max) {
  if (close <= open + 1) return 0;
  size_t count = 0, depth = 0, angles = 0, start = open + 1;
  for (size_t i = open + 1; i <= close; i++) {
    if (i < close && c2h_tok_is_open(s, i)) {
      depth++;
    } else if (i < close && c2h_tok_is_close(s, i)) {
      depth--;
    } else if (i < close && c2h_tok_is(s, i, "<") && s->facts->toks[i - 1].template_name) {
      angles++; /* template arguments: their commas do not split */
    } else if (i < close && angles && c2h_tok_is(s, i, ">")) {
      angles--;
    } else if (i < close && angles && c2h_tok_is(s, i, ">>")) {
      angles = angles > 1 ? angles - 2 : 0;
    } else if (i == close || (depth == 0 && angles == 0 && c2h_tok_is(s, i, ","))) {
      if (count < max) spans[count] = (c2h_tok_span){start, i - 1};
      count++;
      start = i + 1;
    }
  }
  return count;
}

size_t c2h_tok_kernel_name(const c2h_scan *s, size_t launch, int *templated) {
  size_t n = s->facts->n_toks, i = launch;
  *templated = 0;
  if (i == 0) return n;
  i--;
  if (c2h_tok_is(s, i, ">") || c2h_tok_is(s, i, ">>")) {
    int depth = 0;
    for (;; i--) {
      if (c2h_tok_is(s, i, ">")) depth++;
      else if (c2h_tok_is(s, i, ">>")) depth += 2;
      else if (c2h_tok_is(s, i, "<")) depth--;
      if (depth == 0 || i == 0) break;
    }
    if (depth != 0 || i == 0) return n;
    *templated = 1;
    i--; /* the template name */
  }
  return s->facts->toks[i].kind == C2H_TOK_IDENT ? i : n;
}

size_t c2h_tok_launch_close(const c2h_scan *s, size_t launch) {
  size_t depth = 0;
  for (size_t i = launch + 1; i < s->facts->n_toks; i++) {
    if (c2h_tok_is_open(s, i)) {
      depth++;
    } else if (c2h_tok_is_close(s, i)) {
      if (depth == 0) break;
      depth--;
    } else if (depth == 0 && c2h_tok_is(s, i, ">>>")) {
      return i;
    }
  }
  return s->facts->n_toks;
}

c2h_pos c2h_tok_begin_pos(const c2h_scan *s, size_t i) {
  const c2h_token *t = &s->facts->toks[i];
  return (c2h_pos){t->line, t->col, t->begin};
}

c2h_pos c2h_tok_end_pos(const c2h_scan *s, size_t i) {
  const c2h_token *t = &s->facts->toks[i];
  /* Tokens do not span lines, except for rare escaped newlines. */
  return (c2h_pos){t->line, t->col + (unsigned)(t->end - t->begin), t->end};
}

c2h_platform c2h_tok_platform(const c2h_scan *s, size_t i) {
  return i < s->facts->n_toks ? s->facts->toks[i].platform : C2H_PLATFORM_BOTH;
}

int c2h_tok_platform_only(const c2h_scan *s, size_t i) { return c2h_tok_platform(s, i) != C2H_PLATFORM_BOTH; }

/* Inline PTX in a branch HIP never compiles: one note for the branch (the
 * first asm statement in it), nothing for the rest. */
static int note_ptx_block(c2h_scan *s, size_t first, size_t last) {
  unsigned line = s->facts->toks[first].platform_line;
  /* The branch's note, if there is one already: a PTX note at a token of
   * the same branch (the newest first: a branch's asm statements come in
   * order). */
  for (size_t k = s->diags->len; k-- > 0;) {
    const c2h_diag *d = &s->diags->items[k];
    if (d->check != C2H_CHECK_PTX_INLINE_ASM || d->severity != C2H_SEV_NOTE || d->begin.line < line) continue;
    size_t a, b;
    c2h_tok_range(s, d->begin.offset, d->begin.offset + 1, &a, &b);
    if (a < b && s->facts->toks[a].platform == C2H_PLATFORM_CUDA && s->facts->toks[a].platform_line == line) return 0;
  }
  return c2h_diag_list_add(s->diags, s->path, c2h_tok_begin_pos(s, first), c2h_tok_end_pos(s, last), C2H_SEV_NOTE,
                           C2H_CHECK_PTX_INLINE_ASM, NULL,
                           "inline PTX in a branch HIP never compiles (the one opened at line %u): nothing "
                           "to port here as long as the code HIP compiles instead does the same",
                           line);
}

int c2h_scan_diag(c2h_scan *s, size_t first, size_t last, c2h_severity sev, c2h_check check,
                  const char *replacement, const char *fmt, ...) {
  c2h_platform p = c2h_tok_platform(s, first);
  if (p == C2H_PLATFORM_CUDA && check == C2H_CHECK_PTX_INLINE_ASM) return note_ptx_block(s, first, last);
  if (p != C2H_PLATFORM_BOTH) return 0;
  va_list ap;
  va_start(ap, fmt);
  char tmp[1024];
  vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  return c2h_diag_list_add(s->diags, s->path, c2h_tok_begin_pos(s, first), c2h_tok_end_pos(s, last),
                           sev, check, replacement, "%s", tmp);
}

size_t c2h_functions_begun_by(const c2h_scan *s, size_t offset) {
  size_t lo = 0, hi = s->facts->n_functions;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (s->facts->functions[mid].begin <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/* The last function (in source order) begun by the offset that still
 * holds it is the innermost: found from the last one begun, backwards, so
 * that a file of thousands of functions does not cost a walk over all of
 * them per token asked about. */
long c2h_function_at(const c2h_scan *s, size_t offset) {
  for (size_t k = c2h_functions_begun_by(s, offset); k-- > 0;)
    if (offset < s->facts->functions[k].end) return (long)k;
  return -1;
}

long c2h_tok_function_at(const c2h_scan *s, size_t i, size_t *fb, size_t *fe) {
  long found = c2h_function_at(s, s->facts->toks[i].begin);
  if (found >= 0) c2h_tok_range(s, s->facts->functions[found].begin, s->facts->functions[found].end, fb, fe);
  return found;
}

int c2h_tok_literal_value(const c2h_scan *s, size_t i, unsigned long long *v) {
  const c2h_token *t = &s->facts->toks[i];
  if (t->kind != C2H_TOK_LITERAL) return 0;
  char buf[40];
  size_t n = t->end - t->begin;
  if (n == 0 || n >= sizeof buf || !isdigit((unsigned char)s->src[t->begin])) return 0;
  memcpy(buf, s->src + t->begin, n);
  buf[n] = '\0';
  char *end;
  *v = strtoull(buf, &end, 0);
  while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L') end++;
  return *end == '\0' && end != buf;
}

int c2h_tok_int_value(const c2h_scan *s, size_t i, long long *value) {
  unsigned long long v;
  if (i >= s->facts->n_toks || !c2h_tok_literal_value(s, i, &v) || v > (unsigned long long)LLONG_MAX) return 0;
  *value = (long long)v;
  return 1;
}

int c2h_tok_ident_is(const c2h_scan *s, size_t i, const char *name) {
  return c2h_tok_is_ident(s, i) && c2h_tok_is(s, i, name);
}

int c2h_tok_is_call(const c2h_scan *s, size_t i, const char *name) {
  return c2h_tok_ident_is(s, i, name) && c2h_tok_is(s, i + 1, "(");
}

int c2h_tok_in_device_code(const c2h_scan *s, size_t i) {
  c2h_code_ctx c = s->facts->toks[i].ctx;
  return c == C2H_CTX_DEVICE || c == C2H_CTX_KERNEL || c == C2H_CTX_HOST_DEVICE;
}

int c2h_tok_names_function(const c2h_scan *s, size_t t) {
  /* A function's name lies between its beginning and its body, where no
   * other function begins: the function it names is among the last ones
   * begun by it, before one that ended earlier. */
  size_t at = s->facts->toks[t].begin;
  for (size_t k = c2h_functions_begun_by(s, at); k-- > 0;) {
    const c2h_function *fn = &s->facts->functions[k];
    if (fn->name_begin == at) return 1;
    if (fn->end <= at) break;
  }
  return 0;
}

int c2h_tok_is_comparison(const c2h_scan *s, size_t i) {
  return c2h_tok_is(s, i, "<") || c2h_tok_is(s, i, "<=") || c2h_tok_is(s, i, ">") || c2h_tok_is(s, i, ">=") ||
         c2h_tok_is(s, i, "==") || c2h_tok_is(s, i, "!=");
}

int c2h_tok_compare(const c2h_scan *s, size_t op, long long l, long long r) {
  return c2h_tok_is(s, op, "<")    ? l < r
         : c2h_tok_is(s, op, "<=") ? l <= r
         : c2h_tok_is(s, op, ">")  ? l > r
         : c2h_tok_is(s, op, ">=") ? l >= r
         : c2h_tok_is(s, op, "==") ? l == r
                                   : l != r;
}

/* ---- directives ---- */

int c2h_tok_is_directive(const c2h_scan *s, size_t i) {
  return c2h_tok_is(s, i, "#") && (i == 0 || s->facts->toks[i - 1].line != s->facts->toks[i].line);
}

/* Byte offset where the directive whose '#' is token i ends: the first
 * newline no backslash continues. */
static size_t directive_end(const c2h_scan *s, size_t i) {
  for (size_t p = s->facts->toks[i].begin; p < s->len; p++)
    if (s->src[p] == '\n' && !(p > 0 && s->src[p - 1] == '\\') &&
        !(p > 1 && s->src[p - 1] == '\r' && s->src[p - 2] == '\\'))
      return p;
  return s->len;
}

size_t c2h_tok_directive_of(const c2h_scan *s, size_t i) {
  for (size_t j = i + 1; j-- > 0 && i - j < 512;)
    if (c2h_tok_is_directive(s, j)) return directive_end(s, j) > s->facts->toks[i].begin ? j : s->facts->n_toks;
  return s->facts->n_toks;
}

size_t c2h_tok_directive_stop(const c2h_scan *s, size_t d) {
  size_t stop = directive_end(s, d), j = d + 1;
  while (j < s->facts->n_toks && s->facts->toks[j].begin < stop) j++;
  return j;
}

/* Code between conditional directives may not be compiled at all, and the
 * walks over blocks and statements cannot tell which branch is. */
int c2h_tok_has_conditional(const c2h_scan *s, size_t a, size_t b) {
  static const char *const words[] = {"if", "ifdef", "ifndef", "elif", "else", "endif"};
  for (size_t j = a; j + 1 < b; j++) {
    if (!c2h_tok_is(s, j, "#") || c2h_tok(s, j + 1)->line != c2h_tok(s, j)->line) continue;
    if (j > 0 && c2h_tok(s, j - 1)->line == c2h_tok(s, j)->line) continue; /* not at a line's start */
    for (size_t k = 0; k < sizeof words / sizeof *words; k++)
      if (c2h_tok_is(s, j + 1, words[k])) return 1;
  }
  return 0;
}

size_t c2h_scan_device_function_at(const c2h_scan *s, size_t i) {
  const c2h_tu_facts *f = s->facts;
  if (i >= f->n_toks) return (size_t)-1;
  size_t at = f->toks[i].begin;
  /* Functions are sorted by their start, so the first one whose body holds
   * the token is the outermost: the model's unit, as the checks read it. */
  for (size_t k = 0; k < f->n_functions && f->functions[k].begin <= at; k++) {
    const c2h_function *fn = &f->functions[k];
    if (at >= fn->end) continue;
    if (fn->ctx != C2H_CTX_DEVICE && fn->ctx != C2H_CTX_KERNEL && fn->ctx != C2H_CTX_HOST_DEVICE) continue;
    return k;
  }
  return (size_t)-1;
}

unsigned c2h_scan_lanes_at(const c2h_scan *s, size_t i) {
  size_t k = s->warp_lanes ? c2h_scan_device_function_at(s, i) : (size_t)-1;
  return k == (size_t)-1 ? 0 : s->warp_lanes[k];
}

int c2h_scan_half_wave_at(const c2h_scan *s, size_t i) {
  return s->wave64 == C2H_WAVE64_REWRITE && c2h_scan_lanes_at(s, i) == C2H_LANES_32;
}
