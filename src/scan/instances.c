/* Kernels per launch: template arguments and block sizes.
 *
 * A kernel template's code often computes what it needs from its
 * non-type parameters (`blockSize & 31`), and the host picks the instance
 * by the block size it launches (`switch (threads) { case 16:
 * k<T, 16><<<grid, block>>>(...); }`). Each launch in the file fixes both:
 * the template arguments are spelled at the launch, and the block's
 * threads follow from the launch configuration, through dim3 variables
 * and the case label that holds the launch (inside `case K:` of
 * `switch (v)`, v is K). Values are only claimed when every path to the
 * point of use gives the same one. */
#include "instances.h"

#include <stdlib.h>
#include <string.h>

#include "const_expr.h"
#include "statements.h"

#define NONE ((size_t)-1)
#define MAX_DEPTH 8 /* block arguments followed through variables */
#define MAX_LAUNCHES 256

/* ---- expressions ---- */

/* What names mean where a value is needed: the evaluator (const_expr.h)
 * asks instance_hook first, then the file's constants. */
typedef struct ev {
  const c2h_scan *s;
  const c2h_instance *in; /* template parameters, for tokens of the kernel; NULL: none */
  size_t fb, fe;          /* the function whose locals are followed; fb == fe: none */
  size_t observe;         /* where the value is needed: case labels around it count */
  int depth;              /* names and variables followed to get here */
} ev;

static int eval_span(const ev *e, size_t first, size_t last, c2h_const *v);

/* What an occurrence of a variable does to it. */
enum { OCC_READ, OCC_DECL, OCC_WRITE, OCC_UNKNOWN };

typedef struct occ {
  int kind;
  int declared; /* a declaration (with or without a value) */
  int list;     /* the value is a list: dim3 b(16, 1) or = {16, 1} */
  size_t va, vb; /* the value's tokens; the list's brackets when list */
} occ;

static int is_const_declared(const c2h_scan *s, size_t d) {
  for (size_t j = d; j-- > 0;) {
    if (c2h_tok_is(s, j, ";") || c2h_tok_is(s, j, "{") || c2h_tok_is(s, j, "}") || c2h_tok_is(s, j, "(") ||
        c2h_tok_is(s, j, ")"))
      return 0;
    if (c2h_tok_is(s, j, "const") || c2h_tok_is(s, j, "constexpr")) return 1;
  }
  return 0;
}

/* Whether the token before u declares it: a type word, not an expression;
 * or a later declarator of a dim3 declaration (`dim3 grid(n), block(32)`). */
static int declares(const c2h_scan *s, size_t u) {
  static const char *const not_types[] = {"return", "case", "else", "do", "sizeof", "throw", "new", "delete", "goto"};
  if (u > 0 && c2h_tok_is(s, u - 1, ",")) {
    size_t j = u - 1, depth = 0;
    while (j-- > 0) {
      if (c2h_tok_is(s, j, ")") || c2h_tok_is(s, j, "]") || c2h_tok_is(s, j, "}")) depth++;
      else if (c2h_tok_is(s, j, "(") || c2h_tok_is(s, j, "[") || c2h_tok_is(s, j, "{")) {
        if (depth == 0) break;
        depth--;
      } else if (depth == 0 && c2h_tok_is(s, j, ";")) {
        break;
      }
    }
    return j + 1 < u && c2h_tok_is(s, j + 1, "dim3");
  }
  if (u == 0 || !c2h_tok_is_word(s, u - 1)) return 0;
  for (size_t k = 0; k < sizeof not_types / sizeof *not_types; k++)
    if (c2h_tok_is(s, u - 1, not_types[k])) return 0;
  return 1;
}

/* Whether the occurrence at u is, alone, an argument of a call, where a
 * reference parameter could change it. */
