/* setup.py scripts that build PyTorch extensions (torch.utils.cpp_extension's
 * CUDAExtension / BuildExtension), read with the Python tokenizer of
 * python.c, never run.
 *
 * What goes to nvcc is found by following values, not by the shape of one
 * line: the value of an 'nvcc' key of a dict display (or dict(nvcc=...)),
 * the extra_cuda_cflags= argument of load() / load_inline() (JIT builds),
 * assignments to X['nvcc'], and variables whose name holds "nvcc"; a name
 * used in such a value is followed to its assignments, +=, append(),
 * extend() and insert() calls, and a function called there to its return
 * values. The string literals found are the words of one nvcc command line
 * per variable (per list display otherwise), mapped by the same table as
 * CMake and Make flags (c2h_bf_map_nvcc_flags); the results are written
 * back as list elements (a removed flag takes its comma, or its line, with
 * it; a removed append() statement its line, or becomes `pass` when it was
 * alone in its block). The 'nvcc' key stays: ROCm PyTorch passes
 * extra_compile_args['nvcc'] to hipcc.
 *
 * An `if` whose condition tests ROCm (torch.version.hip, ROCM_HOME,
 * IS_HIP_EXTENSION, any name with "rocm" or a "hip" word) means the script
 * was ported already there: neither that branch nor its else branches
 * (taken only with CUDA) are edited or reported. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buildfiles/buildfiles.h"
#include "util/buf.h"

#define NONE ((size_t)-1)

/* The steps an evaluation of the build flags (include_dirs=,
 * define_macros=) may take, in all: a script's own take tens. */
#define FLAG_STEPS 100000

typedef enum elem_kind {
  IN_LIST,   /* an element of the list display opened at token `at` */
  IN_APPEND, /* the argument of V.append(...), the statement p->named[at] */
  IN_OTHER,  /* elsewhere: replaced, never removed */
  IN_OPAQUE  /* a value computed at run time (an f-string, "-arch=sm_%s" % cc, "a" + b): a word nobody may edit */
} elem_kind;

typedef struct elem {
  size_t tok;
  elem_kind kind;
  size_t at;
} elem;

typedef struct run {
  elem *items;
  size_t len, cap;
} run;

typedef struct var {
  size_t b, e; /* the name's bytes */
  size_t run;
  int done;
} var;

typedef struct py {
  c2h_bf_ctx *ctx;
  const char *src;
  c2h_py_file f;
  unsigned char *skip;     /* per logical line: inside an if-chain that tests ROCm */
  unsigned char *claimed;  /* per token: a string taken by a run (2: a computed one not reported yet) */
  unsigned char *listed;   /* per token: a list display with elements to remove */
  run *runs;
  size_t n_runs, cap_runs;
  var *vars;
  size_t n_vars, cap_vars;
  size_t *dead_lines; /* append() statements to remove */
  size_t n_dead, cap_dead;
  size_t *walked_defs; /* functions whose returns were followed */
  size_t n_walked, cap_walked;
  struct named *named; /* the statements that start with a name, by name then place */
  size_t n_named;
  unsigned char *named_var; /* per entry of named: the first of a variable's statements that is followed */
  size_t *stmt_of;          /* per token: the first token of its simple statement */
  /* Evaluating include_dirs= / define_macros= (for the parse): the steps
   * left before the evaluation gives up, and the token of the argument it
   * gave up in (NONE: none). */
  size_t budget;
  size_t cut_at;
} py;

/* A simple statement that starts with a name: at the start of a logical
 * line, after a `;`, or after the `:` of a compound statement's header on
 * its line (`if cc: flags.append(...)`). Tokens [tok, end). */
typedef struct named {
  const char *s;
  size_t n;
  size_t line;
  size_t tok, end;
} named;

/* ---- tokens ------------------------------------------------------------- */

static int tok_is(const py *p, size_t i, c2h_py_tok_kind k, const char *s) {
  if (i >= p->f.n_toks) return 0;
  const c2h_py_tok *t = &p->f.toks[i];
  size_t n = strlen(s);
  return t->kind == k && t->e - t->b == n && memcmp(p->src + t->b, s, n) == 0;
}

static int is_op(const py *p, size_t i, const char *s) { return tok_is(p, i, C2H_PY_OP, s); }
static int is_name(const py *p, size_t i, const char *s) { return tok_is(p, i, C2H_PY_NAME, s); }

/* The token closing the bracket opened at i (or n_toks). */
static size_t close_of(const py *p, size_t i) {
  unsigned d = p->f.toks[i].depth;
  for (size_t j = i + 1; j < p->f.n_toks; j++)
    if (p->f.toks[j].depth == d && (is_op(p, j, ")") || is_op(p, j, "]") || is_op(p, j, "}"))) return j;
  return p->f.n_toks;
}

/* A plain string literal: its content is its value. */
static int plain_string(const py *p, size_t i) {
  const c2h_py_tok *t = &p->f.toks[i];
  return t->kind == C2H_PY_STRING && !t->fmt && !t->bytes && !t->escapes &&
         !(i + 1 < p->f.n_toks && p->f.toks[i + 1].kind == C2H_PY_STRING) &&
         !(i > 0 && p->f.toks[i - 1].kind == C2H_PY_STRING);
}

static int content_is(const py *p, size_t i, const char *s) {
  const c2h_py_tok *t = &p->f.toks[i];
  size_t n = strlen(s);
  return plain_string(p, i) && t->ce - t->cb == n && memcmp(p->src + t->cb, s, n) == 0;
}

/* A plain string whose value is built at run time: an operand of `+` or
 * `%`, or the object of a method call ("-arch=sm_{}".format(cc)). Its text
 * is only part of a word: it cannot be rewritten exactly where it is. */
static int computed(const py *p, size_t i) {
  return (i > 0 && (is_op(p, i - 1, "+") || is_op(p, i - 1, "%"))) || is_op(p, i + 1, "+") ||
         is_op(p, i + 1, "%") || is_op(p, i + 1, ".");
}

static int same_name(const py *p, size_t i, size_t b, size_t e) {
  const c2h_py_tok *t = &p->f.toks[i];
  return t->kind == C2H_PY_NAME && t->e - t->b == e - b && memcmp(p->src + t->b, p->src + b, e - b) == 0;
}

/* The end of the expression starting at i: the first ',' ':' or closing
 * bracket at its depth, or the end of its logical line. */
static size_t expr_end(const py *p, size_t i) {
  unsigned d = p->f.toks[i].depth;
  size_t line = p->f.toks[i].line;
  size_t j = i;
  for (; j < p->f.n_toks && p->f.toks[j].line == line; j++) {
    const c2h_py_tok *t = &p->f.toks[j];
    if (t->depth < d) break;
    if (t->depth == d && (is_op(p, j, "(") || is_op(p, j, "[") || is_op(p, j, "{"))) {
      j = close_of(p, j);
      if (j >= p->f.n_toks) break;
      continue;
    }
    if (t->depth == d && (is_op(p, j, ",") || (is_op(p, j, ":") && j > i) || is_op(p, j, ")") ||
                          is_op(p, j, "]") || is_op(p, j, "}") || is_op(p, j, ";")))
      break;
  }
  return j;
}

static size_t line_end_tok(const py *p, size_t line) { return p->f.lines[line].first + p->f.lines[line].n; }

/* ---- lines by their first name ------------------------------------------ */

static int cmp_named(const void *a, const void *b) {
  const named *x = a, *y = b;
  size_t n = x->n < y->n ? x->n : y->n;
  int c = memcmp(x->s, y->s, n);
  if (c) return c;
  if (x->n != y->n) return x->n < y->n ? -1 : 1;
  return x->tok < y->tok ? -1 : x->tok > y->tok;
}

static int compound_keyword(const py *p, size_t i) {
  static const char *const kw[] = {"if", "elif", "else", "for", "while", "with", "try", "except", "finally",
                                   "def", "class", "async", NULL};
  for (size_t k = 0; kw[k]; k++)
    if (is_name(p, i, kw[k])) return 1;
  return 0;
}

static int add_named(py *p, size_t *cap, size_t line, size_t tok, size_t end) {
  const c2h_py_tok *t = &p->f.toks[tok];
  if (tok >= end || t->kind != C2H_PY_NAME) return 0;
  if (p->n_named == *cap) {
    size_t c = *cap * 2;
    named *x = realloc(p->named, c * sizeof *x);
    if (!x) return C2H_ERR_NOMEM;
    p->named = x;
    *cap = c;
  }
  p->named[p->n_named++] = (named){p->src + t->b, t->e - t->b, line, tok, end};
  return 0;
}