static int call_argument(const c2h_scan *s, size_t u, size_t fb) {
  if (u == 0 || !(c2h_tok_is(s, u - 1, "(") || c2h_tok_is(s, u - 1, ",")) ||
      !(c2h_tok_is(s, u + 1, ")") || c2h_tok_is(s, u + 1, ",")))
    return 0;
  size_t depth = 0, j = u;
  while (j-- > fb) {
    if (c2h_tok_is(s, j, ")") || c2h_tok_is(s, j, "]") || c2h_tok_is(s, j, "}")) depth++;
    else if (c2h_tok_is(s, j, "(") || c2h_tok_is(s, j, "[") || c2h_tok_is(s, j, "{")) {
      if (depth-- == 0) break;
    }
  }
  if (j <= fb || j + 1 == 0 || !c2h_tok_is(s, j, "(")) return 0; /* a list or the launch's <<< >>> */
  if (c2h_tok_is(s, j - 1, ">")) return 1;                      /* f<T>(x) */
  if (!c2h_tok_is_ident(s, j - 1) || c2h_tok_is(s, j - 1, "dim3")) return 0; /* if (x), sizeof (x), dim3(x): values */
  return !declares(s, j - 1);                                   /* not dim3 b(x, 1) */
}

/* Whether the occurrence at u is what a reference is declared to name
 * (`int &t = u;`, `dim3 &b(u);`): writes through it change u. */
static int bound_to_reference(const c2h_scan *s, size_t u) {
  if (u < 3 || !c2h_tok_is_ident(s, u - 2) || !(c2h_tok_is(s, u - 3, "&") || c2h_tok_is(s, u - 3, "&&"))) return 0;
  if (c2h_tok_is(s, u - 1, "=")) return c2h_tok_is(s, u + 1, ";") || c2h_tok_is(s, u + 1, ",");
  return (c2h_tok_is(s, u - 1, "(") && c2h_tok_is(s, u + 1, ")")) ||
         (c2h_tok_is(s, u - 1, "{") && c2h_tok_is(s, u + 1, "}"));
}

static occ classify(const c2h_scan *s, size_t u, size_t fb, size_t fe, int constant) {
  occ o = {OCC_READ, 0, 0, 0, 0};
  o.declared = declares(s, u);
  if (c2h_tok_is(s, u + 1, "=")) {
    size_t e = c2h_tok_init_end(s, u + 2);
    if (e <= u + 2 || e >= fe) return o.kind = OCC_UNKNOWN, o;
    o.kind = OCC_WRITE, o.va = u + 2, o.vb = e - 1;
    o.list = c2h_tok_is(s, o.va, "{") && c2h_tok_match(s, o.va) == o.vb;
    return o;
  }
  if (o.declared && (c2h_tok_is(s, u + 1, "(") || c2h_tok_is(s, u + 1, "{"))) { /* dim3 b(16, 1) */
    o.kind = OCC_WRITE, o.list = 1, o.va = u + 1, o.vb = c2h_tok_match(s, u + 1);
    if (o.vb >= fe) o.kind = OCC_UNKNOWN;
    return o;
  }
  if (o.declared) return o.kind = OCC_DECL, o;
  if (c2h_tok_written(s, u)) return o.kind = OCC_UNKNOWN, o;
  if (c2h_tok_is(s, u + 1, ".") && c2h_tok_is_ident(s, u + 2) && c2h_tok_written(s, u + 2))
    return o.kind = OCC_UNKNOWN, o; /* b.x = 64 */
  if (!constant && (call_argument(s, u, fb) || bound_to_reference(s, u))) return o.kind = OCC_UNKNOWN, o;
  return o;
}

/* The value of `case K:` of the switch on the variable at u that holds
 * e->observe, when only that label leads there: the label is the first
 * of the switch or comes after a `break;` (or a block ending in one). */