/* Indexes the simple statements that start with a name (V = ...,
 * V.append(...)), so that a variable's definitions are found without
 * reading every line, wherever on its line a statement stands. */
static int index_names(py *p) {
  size_t cap = p->f.n_lines + 16;
  if (!(p->named = malloc(cap * sizeof *p->named)) || !(p->stmt_of = calloc(p->f.n_toks + 1, sizeof *p->stmt_of)))
    return C2H_ERR_NOMEM;
  int rc = 0;
  for (size_t l = 0; l < p->f.n_lines && rc == 0; l++) {
    size_t first = p->f.lines[l].first, end = line_end_tok(p, l);
    size_t start = first;
    int header = compound_keyword(p, first);
    for (size_t j = first; j < end && rc == 0; j++) {
      p->stmt_of[j] = start;
      if (p->f.toks[j].depth != 0) continue;
      if (is_op(p, j, ";")) {
        rc = add_named(p, &cap, l, start, j);
        start = j + 1;
        header = compound_keyword(p, start);
      } else if (header && is_op(p, j, ":")) {
        /* The header ends here; a statement may follow on the line. */
        start = j + 1;
        header = compound_keyword(p, start);
      }
    }
    if (!rc) rc = add_named(p, &cap, l, start, end);
  }
  if (!rc && p->n_named > 1) qsort(p->named, p->n_named, sizeof *p->named, cmp_named);
  if (!rc && !(p->named_var = calloc(p->n_named + 1, 1))) rc = C2H_ERR_NOMEM;
  return rc;
}

/* The statements starting with the name src[b, e), in file order:
 * p->named[*from, *to). */