static int case_value(const ev *e, size_t u, c2h_const *v) {
  const c2h_scan *s = e->s;
  if (e->observe == NONE || e->observe <= e->fb || e->observe >= e->fe) return 0;
  size_t depth = 0;
  for (size_t j = e->observe; j-- > e->fb;) {
    if (c2h_tok_is(s, j, ")") || c2h_tok_is(s, j, "]") || c2h_tok_is(s, j, "}")) {
      depth++;
      continue;
    }
    if (!(c2h_tok_is(s, j, "(") || c2h_tok_is(s, j, "[") || c2h_tok_is(s, j, "{"))) continue;
    if (depth) {
      depth--;
      continue;
    }
    /* An opener around observe: is it `switch (u) {`? */
    if (!c2h_tok_is(s, j, "{") || j < e->fb + 4 || !c2h_tok_is(s, j - 1, ")") || !c2h_tok_is(s, j - 3, "(") ||
        !c2h_tok_is(s, j - 4, "switch") || !c2h_tok_same(s, j - 2, u))
      continue;
    if (c2h_tok_has_conditional(s, j, e->observe)) return 0; /* labels or breaks that may not be compiled */
    size_t label = NONE, level = 0;
    for (size_t k = j + 1; k < e->observe; k++) {
      if (c2h_tok_is(s, k, "(") || c2h_tok_is(s, k, "[") || c2h_tok_is(s, k, "{")) level++;
      else if (c2h_tok_is(s, k, ")") || c2h_tok_is(s, k, "]") || c2h_tok_is(s, k, "}")) level--;
      else if (level == 0 && (c2h_tok_is(s, k, "case") || c2h_tok_is(s, k, "default"))) label = k;
    }
    if (label == NONE || c2h_tok_is(s, label, "default")) return 0;
    size_t end = label - 1; /* `break;`, or `case K: { ... break; }`, ends the case before */
    if (end > j && c2h_tok_is(s, end, "}")) {
      size_t open = end, nest = 0;
      while (open-- > j) {
        if (c2h_tok_is(s, open, "}")) nest++;
        else if (c2h_tok_is(s, open, "{") && nest-- == 0) break;
      }
      if (open <= j || !c2h_tok_is(s, open - 1, ":")) return 0; /* an if's or a loop's body */
      end--;
    }
    if (label != j + 1 && !(c2h_tok_is(s, end, ";") && c2h_tok_is(s, end - 1, "break"))) return 0;
    size_t colon = label + 1;
    while (colon < e->observe && !c2h_tok_is(s, colon, ":")) colon++;
    if (colon >= e->observe || colon == label + 1) return 0;
    ev c = *e;
    c.in = NULL, c.observe = NONE, c.fb = c.fe = 0; /* a constant */
    return eval_span(&c, label + 1, colon - 1, v);
  }
  return 0;
}

/* The variable named at u (read there) in e's function: its one value on
 * the way to u. *a and *b receive the value's tokens (*list when they are
 * a braced or parenthesised list), *decl the token where the function
 * declares it. 1: found; 2: a name the function does not declare; 3: the
 * value is the case label around e->observe (in *cv); 0: not known. */
static int variable_value(const ev *e, size_t u, size_t *a, size_t *b, int *list, c2h_const *cv, size_t *decl) {
  const c2h_scan *s = e->s;
  size_t last = NONE;
  occ lo = {0, 0, 0, 0, 0};
  int local = 0, only_decls = 1, constant = 0;
  *decl = NONE;
  for (size_t j = e->fb; j < e->fe; j++) /* declared in the function (a parameter too)? */
    if (j != u && c2h_tok_is_ident(s, j) && c2h_tok_same(s, j, u) && declares(s, j)) {
      local = 1;
      if (*decl == NONE) *decl = j;
      constant |= is_const_declared(s, j); /* then no reference can change it */
    }
  if (!local) return 2;
  for (size_t j = e->fb; j < e->fe; j++) {
    if (j == u || !c2h_tok_is_ident(s, j) || !c2h_tok_same(s, j, u)) continue;
    if (j > 0 && (c2h_tok_is(s, j - 1, ".") || c2h_tok_is(s, j - 1, "->") || c2h_tok_is(s, j - 1, "::"))) continue;
    occ o = classify(s, j, e->fb, e->fe, constant);
    if (o.kind == OCC_UNKNOWN) return 0;
    if (o.kind != OCC_WRITE) continue;
    if (!o.declared) only_decls = 0;
    if (j < u && u <= o.vb) continue; /* u reads the value this write is computing */
    if (j > u) return 0;              /* written after the read: a loop may bring it back */
    last = j, lo = o;
  }
  /* Never assigned (declared, perhaps with a value not known here): a
   * case label around the point of use tells the value. */
  if (only_decls && case_value(e, u, cv)) return 3;
  if (last != NONE) {
    if (!c2h_tok_runs_before(s, last, u, e->fb)) return 0;
    *a = lo.va, *b = lo.vb, *list = lo.list;
    return 1;
  }
  return 0;
}

/* The integer type declared for the name at token d (the words before
 * it): 1 and the type, or 0 (none, or not an integer type this knows). */
static int declared_type(const c2h_scan *s, size_t d, unsigned *width, int *is_unsigned) {
  size_t j = d;
  while (j > 0 && (c2h_tok_is_word(s, j - 1) || c2h_tok_is(s, j - 1, "::"))) j--;
  return j < d && c2h_const_type(s, j, d - 1, width, is_unsigned) > 0;
}

/* A value given to the variable declared at decl, in its declared type. */
static c2h_const as_declared(const c2h_scan *s, size_t decl, c2h_const v) {
  unsigned width;
  int uns;
  return decl != NONE && declared_type(s, decl, &width, &uns) ? c2h_const_convert(v, width, uns) : v;
}

/* Names in e's expressions: a template parameter of the kernel instance
 * in the kernel's body, then a variable of e's function with its one value
 * on the way there (a name the function declares and whose value is not
 * known is not a constant either); other names are the file's constants. */
static int instance_hook(void *ctx, const c2h_const_name *name, c2h_const *out, size_t *used) {
  const ev *e = ctx;
  const c2h_scan *s = e->s;
  size_t u = name->tok;
  if (u == C2H_CONST_NO_TOKEN || c2h_tok_is(s, u + 1, "(")) return C2H_CONST_PASS;
  *used = 1;
  if (e->in) { /* a template parameter of the kernel */
    size_t kb = 0, ke = 0;
    const c2h_function *fn = &s->facts->functions[e->in->kernel];
    c2h_tok_range(s, fn->begin, fn->end, &kb, &ke);
    for (size_t k = 0; k < e->in->n_params && u >= kb && u < ke; k++)
      if (e->in->param_name[k] < s->facts->n_toks && c2h_tok_same(s, u, e->in->param_name[k])) {
        *out = e->in->param_value[k];
        return C2H_CONST_VALUE;
      }
  }
  if (e->fb >= e->fe) return C2H_CONST_PASS;
  size_t a = 0, b = 0, decl;
  int list = 0;
  c2h_const v;
  ev inner = *e;
  inner.depth = name->depth + 1;
  int r = variable_value(&inner, u, &a, &b, &list, &v, &decl);
  if (r == 2) return C2H_CONST_PASS;
  if (r == 3 || (r == 1 && !list && eval_span(&inner, a, b, &v))) {
    *out = as_declared(s, decl, v);
    return C2H_CONST_VALUE;
  }
  return C2H_CONST_UNKNOWN;
}

static int eval_span(const ev *e, size_t first, size_t last, c2h_const *v) {
  ev c = *e;
  return c2h_const_eval_tokens(e->s, first, last, instance_hook, &c, e->depth, v);
}

/* The span as a whole number (a block dimension), when a long long holds it. */
static int eval_int(const ev *e, size_t first, size_t last, long long *v) {
  c2h_const c;
  return eval_span(e, first, last, &c) && c2h_const_to_ll(&c, v);
}

int c2h_instance_eval(const c2h_scan *s, const c2h_instance *in, size_t first, size_t last, c2h_const *v) {
  ev e = {s, in, 0, 0, NONE, 0};
  if (first > last || last >= s->facts->n_toks || c2h_tok_function_at(s, first, &e.fb, &e.fe) < 0) return 0;
  e.observe = first;
  return eval_span(&e, first, last, v);
}

/* ---- launches ---- */

static int block_threads(const ev *e, size_t a, size_t b, long long *threads);

/* The product of the dimensions listed between open and close. */
static int dims_product(const ev *e, size_t open, size_t close, long long *threads) {
  c2h_tok_span d[4];
  size_t n = c2h_tok_split(e->s, open, close, d, 4);
  if (n == 0 || n > 3) return 0;
  long long p = 1;
  for (size_t k = 0; k < n; k++) {
    long long v;
    if (!eval_int(e, d[k].first, d[k].last, &v) || v < 1 || v > 1024) return 0;
    p *= v;
  }
  *threads = p;
  return 1;
}