static void lines_named(const py *p, size_t b, size_t e, size_t *from, size_t *to) {
  named key = {p->src + b, e - b, 0, 0, 0};
  size_t lo = 0, hi = p->n_named;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (cmp_named(&p->named[mid], &key) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  *from = lo;
  while (lo < p->n_named && p->named[lo].n == e - b && memcmp(p->named[lo].s, p->src + b, e - b) == 0) lo++;
  *to = lo;
}

/* ---- ROCm branches ------------------------------------------------------ */

static int rocm_word(const char *s, size_t n) {
  for (size_t k = 0; k + 4 <= n; k++)
    if ((s[k] | 0x20) == 'r' && (s[k + 1] | 0x20) == 'o' && (s[k + 2] | 0x20) == 'c' && (s[k + 3] | 0x20) == 'm')
      return 1;
  /* "hip" as a word between underscores: HIP_BUILD, is_hip, torch.version.hip */
  for (size_t k = 0; k + 3 <= n; k++)
    if ((k == 0 || s[k - 1] == '_') && (k + 3 == n || s[k + 3] == '_') && (s[k] | 0x20) == 'h' &&
        (s[k + 1] | 0x20) == 'i' && (s[k + 2] | 0x20) == 'p')
      return 1;
  return 0;
}

static int first_is(const py *p, size_t line, const char *kw) { return is_name(p, p->f.lines[line].first, kw); }

static void mark_rocm_branches(py *p) {
  for (size_t l = 0; l < p->f.n_lines; l++) {
    if (!first_is(p, l, "if") && !first_is(p, l, "elif")) continue;
    int rocm = 0;
    for (size_t t = p->f.lines[l].first; t < line_end_tok(p, l) && !rocm; t++)
      rocm = p->f.toks[t].kind == C2H_PY_NAME && rocm_word(p->src + p->f.toks[t].b, p->f.toks[t].e - p->f.toks[t].b);
    if (!rocm) continue;
    /* This header, its body, and the elif / else branches after it. */
    unsigned ind = p->f.lines[l].indent;
    size_t k = l;
    p->skip[k++] = 1;
    for (;;) {
      while (k < p->f.n_lines && p->f.lines[k].indent > ind) p->skip[k++] = 1;
      if (k < p->f.n_lines && p->f.lines[k].indent == ind && (first_is(p, k, "elif") || first_is(p, k, "else")))
        p->skip[k++] = 1;
      else
        break;
    }
    l = k - 1;
  }
}

/* ---- following values ----------------------------------------------------- */

static int new_run(py *p, size_t *out) {
  if (p->n_runs == p->cap_runs) {
    size_t cap = p->cap_runs ? p->cap_runs * 2 : 16;
    run *r = realloc(p->runs, cap * sizeof *r);
    if (!r) return C2H_ERR_NOMEM;
    p->runs = r;
    p->cap_runs = cap;
  }
  memset(&p->runs[p->n_runs], 0, sizeof p->runs[0]);
  *out = p->n_runs++;
  return 0;
}

static int add_elem(py *p, size_t r, size_t tok, elem_kind kind, size_t at) {
  if (p->claimed[tok]) return 0;
  p->claimed[tok] = kind == IN_OPAQUE ? 2 : 1; /* 2: still to be reported, if it is an architecture */
  run *x = &p->runs[r];
  if (x->len == x->cap) {
    size_t cap = x->cap ? x->cap * 2 : 8;
    elem *e = realloc(x->items, cap * sizeof *e);
    if (!e) return C2H_ERR_NOMEM;
    x->items = e;
    x->cap = cap;
  }
  x->items[x->len++] = (elem){tok, kind, at};
  return 0;
}

static int add_var(py *p, size_t b, size_t e) {
  /* A name no line defines has nothing to follow; one already followed is
   * marked at the first of its lines. */
  size_t from, to;
  lines_named(p, b, e, &from, &to);
  if (from == to || p->named_var[from]) return 0;
  p->named_var[from] = 1;
  if (p->n_vars == p->cap_vars) {
    size_t cap = p->cap_vars ? p->cap_vars * 2 : 16;
    var *v = realloc(p->vars, cap * sizeof *v);
    if (!v) return C2H_ERR_NOMEM;
    p->vars = v;
    p->cap_vars = cap;
  }
  size_t r;
  int rc = new_run(p, &r);
  if (rc) return rc;
  p->vars[p->n_vars++] = (var){b, e, r, 0};
  return 0;
}

static int push_size(size_t **a, size_t *n, size_t *cap, size_t v) {
  if (*n == *cap) {
    size_t c = *cap ? *cap * 2 : 16;
    size_t *x = realloc(*a, c * sizeof *x);
    if (!x) return C2H_ERR_NOMEM;
    *a = x;
    *cap = c;
  }
  (*a)[(*n)++] = v;
  return 0;
}

static int walk_expr(py *p, size_t b, size_t e, size_t r, unsigned level);

/* The return values of `def NAME(...)` (the function called at token i). */
static int walk_returns(py *p, size_t name_tok, unsigned level) {
  for (size_t l = 0; l < p->f.n_lines; l++) {
    size_t t = p->f.lines[l].first;
    if (!is_name(p, t, "def") || t + 1 >= p->f.n_toks ||
        !same_name(p, t + 1, p->f.toks[name_tok].b, p->f.toks[name_tok].e))
      continue;
    for (size_t k = 0; k < p->n_walked; k++)
      if (p->walked_defs[k] == l) return 0;
    int rc = push_size(&p->walked_defs, &p->n_walked, &p->cap_walked, l);
    for (size_t k = l + 1; rc == 0 && k < p->f.n_lines && p->f.lines[k].indent > p->f.lines[l].indent; k++) {
      size_t f0 = p->f.lines[k].first;
      if (!p->skip[k] && is_name(p, f0, "return") && f0 + 1 < line_end_tok(p, k))
        rc = walk_expr(p, f0 + 1, line_end_tok(p, k), NONE, level + 1);
    }
    return rc;
  }
  return 0;
}

/* Follows the expression in tokens [b, e): its string literals are words of
 * run r (NONE: each list display is a run of its own). */
static int walk_expr(py *p, size_t b, size_t e, size_t r, unsigned level) {
  int rc = 0;
  if (level > 16) return 0;
  for (size_t i = b; i < e && rc == 0;) {
    const c2h_py_tok *t = &p->f.toks[i];
    if (t->kind == C2H_PY_STRING) {
      if (plain_string(p, i)) {
        size_t rr = r;
        if (rr == NONE && (rc = new_run(p, &rr))) break;
        rc = add_elem(p, rr, i, computed(p, i) ? IN_OPAQUE : IN_OTHER, NONE);
      }
      i++;
    } else if (is_op(p, i, "[")) {
      size_t c = close_of(p, i);
      int comp = 0;
      for (size_t k = i + 1; k < c; k++) comp |= p->f.toks[k].depth == t->depth + 1 && is_name(p, k, "for");
      size_t rr = r;
      if (!comp && rr == NONE && (rc = new_run(p, &rr))) break;
      for (size_t k = i + 1; !comp && k < c && rc == 0;) {
        size_t ee = expr_end(p, k);
        if (ee == k) {
          k++;
          continue;
        }
        if (ee == k + 1 && plain_string(p, k))
          rc = add_elem(p, rr, k, IN_LIST, i);
        else if (ee == k + 1 && p->f.toks[k].kind == C2H_PY_STRING)
          rc = add_elem(p, rr, k, IN_OPAQUE, i); /* may be the value of the flag before it */
        else
          rc = walk_expr(p, k, ee, rr, level + 1);
        k = ee + 1;
      }
      i = c + 1;
    } else if (is_op(p, i, "(")) {
      size_t c = close_of(p, i);
      int call = i > b && (p->f.toks[i - 1].kind == C2H_PY_NAME || is_op(p, i - 1, ")") || is_op(p, i - 1, "]"));
      if (call) {
        /* The lists and names among the arguments are flags passed on
         * (append_flags([...] + cc_flag)); bare strings are not. */
        for (size_t k = i + 1; k < c && rc == 0;) {
          size_t ee = expr_end(p, k);
          if (ee > k && !(ee == k + 1 && p->f.toks[k].kind == C2H_PY_STRING) &&
              !(ee > k + 1 && is_op(p, k + 1, "=")))
            rc = walk_expr(p, k, ee, r, level + 1);
          k = ee + 1;
        }
        if (rc == 0 && p->f.toks[i - 1].kind == C2H_PY_NAME && !(i >= 2 && is_op(p, i - 2, ".")))
          rc = walk_returns(p, i - 1, level);
      } else {
        rc = walk_expr(p, i + 1, c, r, level + 1);
      }
      i = c + 1;
    } else if (is_op(p, i, "{")) {
      i = close_of(p, i) + 1;
    } else if (t->kind == C2H_PY_NAME) {
      int dotted = (i > 0 && is_op(p, i - 1, ".")) || (i + 1 < e && is_op(p, i + 1, "."));
      int called = i + 1 < e && (is_op(p, i + 1, "(") || is_op(p, i + 1, "["));
      if (!dotted && !called && !is_name(p, i, "None") && !is_name(p, i, "if") && !is_name(p, i, "else") &&
          !is_name(p, i, "for") && !is_name(p, i, "in") && !is_name(p, i, "and") && !is_name(p, i, "or") &&
          !is_name(p, i, "not"))
        rc = add_var(p, t->b, t->e);
      i++;
    } else {
      i++;
    }
  }
  return rc;
}

/* The definitions of variable v: V = / += expr, V.append / .insert / .extend. */
static int walk_var(py *p, size_t v) {
  int rc = 0;
  size_t vb = p->vars[v].b, ve = p->vars[v].e, r = p->vars[v].run, from, to;
  lines_named(p, vb, ve, &from, &to);
  for (size_t x = from; x < to && rc == 0; x++) {
    size_t l = p->named[x].line;
    if (p->skip[l]) continue;
    size_t t = p->named[x].tok, end = p->named[x].end;
    if (!same_name(p, t, vb, ve) || t + 2 >= end + 1) continue;
    if ((is_op(p, t + 1, "=") || is_op(p, t + 1, "+=")) && t + 2 < end) {
      rc = walk_expr(p, t + 2, end, r, 0);
    } else if (is_op(p, t + 1, ".") && t + 3 < end && is_op(p, t + 3, "(")) {
      size_t c = close_of(p, t + 3);
      size_t a = t + 4;
      if (is_name(p, t + 2, "insert")) a = expr_end(p, a) + 1;
      if (a >= c) continue;
      if (is_name(p, t + 2, "append") || is_name(p, t + 2, "insert")) {
        if (expr_end(p, a) == a + 1 && plain_string(p, a))
          rc = add_elem(p, r, a, c + 1 == end && is_name(p, t + 2, "append") ? IN_APPEND : IN_OTHER, x);
        else
          rc = walk_expr(p, a, c, r, 0);
      } else if (is_name(p, t + 2, "extend")) {
        rc = walk_expr(p, a, c, r, 0);
      }
    }
  }
  return rc;
}

static int name_has_nvcc(const char *s, size_t n) {
  for (size_t k = 0; k + 4 <= n; k++)
    if ((s[k] | 0x20) == 'n' && (s[k + 1] | 0x20) == 'v' && (s[k + 2] | 0x20) == 'c' && (s[k + 3] | 0x20) == 'c')
      return 1;
  return 0;
}

static int starts_with(const char *s, size_t n, const char *w) {
  size_t m = strlen(w);
  return n >= m && memcmp(s, w, m) == 0;
}

/* Whether a string's value is (the start of) an nvcc architecture flag. */
static int arch_flag_text(const char *s, size_t n) {
  return !memchr(s, '\n', n) &&
         (starts_with(s, n, "-gencode") || starts_with(s, n, "--generate-code") || starts_with(s, n, "-arch=sm_") ||
          starts_with(s, n, "-arch=compute_") || starts_with(s, n, "--gpu-architecture") ||
          starts_with(s, n, "arch=compute_") || starts_with(s, n, "-code=sm_"));
}

/* Where values reach nvcc: 'nvcc': v in dicts, dict(nvcc=v), X['nvcc'] = v,
 * and the variables named for nvcc. */
static int find_roots(py *p) {
  int rc = 0;
  for (size_t i = 0; i < p->f.n_toks && rc == 0; i++) {
    const c2h_py_tok *t = &p->f.toks[i];
    if (p->skip[t->line]) continue;
    if (content_is(p, i, "nvcc") && i + 2 < p->f.n_toks) {
      if (is_op(p, i + 1, ":") && t->depth > 0) {
        rc = walk_expr(p, i + 2, expr_end(p, i + 2), NONE, 0);
      } else if (is_op(p, i + 1, "]") && i >= 2 && is_op(p, i - 1, "[") && p->f.toks[i - 2].kind == C2H_PY_NAME &&
                 (is_op(p, i + 2, "=") || is_op(p, i + 2, "+=")) && i + 3 < p->f.n_toks) {
        rc = walk_expr(p, i + 3, line_end_tok(p, t->line), NONE, 0);
      }
    } else if ((is_name(p, i, "nvcc") || is_name(p, i, "extra_cuda_cflags")) && is_op(p, i + 1, "=") &&
               t->depth > 0 && i + 2 < p->f.n_toks) {
      /* dict(nvcc=...), and load(..., extra_cuda_cflags=...) of a JIT build */
      rc = walk_expr(p, i + 2, expr_end(p, i + 2), NONE, 0);
    } else if (t->kind == C2H_PY_NAME && p->stmt_of[i] == i && name_has_nvcc(p->src + t->b, t->e - t->b) &&
               i + 1 < p->f.n_toks && (is_op(p, i + 1, "=") || is_op(p, i + 1, "+=") || is_op(p, i + 1, "."))) {
      rc = add_var(p, t->b, t->e);
    }
  }
  /* A variable given an nvcc architecture flag is a list of nvcc flags,
   * wherever it goes (cc_flag += ["-gencode", "arch=compute_80,code=sm_80"]
   * in a helper function). */
  for (size_t i = 0; i < p->f.n_toks && rc == 0; i++) {
    const c2h_py_tok *t = &p->f.toks[i];
    if (p->skip[t->line] || !plain_string(p, i) || !arch_flag_text(p->src + t->cb, t->ce - t->cb)) continue;
    size_t f0 = p->stmt_of[i];
    if (f0 + 1 < i && p->f.toks[f0].kind == C2H_PY_NAME &&
        (is_op(p, f0 + 1, "=") || is_op(p, f0 + 1, "+=") || is_op(p, f0 + 1, ".")))
      rc = add_var(p, p->f.toks[f0].b, p->f.toks[f0].e);
  }
  for (size_t v = 0; v < p->n_vars && rc == 0 && !c2h_bf_expired(p->ctx); v++) rc = walk_var(p, v);
  return rc;
}

/* ---- writing the flags back --------------------------------------------- */

static int cmp_elem(const void *a, const void *b) {
  size_t x = ((const elem *)a)->tok, y = ((const elem *)b)->tok;
  return x < y ? -1 : x > y;
}

static int blank(char c) { return c == ' ' || c == '\t'; }

/* The first edit of the sorted list l that begins at or after `at`. */
static size_t first_edit_from(const c2h_edit_list *l, size_t at) {
  size_t lo = 0, hi = l->len;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (l->items[mid].begin < at)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* How many of the n ascending values of a are <= v. */
static size_t count_le(const size_t *a, size_t n, size_t v) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (a[mid] <= v)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* The physical line holding offset at: [*lb, *le), the newline included. */
static void phys_line(const py *p, size_t at, size_t *lb, size_t *le) {
  size_t s = at, e = at;
  while (s > 0 && p->src[s - 1] != '\n') s--;
  while (e < p->ctx->len && p->src[e] != '\n') e++;
  *lb = s;
  *le = e < p->ctx->len ? e + 1 : e;
}

/* Removes the elements marked in del_tok[] from the list display at `open`.
 * A physical line that holds only removed elements (and their commas) goes
 * whole; otherwise an element goes with the comma after it, and a last
 * element with the comma before it. Comments stay. */
static int delete_in_list(py *p, size_t open, const unsigned char *del_tok) {
  size_t c = close_of(p, open);
  size_t *starts = NULL, *ends = NULL, n = 0, cap = 0;
  unsigned char *gone = NULL;
  int rc = 0;
  for (size_t k = open + 1; k < c;) {
    size_t ee = expr_end(p, k);
    if (ee == k) break;
    if (n == cap) {
      size_t nc = cap ? cap * 2 : 64;
      size_t *a = realloc(starts, nc * sizeof *a);
      if (a) starts = a;
      size_t *z = a ? realloc(ends, nc * sizeof *z) : NULL;
      if (!a || !z) {
        rc = C2H_ERR_NOMEM;
        goto done;
      }
      ends = z;
      cap = nc;
    }
    starts[n] = k;
    ends[n++] = ee;
    k = ee + 1;
  }
  if (!(gone = calloc(n + 1, 1))) {
    rc = C2H_ERR_NOMEM;
    goto done;
  }
  for (size_t a = 0; a < n; a++) gone[a] = ends[a] == starts[a] + 1 && del_tok[starts[a]];
  /* The last element kept: removed elements after it take its comma. */
  size_t last_kept = NONE;
  for (size_t a = 0; a < n; a++)
    if (!gone[a]) last_kept = a;
  size_t line_b = NONE;
  int line_whole = 0;
  for (size_t a = 0; a < n && rc == 0; a++) {
    if (!gone[a]) continue;
    const c2h_py_tok *t = &p->f.toks[starts[a]];
    size_t lb, le;
    phys_line(p, t->b, &lb, &le);
    /* Does the line hold nothing but removed elements and commas? (Its
     * tokens, found from the element's own: tokens are in file order.) */
    int whole = 1;
    if (lb == line_b) {
      whole = line_whole; /* the line of the element before */
    } else {
      size_t lo = 0, hi = starts[a];
      while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (p->f.toks[mid].b < lb)
          lo = mid + 1;
        else
          hi = mid;
      }
      for (size_t k = lo; k < p->f.n_toks && p->f.toks[k].b < le && whole; k++) {
        if (is_op(p, k, ",") && k > open && k < c) continue;
        size_t q = count_le(starts, n, k);
        whole = q > 0 && starts[q - 1] == k && gone[q - 1];
      }
      for (size_t i = lb; i < le && whole; i++)
        if (p->src[i] == '#') whole = 0;
      line_b = lb;
      line_whole = whole;
    }
    if (whole && p->src[lb] != '\n') {
      rc = c2h_bf_edit(p->ctx, lb, le, "");
    } else if (last_kept == NONE || a > last_kept) {
      /* After the last element kept: from its end (or the bracket). */
      size_t from = last_kept == NONE ? p->f.toks[open].e : p->f.toks[ends[last_kept] - 1].e;
      size_t z = a;
      while (z + 1 < n) z++;
      size_t to = last_kept == NONE ? p->f.toks[c].b : p->f.toks[starts[z]].e;
      rc = c2h_bf_edit(p->ctx, from, to, "");
      break;
    } else {
      size_t e = t->e, b = t->b;
      if (ends[a] < c && is_op(p, ends[a], ",")) e = p->f.toks[ends[a]].e;
      size_t after = e, before = b;
      while (after < p->ctx->len && blank(p->src[after])) after++;
      while (before > lb && blank(p->src[before - 1])) before--;
      /* Last on its line, after another element: the blanks before it go. */
      if (before > lb && (after == p->ctx->len || p->src[after] == '\n' || p->src[after] == '\r' ||
                          p->src[after] == '#'))
        b = before;
      else
        e = after;
      rc = c2h_bf_edit(p->ctx, b, e, "");
    }
  }
done:
  free(starts);
  free(ends);
  free(gone);
  return rc;
}

/* Maps the words of one run and writes the result back. */
static int map_run(py *p, run *x, unsigned char *del_tok, size_t **lists, size_t *n_lists, size_t *cap_lists) {
  int rc = 0;
  c2h_buf syn;
  c2h_buf_init(&syn);
  c2h_bf_words words;
  c2h_bf_words_init(&words);
  c2h_diag_list diags;
  c2h_diag_list_init(&diags);
  c2h_bf_ctx sub;
  memset(&sub, 0, sizeof sub);
  c2h_edit_list_init(&sub.edits);
  size_t *eb = calloc(x->len + 1, sizeof *eb), *ee = calloc(x->len + 1, sizeof *ee);
  unsigned char *poisoned = calloc(x->len + 1, 1), *kept = calloc(x->len + 1, 1), *dead_edit = NULL;
  size_t *owner_of = NULL, *why_of = NULL;
  if (!eb || !ee || !poisoned || !kept) {
    rc = C2H_ERR_NOMEM;
    goto done;
  }
  if (x->len > 1) qsort(x->items, x->len, sizeof *x->items, cmp_elem);
  for (size_t k = 0; k < x->len && rc == 0; k++) {
    const c2h_py_tok *t = &p->f.toks[x->items[k].tok];
    if (k && (rc = c2h_buf_append(&syn, " ", 1))) break;
    eb[k] = syn.len;
    if (x->items[k].kind == IN_OPAQUE)
      rc = c2h_buf_append(&syn, "\x01", 1); /* a value, not a flag */
    else
      rc = c2h_buf_append(&syn, p->src + t->cb, t->ce - t->cb);
    ee[k] = syn.len;
  }
  if (rc || (rc = c2h_buf_append(&syn, "", 0))) goto done;
  for (size_t k = 0; k < x->len && rc == 0; k++)
    for (size_t i = eb[k]; i < ee[k] && rc == 0;) {
      if (blank(syn.data[i])) {
        i++;
        continue;
      }
      size_t j = i;
      while (j < ee[k] && !blank(syn.data[j])) j++;
      rc = c2h_bf_words_push(&words, i, j);
      i = j;
    }
  if (rc || words.len == 0) goto done;
  size_t zero = 0;
  sub.path = p->ctx->path;
  sub.src = syn.data;
  sub.len = syn.len;
  sub.arch = p->ctx->arch;
  sub.opt = p->ctx->opt;
  sub.nl = p->ctx->nl;
  sub.diags = &diags;
  sub.line_starts = &zero;
  sub.n_lines = 1;
  /* PyTorch's own defines: on ROCm it passes -D__HIP_NO_HALF_OPERATORS__=1
   * and -D__HIP_NO_HALF_CONVERSIONS__=1 to hipcc where it passes the
   * __CUDA_ ones to nvcc, and HIP's headers read only the __HIP_ ones, so
   * a -U (or -D) of them names the HIP ones. */
  for (size_t w = 0; w < words.len && rc == 0; w++) {
    static const char *const half[][2] = {{"__CUDA_NO_HALF_OPERATORS__", "__HIP_NO_HALF_OPERATORS__"},
                                          {"__CUDA_NO_HALF_CONVERSIONS__", "__HIP_NO_HALF_CONVERSIONS__"}};
    const char *ws = syn.data + words.items[w].b;
    size_t wn = words.items[w].e - words.items[w].b;
    if (wn < 3 || ws[0] != '-' || (ws[1] != 'U' && ws[1] != 'D')) continue;
    for (size_t h = 0; h < 2; h++) {
      size_t m = strlen(half[h][0]);
      if (wn >= m + 2 && memcmp(ws + 2, half[h][0], m) == 0 && (wn == m + 2 || ws[m + 2] == '='))
        rc = c2h_bf_edit(&sub, words.items[w].b + 2, words.items[w].b + 2 + m, half[h][1]);
    }
  }
  int arch_done = 0;
  if (rc || (rc = c2h_bf_map_nvcc_flags(&sub, words.items, words.len, 1, &arch_done, 0, syn.len, ""))) goto done;
  size_t bad = 0;
  if (c2h_edit_list_finish(&sub.edits, &bad)) goto done; /* nothing written for a run in doubt */
  /* A flag whose value is computed (-gencode, f"arch=compute_{a},...") is
   * left whole, with its value, and reported: editing one of the two would
   * leave the other alone on hipcc's command line. */
  /* (The edits are sorted by begin and disjoint, so their ends do not go
   * down either: each element's edits are found by binary search or by a
   * cursor that only moves on, and a script of many flags costs n log n.) */
  dead_edit = calloc(sub.edits.len + 1, 1);
  owner_of = calloc(sub.edits.len + 1, sizeof *owner_of);
  if (!dead_edit || !owner_of) {
    rc = C2H_ERR_NOMEM;
    goto done;
  }
  for (size_t k = 0; k < x->len && rc == 0; k++) {
    if (x->items[k].kind != IN_OPAQUE) continue;
    /* One that starts as a flag is a word of its own; another may be the
     * value of the flag before it. */
    const c2h_py_tok *ot = &p->f.toks[x->items[k].tok];
    int own = ot->ce > ot->cb && p->src[ot->cb] == '-';
    size_t lo = k && !own ? eb[k - 1] : eb[k], hi = ee[k];
    /* The one edit that may begin before lo and reach past it, then those
     * that begin in [lo, hi). */
    size_t m0 = first_edit_from(&sub.edits, lo);
    if (m0 > 0) m0--;
    int hit = 0;
    for (size_t m = m0; m < sub.edits.len && sub.edits.items[m].begin < hi && !hit; m++)
      hit = !dead_edit[m] && sub.edits.items[m].end > lo;
    if (!hit) continue;
    poisoned[k] = 1;
    if (k && !own) poisoned[k - 1] = 1;
    for (size_t m = m0; m < sub.edits.len && sub.edits.items[m].begin < hi; m++) {
      const c2h_edit *ed = &sub.edits.items[m];
      if (ed->end > lo || (ed->begin == ed->end && ed->begin >= lo)) dead_edit[m] = 1;
    }
    const c2h_py_tok *f0 = &p->f.toks[x->items[k && !own ? k - 1 : k].tok], *v = &p->f.toks[x->items[k].tok];
    p->claimed[x->items[k].tok] = 1; /* reported here */
    rc = c2h_bf_diag(p->ctx, f0->b, v->e, C2H_SEV_WARNING, NULL,
                     "an nvcc option with a computed value: cu2hip leaves both; hipcc wants --offload-arch=%s "
                     "(or nothing: ROCm PyTorch adds PYTORCH_ROCM_ARCH's architectures)",
                     p->ctx->arch);
  }
  /* The withdrawn edits go, in one pass. */
  size_t n_kept = 0;
  for (size_t m = 0; m < sub.edits.len; m++) {
    if (dead_edit[m])
      free(sub.edits.items[m].text);
    else
      sub.edits.items[n_kept++] = sub.edits.items[m];
  }
  sub.edits.len = n_kept;
  /* Which element owns each edit: the first one it begins in (an insert at
   * an element's end belongs to it). */
  for (size_t m = 0; m < sub.edits.len; m++) {
    const c2h_edit *ed = &sub.edits.items[m];
    size_t a = 0, z = x->len - 1;
    while (a < z) {
      size_t mid = a + (z - a) / 2;
      if (ed->begin < ee[mid] || (ed->begin == ee[mid] && ed->begin == ed->end))
        z = mid;
      else
        a = mid + 1;
    }
    owner_of[m] = a;
  }
  /* The first diagnostic of the mapping about each element: the reason a
   * flag goes, for one that cannot be removed where it is. */
  why_of = malloc((x->len + 1) * sizeof *why_of);
  if (!why_of) {
    rc = C2H_ERR_NOMEM;
    goto done;
  }
  for (size_t k = 0; k <= x->len; k++) why_of[k] = NONE;
  for (size_t d = 0; d < diags.len; d++) {
    size_t k1 = count_le(eb + 1, x->len - 1, diags.items[d].begin.offset);
    if (why_of[k1] == NONE) why_of[k1] = d;
  }
  size_t cursor = 0;
  for (size_t k = 0; k < x->len && rc == 0; k++) {
    /* The element's new text: the edits that start in it (or in the blank
     * before it) applied, clipped to it. */
    c2h_buf out;
    c2h_buf_init(&out);
    size_t pos = eb[k];
    int touched = 0;
    while (cursor < sub.edits.len && sub.edits.items[cursor].end < eb[k]) cursor++;
    for (size_t m = cursor; m < sub.edits.len && sub.edits.items[m].begin <= ee[k] && rc == 0; m++) {
      const c2h_edit *ed = &sub.edits.items[m];
      size_t owner = owner_of[m];
      size_t cb = ed->begin < eb[k] ? eb[k] : ed->begin, ce = ed->end > ee[k] ? ee[k] : ed->end;
      if (cb > ce || (cb == ce && owner != k) || cb < pos) continue;
      rc = c2h_buf_append(&out, syn.data + pos, cb - pos);
      if (!rc && owner == k) rc = c2h_buf_append(&out, ed->text, strlen(ed->text));
      pos = ce;
      touched = 1;
    }
    if (!rc) rc = c2h_buf_append(&out, syn.data + pos, ee[k] - pos);
    if (!rc) rc = c2h_buf_append(&out, "", 0);
    if (rc || !touched) {
      c2h_buf_dispose(&out);
      continue;
    }
    const elem *el = &x->items[k];
    const c2h_py_tok *t = &p->f.toks[el->tok];
    if (el->kind == IN_OPAQUE) {
      c2h_buf_dispose(&out);
      continue;
    }
    size_t s = 0, n = out.len;
    while (s < n && blank(out.data[s])) s++;
    while (n > s && blank(out.data[n - 1])) n--;
    char quote = p->src[t->ce];
    if (n == s) {
      if (el->kind == IN_LIST) {
        del_tok[el->tok] = 1;
        if (!p->listed[el->at]) rc = push_size(lists, n_lists, cap_lists, el->at);
        p->listed[el->at] = 1;
      } else if (el->kind == IN_APPEND) {
        rc = push_size(&p->dead_lines, &p->n_dead, &p->cap_dead, el->at);
      } else {
        /* It stays (a tuple, an argument of another call): the one
         * warning says so, and no note claims it was removed. */
        kept[k] = 1;
        const char *why = NULL;
        if (why_of[k] != NONE) {
          why = strstr(diags.items[why_of[k]].message, "removed: ");
          if (why) why += 9;
        }
        rc = c2h_bf_diag(p->ctx, t->b, t->e, C2H_SEV_WARNING, NULL,
                         "remove this nvcc option by hand (cu2hip cannot remove it from here): %s",
                         why ? why : "hipcc does not take it");
      }
    } else if (memchr(out.data + s, quote, n - s) || memchr(out.data + s, '\\', n - s)) {
      rc = c2h_bf_diag(p->ctx, t->b, t->e, C2H_SEV_WARNING, NULL, "nvcc option: hipcc wants '%.*s'",
                       (int)(n - s), out.data + s);
    } else if (memchr(out.data + s, ' ', n - s) && !memchr(p->src + t->cb, ' ', t->ce - t->cb)) {
      /* One flag became several words: several elements (in a list), or
       * V.append("-dc") -> V.extend(["-fgpu-rdc", "-c"]); never one
       * argument holding a blank. */
      int append = el->kind == IN_APPEND && el->tok >= 2 && is_op(p, el->tok - 1, "(") &&
                   is_name(p, el->tok - 2, "append");
      c2h_buf rep;
      c2h_buf_init(&rep);
      if (append) rc = c2h_buf_append(&rep, "[", 1);
      for (size_t i = s; i < n && rc == 0;) {
        size_t j = i;
        while (j < n && out.data[j] != ' ') j++;
        if (rep.len > (size_t)append) rc = c2h_buf_append(&rep, ", ", 2);
        if (!rc) rc = c2h_buf_append(&rep, p->src + t->b, t->cb - t->b);
        if (!rc) rc = c2h_buf_append(&rep, out.data + i, j - i);
        if (!rc) rc = c2h_buf_append(&rep, p->src + t->ce, t->e - t->ce);
        while (j < n && out.data[j] == ' ') j++;
        i = j;
      }
      if (!rc && append) rc = c2h_buf_append(&rep, "]", 1);
      if (!rc) rc = c2h_buf_append(&rep, "", 0);
      if (rc) {
      } else if (el->kind == IN_LIST) {
        rc = c2h_bf_edit(p->ctx, t->b, t->e, rep.data);
      } else if (append) {
        const c2h_py_tok *a = &p->f.toks[el->tok - 2];
        rc = c2h_bf_edit(p->ctx, a->b, a->e, "extend");
        if (!rc) rc = c2h_bf_edit(p->ctx, t->b, t->e, rep.data);
      } else {
        rc = c2h_bf_diag(p->ctx, t->b, t->e, C2H_SEV_WARNING, NULL,
                         "nvcc option: hipcc wants the separate arguments %s (cu2hip cannot split it here)",
                         rep.data);
      }
      c2h_buf_dispose(&rep);
    } else {
      char *text = c2h_strndup(out.data + s, n - s);
      rc = text ? c2h_bf_edit(p->ctx, t->cb, t->ce, text) : C2H_ERR_NOMEM;
      free(text);
    }
    c2h_buf_dispose(&out);
  }
  /* The diagnostics, at the literals they are about. */
  for (size_t d = 0; d < diags.len && rc == 0; d++) {
    const c2h_diag *dg = &diags.items[d];
    /* k1: the last element starting at or before the diagnostic (or the
     * first); k2: the last starting before its end (or k1). */
    size_t k1 = count_le(eb + 1, x->len - 1, dg->begin.offset);
    size_t k2 = count_le(eb + 1, x->len - 1, dg->end.offset ? dg->end.offset - 1 : 0);
    if (dg->end.offset == 0 || k2 < k1) k2 = k1;
    int gone = 0;
    for (size_t k = k1; k <= k2; k++) gone |= poisoned[k] || kept[k];
    if (gone) continue; /* about an edit withdrawn above, or a removal that could not be made */
    rc = c2h_bf_diag(p->ctx, p->f.toks[x->items[k1].tok].b, p->f.toks[x->items[k2].tok].e, dg->severity,
                     dg->replacement, "%s", dg->message);
  }
done:
  free(eb);
  free(ee);
  free(poisoned);
  free(kept);
  free(why_of);
  free(dead_edit);
  free(owner_of);
  c2h_buf_dispose(&syn);
  c2h_bf_words_dispose(&words);
  c2h_diag_list_dispose(&diags);
  c2h_edit_list_dispose(&sub.edits);
  c2h_bf_ctx_dispose_index(&sub);
  return rc;
}

/* Removes the append() statements in p->dead_lines; one left alone in its
 * block becomes `pass`. */
static int remove_dead_lines(py *p) {
  int rc = 0;
  unsigned char *dead = calloc(p->f.n_lines + 1, 1);
  if (!dead) return C2H_ERR_NOMEM;
  /* A statement alone on its line goes with the line; one beside others
   * on its line (after `;`, or after `if cc:`) becomes `pass`. */
  for (size_t i = 0; i < p->n_dead && rc == 0; i++) {
    const named *st = &p->named[p->dead_lines[i]];
    const c2h_py_line *ln = &p->f.lines[st->line];
    if (st->tok == ln->first && st->end == line_end_tok(p, st->line))
      dead[st->line] = 1;
    else if (st->tok > ln->first && is_op(p, st->tok - 1, ";"))
      rc = c2h_bf_edit(p->ctx, p->f.toks[st->tok - 1].b, p->f.toks[st->end - 1].e, ""); /* "; V.append(...)" */
    else
      rc = c2h_bf_edit(p->ctx, p->f.toks[st->tok].b, p->f.toks[st->end - 1].e, "pass");
  }
  int blk_ok = 0, blk_live = 0;
  size_t blk_a = 0, blk_z = 0, blk_first = NONE;
  unsigned blk_ind = 0;
  for (size_t l = 0; l < p->f.n_lines && rc == 0; l++) {
    if (!dead[l]) continue;
    unsigned ind = p->f.lines[l].indent;
    /* The block of lines around l indented as deep or deeper: whether it
     * keeps a statement of l's depth, and its first removed one. Lines of
     * one block share it (worked out once per block). */
    if (!(blk_ok && l >= blk_a && l <= blk_z && ind == blk_ind)) {
      size_t a = l, z = l;
      while (a > 0 && p->f.lines[a - 1].indent >= ind) a--;
      while (z + 1 < p->f.n_lines && p->f.lines[z + 1].indent >= ind) z++;
      blk_live = 0;
      blk_first = NONE;
      for (size_t k = a; k <= z; k++) {
        if (p->f.lines[k].indent != ind) continue;
        if (!dead[k]) blk_live = 1;
        else if (blk_first == NONE) blk_first = k;
      }
      blk_ok = 1;
      blk_a = a;
      blk_z = z;
      blk_ind = ind;
    }
    int live = blk_live, first = blk_first == l;
    const c2h_py_line *ln = &p->f.lines[l];
    /* The statement's own first byte: past the indentation, form feeds
     * included (Python counts them as blanks that reset the column). */
    size_t ie = ln->b;
    while (ie < p->ctx->len && (blank(p->src[ie]) || p->src[ie] == '\f')) ie++;
    if (!live && first) {
      size_t end = p->f.toks[ln->first + ln->n - 1].e;
      rc = c2h_bf_edit(p->ctx, ie, end, "pass");
    } else {
      rc = c2h_bf_edit(p->ctx, ln->b, ln->e, "");
    }
  }
  free(dead);
  return rc;
}

/* ---- other reports ------------------------------------------------------ */

/* What else in a setup.py stops a ROCm build or misleads it: architecture
 * flags built in ways the walk above does not follow (f-strings, list
 * comprehensions), TORCH_CUDA_ARCH_LIST, nvcc runs, CUDA_HOME and
 * torch.version.cuda tests. */
static int other_reports(py *p) {
  int rc = 0;
  int cuda_home = 0, version_cuda = 0;
  size_t arch_line = NONE;
  for (size_t i = 0; i < p->f.n_toks && rc == 0; i++) {
    const c2h_py_tok *t = &p->f.toks[i];
    if (p->skip[t->line]) continue;
    const char *s = p->src + t->cb;
    size_t n = t->ce - t->cb;
    size_t first = p->f.lines[t->line].first;
    if (t->kind == C2H_PY_STRING && p->claimed[i] != 1) {
      if (arch_flag_text(s, n)) {
        if (t->line == arch_line) continue; /* one report per line */
        arch_line = t->line;
        rc = c2h_bf_diag(p->ctx, t->b, t->e, C2H_SEV_WARNING, NULL,
                         "an NVIDIA architecture flag cu2hip cannot follow to nvcc's arguments: build for "
                         "--offload-arch=%s instead (ROCm PyTorch adds the architectures of PYTORCH_ROCM_ARCH)",
                         p->ctx->arch);
      } else if (c2h_bf_contains(s, n, "TORCH_CUDA_ARCH_LIST"))
        rc = c2h_bf_diag(p->ctx, t->b, t->e, C2H_SEV_NOTE, NULL,
                         "ROCm PyTorch does not read TORCH_CUDA_ARCH_LIST: it builds for PYTORCH_ROCM_ARCH "
                         "(e.g. PYTORCH_ROCM_ARCH=%s)",
                         p->ctx->arch);
      else if (((n == 4 && memcmp(s, "nvcc", 4) == 0) || (n > 5 && memcmp(s + n - 5, "/nvcc", 5) == 0)) &&
               !is_op(p, i + 1, ":") && !is_op(p, i + 1, "]"))
        rc = c2h_bf_diag(p->ctx, t->b, t->e, C2H_SEV_WARNING, NULL,
                         "runs nvcc, which a ROCm install does not have (hipcc --version gives the HIP version)");
    } else if (t->kind == C2H_PY_NAME && !cuda_home && is_name(p, i, "CUDA_HOME") && !is_name(p, first, "from") &&
               !is_name(p, first, "import")) {
      cuda_home = 1;
      rc = c2h_bf_diag(p->ctx, t->b, t->e, C2H_SEV_WARNING, NULL,
                       "CUDA_HOME is None under ROCm PyTorch (unless CUDA is installed too): test ROCM_HOME "
                       "(torch.utils.cpp_extension) or torch.version.hip instead");
    } else if (t->kind == C2H_PY_NAME && !version_cuda && is_name(p, i, "cuda") && i >= 4 && is_op(p, i - 1, ".") &&
               is_name(p, i - 2, "version") && is_op(p, i - 3, ".") && is_name(p, i - 4, "torch")) {
      version_cuda = 1;
      rc = c2h_bf_diag(p->ctx, p->f.toks[i - 4].b, t->e, C2H_SEV_WARNING, NULL,
                       "torch.version.cuda is None under ROCm PyTorch; torch.version.hip holds the HIP version");
    }
  }
  return rc;
}

/* ---- entry point -------------------------------------------------------- */

static int eval_build_flags(py *p, c2h_setup_py_flag_fn fn, void *user);

int c2h_bf_translate_setup_py(c2h_bf_ctx *ctx) {
  py p;
  memset(&p, 0, sizeof p);
  p.ctx = ctx;
  p.src = ctx->src;
  int rc = c2h_py_tokenize(ctx->src, ctx->len, &p.f);
  unsigned char *del_tok = NULL;
  size_t *lists = NULL, n_lists = 0, cap_lists = 0;
  if (rc) goto done;
  if (p.f.bad) {
    rc = c2h_bf_diag(ctx, p.f.bad_at, p.f.bad_at, C2H_SEV_WARNING, NULL,
                     "%s: setup.py not translated from here on", p.f.bad_what);
    if (rc) goto done;
  }
  p.skip = calloc(p.f.n_lines + 1, 1);
  p.claimed = calloc(p.f.n_toks + 1, 1);
  p.listed = calloc(p.f.n_toks + 1, 1);
  del_tok = calloc(p.f.n_toks + 1, 1);
  if (!p.skip || !p.claimed || !p.listed || !del_tok) {
    rc = C2H_ERR_NOMEM;
    goto done;
  }
  if ((rc = index_names(&p))) goto done;
  mark_rocm_branches(&p);
  /* include_dirs= and define_macros= give the parse its flags (the run
   * reads them before the translation): an expansion cut short there is
   * told here, at its place. */
  if ((rc = eval_build_flags(&p, NULL, NULL))) goto done;
  if (p.cut_at != NONE) {
    const c2h_py_tok *t = &p.f.toks[p.cut_at];
    rc = c2h_bf_diag(ctx, t->b, t->e, C2H_SEV_WARNING, NULL,
                     "%.*s= expands to more than cu2hip follows (variables that repeat one another, %d steps): "
                     "the parse uses the folders and macros found before the cut and leaves out the rest",
                     (int)(t->e - t->b), p.src + t->b, FLAG_STEPS);
    if (rc) goto done;
  }
  /* setup.py keeps its ROCm-free parts to translate; a helper script of
   * the build (the *.py files of DeepSpeed's op_builder) that tests for ROCm anywhere
   * chooses between the platforms itself, in code cu2hip cannot follow
   * (methods, class hierarchies), and is left as it is. */
  int helper = c2h_buildfile_kind_of(ctx->path) != C2H_BUILDFILE_SETUP_PY;
  for (size_t l = 0; l < p.f.n_lines; l++)
    if (p.skip[l]) {
      const c2h_py_tok *t = &p.f.toks[p.f.lines[l].first];
      rc = c2h_bf_diag(ctx, t->b, p.f.toks[p.f.lines[l].first + p.f.lines[l].n - 1].e, C2H_SEV_NOTE, NULL,
                       helper ? "this script tests for ROCm: it is ported already, and cu2hip leaves its flags as "
                                "they are"
                              : "this branch tests for ROCm: the script is ported there already, and neither it nor "
                                "its else branches (taken with CUDA) are changed");
      if (helper) memset(p.skip, 1, p.f.n_lines + 1);
      break;
    }
  if (rc || (rc = find_roots(&p))) goto done;
  for (size_t r = 0; r < p.n_runs && rc == 0 && !c2h_bf_expired(ctx); r++)
    rc = map_run(&p, &p.runs[r], del_tok, &lists, &n_lists, &cap_lists);
  for (size_t k = 0; k < n_lists && rc == 0; k++) rc = delete_in_list(&p, lists[k], del_tok);
  if (!rc) rc = remove_dead_lines(&p);
  if (!rc) rc = other_reports(&p);
  /* Source names follow --rename, in every string (sources=[...], globs). */
  for (size_t i = 0; i < p.f.n_toks && rc == 0; i++)
    if (p.f.toks[i].kind == C2H_PY_STRING && !p.f.toks[i].bytes)
      rc = c2h_bf_map_renames(ctx, p.f.toks[i].cb, p.f.toks[i].ce);
done:
  for (size_t r = 0; r < p.n_runs; r++) free(p.runs[r].items);
  free(p.runs);
  free(p.vars);
  free(p.dead_lines);
  free(p.walked_defs);
  free(p.named);
  free(p.named_var);
  free(p.stmt_of);
  free(p.skip);
  free(p.claimed);
  free(p.listed);
  free(del_tok);
  free(lists);
  c2h_py_file_dispose(&p.f);
  return rc;
}

/* ---- include_dirs and define_macros, for the parse ---------------------- */

typedef struct strs {
  char **items;
  size_t len, cap;
} strs;

static int strs_push(strs *s, char *v) {
  if (!v) return C2H_ERR_NOMEM;
  if (s->len == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 8;
    char **x = realloc(s->items, cap * sizeof *x);
    if (!x) {
      free(v);
      return C2H_ERR_NOMEM;
    }
    s->items = x;
    s->cap = cap;
  }
  s->items[s->len++] = v;
  return 0;
}

static void strs_dispose(strs *s) {
  for (size_t i = 0; i < s->len; i++) free(s->items[i]);
  free(s->items);
  memset(s, 0, sizeof *s);
}

/* The tokens [*b, *e) split at the top-level operator op: the end of the
 * first part (or e). */
static size_t split_at(const py *p, size_t b, size_t e, const char *op) {
  unsigned d = p->f.toks[b].depth;
  for (size_t i = b; i < e; i++)
    if (p->f.toks[i].depth == d && is_op(p, i, op)) return i;
  return e;
}

static char *path_join(const char *a, const char *b) {
  if (!a || !b) return NULL;
  if (b[0] == '/') return c2h_strdup(b);
  size_t n = strlen(a), m = strlen(b);
  char *s = malloc(n + m + 2);
  if (!s) return NULL;
  memcpy(s, a, n);
  s[n] = '/';
  memcpy(s + n + 1, b, m + 1);
  return s;
}

/* Joins part (owned; NULL when it could not be evaluated) onto *acc:
 * 0, or -1 with *acc freed and NULL. */
static int join_onto(char **acc, char *part) {
  if (!part) {
    free(*acc);
    *acc = NULL;
    return -1;
  }
  if (!*acc) {
    *acc = part;
    return 0;
  }
  char *j = path_join(*acc, part);
  free(*acc);
  free(part);
  *acc = j;
  return j ? 0 : -1;
}

static char *eval_path(py *p, size_t b, size_t e, unsigned level);

/* Takes one step of the evaluation: 0 once there are none left. */
static int step(py *p) {
  if (!p->budget) return 0;
  p->budget--;
  return 1;
}

/* The first line `NAME = value` (outside ROCm branches): the value's first
 * token, or NONE. */
static size_t first_def(const py *p, size_t name, size_t *end) {
  size_t from, to;
  lines_named(p, p->f.toks[name].b, p->f.toks[name].e, &from, &to);
  for (size_t x = from; x < to; x++) {
    size_t l = p->named[x].line, t = p->named[x].tok;
    if (p->skip[l] || !same_name(p, t, p->f.toks[name].b, p->f.toks[name].e) || !is_op(p, t + 1, "=")) continue;
    *end = p->named[x].end;
    return t + 2 < *end ? t + 2 : NONE;
  }
  return NONE;
}

/* One path-valued operand: a string, a variable, os.path.join(...),
 * Path(x), str(x), os.path.abspath(x), x.resolve(), x.parent, and the
 * folder of __file__ (os.path.dirname(os.path.abspath(__file__)),
 * Path(__file__).parent, ...) as ".": paths are relative to the script. */
static char *eval_atom(py *p, size_t b, size_t e, unsigned level) {
  if (b >= e || level > 12 || !step(p)) return NULL;
  if (e == b + 1 && plain_string(p, b)) return c2h_strndup(p->src + p->f.toks[b].cb, p->f.toks[b].ce - p->f.toks[b].cb);
  size_t ups = 0;
  int file = 0;
  for (size_t i = b; i < e; i++) {
    file |= is_name(p, i, "__file__");
    ups += is_name(p, i, "dirname") || is_name(p, i, "parent");
  }
  if (file) {
    if (!ups) return NULL;
    c2h_buf s;
    c2h_buf_init(&s);
    int rc = c2h_buf_append(&s, ".", 1);
    for (size_t k = 1; k < ups && !rc; k++) rc = c2h_buf_append(&s, "/..", 3);
    if (!rc) rc = c2h_buf_append(&s, "", 0);
    if (rc) {
      c2h_buf_dispose(&s);
      return NULL;
    }
    return s.data;
  }
  if (e == b + 1 && p->f.toks[b].kind == C2H_PY_NAME) {
    size_t end, v = first_def(p, b, &end);
    return v == NONE ? NULL : eval_path(p, v, end, level + 1);
  }
  /* x.resolve(), x.absolute(): x; x.parent: its folder */
  if (e >= b + 4 && is_op(p, e - 1, ")") && is_op(p, e - 2, "(") && is_op(p, e - 4, ".") &&
      (is_name(p, e - 3, "resolve") || is_name(p, e - 3, "absolute")))
    return eval_atom(p, b, e - 4, level + 1);
  if (e >= b + 3 && is_name(p, e - 1, "parent") && is_op(p, e - 2, ".")) {
    char *x = eval_atom(p, b, e - 2, level + 1);
    char *up = path_join(x, "..");
    free(x);
    return up;
  }
  /* a call spanning the operand */
  size_t open = NONE;
  for (size_t i = b; i < e; i++)
    if (is_op(p, i, "(")) {
      open = i;
      break;
    }
  if (open == NONE || open == b || close_of(p, open) != e - 1 || p->f.toks[open - 1].kind != C2H_PY_NAME) return NULL;
  size_t fn = open - 1;
  if (is_name(p, fn, "getcwd")) return c2h_strdup(".");
  int join = is_name(p, fn, "join");
  int pass = is_name(p, fn, "abspath") || is_name(p, fn, "realpath") || is_name(p, fn, "normpath") ||
             is_name(p, fn, "str") || is_name(p, fn, "Path") || is_name(p, fn, "PurePath");
  if (!join && !pass) return NULL;
  char *acc = NULL;
  for (size_t k = open + 1; k < e - 1;) {
    size_t ee = expr_end(p, k);
    if (ee == k) break;
    if (join_onto(&acc, eval_path(p, k, ee, level + 1))) return NULL;
    if (!join) break;
    k = ee + 1;
  }
  return acc;
}

/* A path: atoms joined by Path's '/'. One longer than any folder's name
 * can be (a variable joined to itself, over and over) ends the evaluation
 * as running out of steps does. */
static char *eval_path(py *p, size_t b, size_t e, unsigned level) {
  char *acc = NULL;
  for (size_t k = b; k < e;) {
    size_t s = split_at(p, k, e, "/");
    if (join_onto(&acc, eval_atom(p, k, s, level))) return NULL;
    if (strlen(acc) > 4096) {
      free(acc);
      p->budget = 0;
      return NULL;
    }
    k = s + 1;
  }
  return acc;
}

/* The macros of one define_macros element: ('NAME', None | 'VALUE' | 1). */
static int eval_macro(const py *p, size_t b, size_t e, strs *out) {
  if (!is_op(p, b, "(") || close_of(p, b) != e - 1 || !plain_string(p, b + 1) || !is_op(p, b + 2, ",")) return 0;
  const c2h_py_tok *n = &p->f.toks[b + 1];
  size_t v = b + 3;
  c2h_buf s;
  c2h_buf_init(&s);
  int rc = c2h_buf_append(&s, p->src + n->cb, n->ce - n->cb);
  if (!rc && plain_string(p, v) && v + 1 < e && (is_op(p, v + 1, ")") || is_op(p, v + 1, ","))) {
    rc = c2h_buf_append(&s, "=", 1);
    if (!rc) rc = c2h_buf_append(&s, p->src + p->f.toks[v].cb, p->f.toks[v].ce - p->f.toks[v].cb);
  } else if (!rc && p->f.toks[v].kind == C2H_PY_NUMBER) {
    rc = c2h_buf_append(&s, "=", 1);
    if (!rc) rc = c2h_buf_append(&s, p->src + p->f.toks[v].b, p->f.toks[v].e - p->f.toks[v].b);
  } else if (!is_name(p, v, "None")) {
    c2h_buf_dispose(&s);
    return 0;
  }
  if (!rc) rc = c2h_buf_append(&s, "", 0);
  if (!rc) return strs_push(out, s.data);
  c2h_buf_dispose(&s);
  return rc;
}

/* A list value: operands joined by '+', list displays, variables (all
 * their =, += and append/extend lines outside ROCm branches). */
static int eval_list(py *p, size_t b, size_t e, int macros, strs *out, unsigned level) {
  int rc = 0;
  if (level > 12) return 0;
  for (size_t k = b; k < e && rc == 0 && step(p);) {
    size_t s = split_at(p, k, e, "+");
    if (is_op(p, k, "[") && close_of(p, k) == s - 1) {
      for (size_t i = k + 1; i < s - 1 && rc == 0 && step(p);) {
        size_t ee = expr_end(p, i);
        if (ee == i) break;
        if (macros) {
          rc = eval_macro(p, i, ee, out);
        } else {
          char *v = eval_path(p, i, ee, level + 1);
          if (v) rc = strs_push(out, v);
        }
        i = ee + 1;
      }
    } else if (s == k + 1 && p->f.toks[k].kind == C2H_PY_NAME) {
      size_t from, to;
      lines_named(p, p->f.toks[k].b, p->f.toks[k].e, &from, &to);
      for (size_t x = from; x < to && rc == 0 && step(p); x++) {
        size_t l = p->named[x].line, t = p->named[x].tok, end = p->named[x].end;
        if (p->skip[l] || !same_name(p, t, p->f.toks[k].b, p->f.toks[k].e) || t + 2 >= end) continue;
        if (is_op(p, t + 1, "=") || is_op(p, t + 1, "+=")) {
          if (!(t + 3 == end && same_name(p, t + 2, p->f.toks[k].b, p->f.toks[k].e)))
            rc = eval_list(p, t + 2, end, macros, out, level + 1);
        } else if (is_op(p, t + 1, ".") && is_op(p, t + 3, "(") && close_of(p, t + 3) == end - 1) {
          if (is_name(p, t + 2, "extend")) {
            rc = eval_list(p, t + 4, end - 1, macros, out, level + 1);
          } else if (is_name(p, t + 2, "append")) {
            if (macros) {
              rc = eval_macro(p, t + 4, end - 1, out);
            } else {
              char *v = eval_path(p, t + 4, end - 1, level + 1);
              if (v) rc = strs_push(out, v);
            }
          }
        }
      }
    } else if (!macros) {
      char *v = eval_path(p, k, s, level + 1);
      if (v) rc = strs_push(out, v);
    }
    k = s + 1;
  }
  return rc;
}

/* Every include_dirs= / extra_include_paths= / define_macros= argument of
 * the script's calls, evaluated and passed to fn (NULL: evaluated only, to
 * see whether it is cut short). At most FLAG_STEPS steps in all, so that
 * variables that repeat one another (a1 = a0 + a0 + ..., a2 = a1 + a1 + ...)
 * cannot make the work, or the list, grow without bound: p->cut_at names
 * the argument where the evaluation stopped. */
static int eval_build_flags(py *p, c2h_setup_py_flag_fn fn, void *user) {
  strs out = {NULL, 0, 0};
  int rc = 0;
  p->budget = FLAG_STEPS;
  p->cut_at = NONE;
  for (size_t i = 0; i + 2 < p->f.n_toks && rc == 0 && p->cut_at == NONE; i++) {
    const c2h_py_tok *t = &p->f.toks[i];
    /* Extension(include_dirs=...), load(extra_include_paths=...) */
    int inc = is_name(p, i, "include_dirs") || is_name(p, i, "extra_include_paths");
    int def = is_name(p, i, "define_macros");
    if ((!inc && !def) || t->depth == 0 || !is_op(p, i + 1, "=") || p->skip[t->line]) continue;
    size_t before = out.len;
    rc = eval_list(p, i + 2, expr_end(p, i + 2), def, &out, 0);
    if (p->budget == 0) p->cut_at = i;
    for (size_t k = before; k < out.len && rc == 0 && fn; k++) rc = fn(user, def, out.items[k]);
  }
  strs_dispose(&out);
  return rc;
}

int c2h_setup_py_build_flags(const char *src, size_t len, c2h_setup_py_flag_fn fn, void *user) {
  py p;
  memset(&p, 0, sizeof p);
  c2h_bf_ctx ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.src = src;
  ctx.len = len;
  p.ctx = &ctx;
  p.src = src;
  int rc = c2h_py_tokenize(src, len, &p.f);
  if (rc) goto done;
  if (!(p.skip = calloc(p.f.n_lines + 1, 1))) {
    rc = C2H_ERR_NOMEM;
    goto done;
  }
  if ((rc = index_names(&p))) goto done;
  mark_rocm_branches(&p);
  rc = eval_build_flags(&p, fn, user);
done:
  free(p.skip);
  free(p.named);
  free(p.named_var);
  free(p.stmt_of);
  c2h_py_file_dispose(&p.f);
  return rc;
}