/* The threads of a block that the launch argument [a, b] gives. */
static int block_threads(const ev *e, size_t a, size_t b, long long *threads) {
  const c2h_scan *s = e->s;
  if (e->depth >= MAX_DEPTH || a > b) return 0;
  while (a < b && c2h_tok_is(s, a, "(") && c2h_tok_match(s, a) == b) a++, b--;
  if (c2h_tok_is(s, a, "dim3") && (c2h_tok_is(s, a + 1, "(") || c2h_tok_is(s, a + 1, "{")) &&
      c2h_tok_match(s, a + 1) == b)
    return dims_product(e, a + 1, b, threads);
  if (a == b && c2h_tok_is_ident(s, a)) {
    size_t va, vb, decl;
    int list;
    c2h_const cv;
    ev d = *e;
    d.depth++;
    int r = variable_value(e, a, &va, &vb, &list, &cv, &decl);
    if (r == 3) return c2h_const_to_ll(&cv, threads);
    if (r == 1) return list ? dims_product(&d, va, vb, threads) : block_threads(&d, va, vb, threads);
  }
  long long v;
  if (!eval_int(e, a, b, &v) || v < 1 || v > 1024) return 0;
  *threads = v;
  return 1;
}

int c2h_launch_threads(const c2h_scan *s, size_t launch, long long *threads) {
  size_t close = c2h_tok_launch_close(s, launch);
  c2h_tok_span cfg[4];
  ev e = {s, NULL, 0, 0, launch, 0};
  return close < s->facts->n_toks && c2h_tok_split(s, launch, close, cfg, 4) >= 2 &&
         c2h_tok_function_at(s, launch, &e.fb, &e.fe) >= 0 && block_threads(&e, cfg[1].first, cfg[1].last, threads);
}

/* After a template's `<` at open: its `>`, and its parts split at
 * top-level commas. NONE when not understood (a `>>`, a `;`). */
static size_t angle_split(const c2h_scan *s, size_t open, c2h_tok_span *parts, size_t max, size_t *n) {
  size_t nt = s->facts->n_toks, first = open + 1;
  int round = 0;
  *n = 0;
  for (size_t j = open + 1; j < nt; j++) {
    if (c2h_tok_is(s, j, "(") || c2h_tok_is(s, j, "[") || c2h_tok_is(s, j, "{")) round++;
    else if (c2h_tok_is(s, j, ")") || c2h_tok_is(s, j, "]") || c2h_tok_is(s, j, "}")) round--;
    else if (c2h_tok_is(s, j, ";") || c2h_tok_is(s, j, ">>") || round < 0) return NONE;
    else if (round == 0 && (c2h_tok_is(s, j, "<"))) return NONE; /* nested templates: not followed */
    else if (round == 0 && (c2h_tok_is(s, j, ",") || c2h_tok_is(s, j, ">"))) {
      if (j > first) {
        if (*n == max) return NONE;
        parts[*n].first = first, parts[*n].last = j - 1;
        (*n)++;
      } else if (c2h_tok_is(s, j, ",")) {
        return NONE;
      }
      first = j + 1;
      if (c2h_tok_is(s, j, ">")) return j;
    }
  }
  return NONE;
}

/* The kernel's template parameters: each non-type one's name token (its
 * value filled in per launch), n_toks for a type. 0 when not understood. */
static int template_params(const c2h_scan *s, size_t fb, size_t name, c2h_instance *in) {
  in->n_params = 0;
  c2h_tok_span p[C2H_MAX_TPARAMS];
  size_t n, close = angle_split(s, fb + 1, p, C2H_MAX_TPARAMS, &n);
  if (!c2h_tok_is(s, fb + 1, "<") || close == NONE || close >= name) return 0;
  for (size_t k = 0; k < n; k++) {
    size_t a = p[k].first, b = p[k].last;
    for (size_t j = a; j <= b; j++)
      if (c2h_tok_is(s, j, "...") || c2h_tok_is(s, j, "template")) return 0; /* packs, template templates */
    if (c2h_tok_is(s, a, "typename") || c2h_tok_is(s, a, "class")) {
      in->param_name[k] = s->facts->n_toks;
      continue;
    }
    for (size_t j = a; j <= b; j++)
      if (c2h_tok_is(s, j, "=")) b = j - 1;
    if (b <= a || !c2h_tok_is_ident(s, b)) return 0;
    in->param_name[k] = b;
  }
  in->n_params = n;
  return 1;
}

/* A declaration of the kernel at t: a type word before it, and its
 * statement says __global__. An explicit instantiation (`template
 * __global__ void k<float, 8>(...);`) is not one: other files may launch
 * what it makes. */
static int is_declaration(const c2h_scan *s, size_t t) {
  int global = 0;
  if (!declares(s, t)) return 0;
  for (size_t j = t; j-- > 0;) {
    if (c2h_tok_is(s, j, ";") || c2h_tok_is(s, j, "}") || c2h_tok_is(s, j, "{")) break;
    if (c2h_tok_is(s, j, "template") && !c2h_tok_is(s, j + 1, "<")) return 0;
    global |= c2h_tok_is(s, j, "__global__");
  }
  return global;
}

int c2h_tok_kernel_declared(const c2h_scan *s, size_t t) {
  return c2h_tok_names_function(s, t) || is_declaration(s, t);
}

int c2h_kernel_instances_all(const c2h_scan *s, size_t kernel,
                             int (*each)(const c2h_scan *s, const c2h_instance *in, void *ctx), void *ctx) {
  const c2h_function *fn = &s->facts->functions[kernel];
  size_t n = s->facts->n_toks, fb, fe, name, name_end;
  if (c2h_scan_is_header_path(s->path) || s->included || fn->ctx != C2H_CTX_KERNEL || fn->name_end <= fn->name_begin)
    return 0;
  c2h_tok_range(s, fn->begin, fn->end, &fb, &fe);
  c2h_tok_range(s, fn->name_begin, fn->name_end, &name, &name_end);
  c2h_instance in;
  memset(&in, 0, sizeof in);
  in.kernel = kernel;
  /* A kernel that is not a template may be declared and launched by other
   * files too (relocatable device code); a template's instances are made
   * here, by the launches this file spells, unless it instantiates one
   * explicitly (then the name is not a launch, below). */
  if (name >= name_end || !c2h_tok_is(s, fb, "template") || !template_params(s, fb, name, &in)) return 0;
  int launches = 0;
  for (size_t t = 0; t < n; t++) {
    if (t == name || !c2h_tok_is_ident(s, t) || !c2h_tok_same(s, t, name) || c2h_tok_kernel_declared(s, t)) continue;
    if (t > 0 && (c2h_tok_is(s, t - 1, ".") || c2h_tok_is(s, t - 1, "->"))) return 0;
    size_t at = t + 1, n_args = 0;
    c2h_tok_span targs[C2H_MAX_TPARAMS];
    if (c2h_tok_is(s, at, "<")) { /* k<T, 16><<<...>>> */
      at = angle_split(s, at, targs, C2H_MAX_TPARAMS, &n_args);
      if (at == NONE) return 0;
      at++;
    }
    if (at >= n || !c2h_tok_is(s, at, "<<<") || n_args > in.n_params) return 0; /* named otherwise: not known */
    ev e = {s, NULL, 0, 0, at, 0};
    if (c2h_tok_function_at(s, at, &e.fb, &e.fe) < 0) return 0;
    for (size_t k = 0; k < in.n_params; k++) {
      if (in.param_name[k] == n) continue;
      c2h_const v;
      if (k >= n_args || !eval_span(&e, targs[k].first, targs[k].last, &v)) return 0;
      in.param_value[k] = as_declared(s, in.param_name[k], v); /* in the parameter's type */
    }
    in.launch = at;
    if (!c2h_launch_threads(s, at, &in.threads)) in.threads = 0;
    if (++launches > MAX_LAUNCHES || !each(s, &in, ctx)) return 0;
  }
  return launches > 0;
}
