/* Platform branches of the preprocessor (see platform.h).
 *
 * Each #if/#ifdef/#ifndef/#elif condition is evaluated twice with three
 * values (true, false, unknown): once as HIP on AMD sees it (__HIPCC__,
 * __HIP__, __HIP_PLATFORM_AMD__, its old name __HIP_PLATFORM_HCC__, and
 * PyTorch's USE_ROCM defined; __HIP_PLATFORM_NVIDIA__ not; HIP_VERSION
 * defined with a value not known here) and once as nvcc sees it (none of
 * them defined). A branch that HIP takes and nvcc never does is HIP code;
 * one HIP never takes is code HIP never compiles. Macros the unit's files
 * define only inside such branches (`#ifdef __HIP_PLATFORM_AMD__` /
 * `#define MY_HIP 1` / `#else` / `#define MY_HIP 0`) are followed too, and
 * so are a project's build switches for HIP that no file defines
 * (build_switch: MMCV_WITH_HIP, BUILD_HIP). Any other name is unknown, so
 * a branch that does not test the platform is code of both. */
#include "platform.h"

#include <stdlib.h>
#include <string.h>

#include "util/strmap.h"

typedef enum tv { TV_FALSE, TV_TRUE, TV_UNKNOWN } tv;

/* A value under one platform: a known integer, or unknown. */
typedef struct pval {
  int known;
  long long v;
} pval;

enum { P_HIP, P_CUDA };

/* A macro the file defines only in platform branches: its definedness and
 * value under each platform. */
typedef struct derived {
  int defined[2]; /* 1 defined, 0 not, -1 unknown */
  pval value[2];
} derived;

struct c2h_platform_macros {
  c2h_strmap names; /* derived macros: name -> index */
  derived *d;
  size_t n_d, cap_d;
  c2h_strmap poisoned; /* names #defined outside platform branches too */
};

typedef struct walk {
  const c2h_token *t;
  size_t n;
  const char *src;
  c2h_platform_macros *m;
} walk;

c2h_platform_macros *c2h_platform_macros_new(void) {
  c2h_platform_macros *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  c2h_strmap_init(&m->names);
  c2h_strmap_init(&m->poisoned);
  return m;
}

void c2h_platform_macros_free(c2h_platform_macros *m) {
  if (!m) return;
  free(m->d);
  c2h_strmap_dispose(&m->names);
  c2h_strmap_dispose(&m->poisoned);
  free(m);
}

static size_t tlen(const walk *w, size_t i) { return w->t[i].end - w->t[i].begin; }

static int is(const walk *w, size_t i, const char *s) {
  size_t n = strlen(s);
  return i < w->n && tlen(w, i) == n && memcmp(w->src + w->t[i].begin, s, n) == 0;
}

/* Whether a newline that ends a directive lies between tokens a and b
 * (a backslash-newline continues the line). */
static int line_break_between(const walk *w, size_t a, size_t b) {
  for (size_t k = w->t[a].end; k < w->t[b].begin; k++) {
    if (w->src[k] != '\n') continue;
    size_t p = k;
    if (p > 0 && w->src[p - 1] == '\r') p--;
    if (p == 0 || w->src[p - 1] != '\\') return 1;
  }
  return 0;
}

/* ---- the platform macros ---- */

typedef struct platform_macro {
  const char *name;
  int hip_defined; /* 1 defined (value below), 0 not, -1 defined in some passes only */
  int hip_value_known;
  long long hip_value;
} platform_macro;

static const platform_macro platform_macros[] = {
    {"__HIPCC__", 1, 1, 1},
    {"__HIP__", 1, 1, 1},
    {"__HIP_PLATFORM_AMD__", 1, 1, 1},
    {"__HIP_PLATFORM_HCC__", 1, 1, 1},
    {"USE_ROCM", 1, 1, 1}, /* PyTorch's, which its ROCm builds define */
    {"__HIP_PLATFORM_NVIDIA__", 0, 1, 0},
    {"__HIP_PLATFORM_NVCC__", 0, 1, 0},
    {"__HIP_DEVICE_COMPILE__", -1, 0, 0}, /* the device pass only */
    {"HIP_VERSION", 1, 0, 0},
    {"HIP_VERSION_MAJOR", 1, 0, 0},
    {"HIP_VERSION_MINOR", 1, 0, 0},
    {"HIP_VERSION_PATCH", 1, 0, 0},
};

static const platform_macro *find_platform_macro(const walk *w, size_t i) {
  for (size_t k = 0; k < sizeof platform_macros / sizeof *platform_macros; k++)
    if (is(w, i, platform_macros[k].name)) return &platform_macros[k];
  return NULL;
}

static const derived *find_derived(const walk *w, size_t i) {
  if (c2h_strmap_get(&w->m->poisoned, w->src + w->t[i].begin, tlen(w, i)) >= 0) return NULL;
  int at = c2h_strmap_get(&w->m->names, w->src + w->t[i].begin, tlen(w, i));
  return at >= 0 ? &w->m->d[at] : NULL;
}

/* Whether the name at token i is a project's build switch for HIP that no
 * file of the unit defines: a word of it (between underscores) is HIP or
 * ROCM (MMCV_WITH_HIP, BUILD_HIP, USE_HIP), it is not HIP's own (a
 * __-name, HIP_..., ROCM_...), and no #define of it was met. Such a macro
 * comes from the build (setup.py's define_macros for ROCm, -DWITH_HIP),
 * which sets it for HIP builds only: defined (as 1) under HIP, not under
 * nvcc. */
static int build_switch(const walk *w, size_t i) {
  const char *s = w->src + w->t[i].begin;
  size_t n = tlen(w, i);
  if (w->t[i].kind != C2H_TOK_IDENT || n < 4 || s[0] == '_' || (n > 4 && memcmp(s, "HIP_", 4) == 0) ||
      (n > 5 && memcmp(s, "ROCM_", 5) == 0))
    return 0;
  if (c2h_strmap_get(&w->m->poisoned, s, n) >= 0 || c2h_strmap_get(&w->m->names, s, n) >= 0) return 0;
  for (size_t a = 0; a < n;) {
    size_t b = a;
    while (b < n && s[b] != '_') b++;
    if ((b - a == 3 && memcmp(s + a, "HIP", 3) == 0) || (b - a == 4 && memcmp(s + a, "ROCM", 4) == 0)) return 1;
    a = b + 1;
  }
  return 0;
}

/* The integer literal token i (a copy: the bytes need not end in NUL). */
static int literal(const walk *w, size_t i, long long *v) {
  char buf[32];
  size_t n = tlen(w, i);
  if (n == 0 || n >= sizeof buf) return 0;
  memcpy(buf, w->src + w->t[i].begin, n);
  buf[n] = '\0';
  char *e = NULL;
  *v = strtoll(buf, &e, 0);
  while (e && (*e == 'u' || *e == 'U' || *e == 'l' || *e == 'L')) e++;
  return e && e > buf && *e == '\0';
}

/* ---- conditions ---- */

typedef struct cond {
  const walk *w;
  size_t pos, end;
  int p;        /* P_HIP or P_CUDA */
  int mentions; /* a platform macro took part */
  int bad;
} cond;

static pval unknown(void) {
  pval v = {0, 0};
  return v;
}

static pval known(long long x) {
  pval v = {1, x};
  return v;
}

/* defined(NAME) under the condition's platform: 1, 0 or -1 (unknown). */
static int defined_of(cond *c, size_t i) {
  const platform_macro *m = find_platform_macro(c->w, i);
  if (m) {
    c->mentions = 1;
    return c->p == P_CUDA ? 0 : m->hip_defined;
  }
  const derived *d = find_derived(c->w, i);
  if (d) {
    c->mentions = 1;
    return d->defined[c->p];
  }
  if (build_switch(c->w, i)) {
    c->mentions = 1;
    return c->p == P_HIP;
  }
  return -1;
}

static pval value_of(cond *c, size_t i) {
  const platform_macro *m = find_platform_macro(c->w, i);
  if (m) {
    c->mentions = 1;
    if (c->p == P_CUDA || m->hip_defined == 0) return known(0);
    return m->hip_defined == 1 && m->hip_value_known ? known(m->hip_value) : unknown();
  }
  const derived *d = find_derived(c->w, i);
  if (d) {
    c->mentions = 1;
    if (d->defined[c->p] == 0) return known(0);
    return d->defined[c->p] == 1 ? d->value[c->p] : unknown();
  }
  if (build_switch(c->w, i)) {
    c->mentions = 1;
    return known(c->p == P_HIP);
  }
  return unknown();
}

static pval c_expr(cond *c);

static int at_end(const cond *c) { return c->pos >= c->end; }

static int take(cond *c, const char *s) {
  if (at_end(c) || !is(c->w, c->pos, s)) return 0;
  c->pos++;
  return 1;
}

static pval c_primary(cond *c) {
  if (at_end(c)) {
    c->bad = 1;
    return unknown();
  }
  const c2h_token *t = &c->w->t[c->pos];
  if (take(c, "(")) {
    pval v = c_expr(c);
    if (!take(c, ")")) c->bad = 1;
    return v;
  }
  if (take(c, "defined")) {
    int paren = take(c, "(");
    if (at_end(c) || c->w->t[c->pos].kind == C2H_TOK_PUNCT) {
      c->bad = 1;
      return unknown();
    }
    int d = defined_of(c, c->pos++);
    if (paren && !take(c, ")")) c->bad = 1;
    return d < 0 ? unknown() : known(d);
  }
  if (t->kind == C2H_TOK_LITERAL) {
    long long v;
    int ok = literal(c->w, c->pos++, &v);
    return ok ? known(v) : unknown();
  }
  if (t->kind == C2H_TOK_IDENT || t->kind == C2H_TOK_KEYWORD) {
    size_t i = c->pos++;
    if (is(c->w, i, "true")) return known(1);
    if (is(c->w, i, "false")) return known(0);
    if (take(c, "(")) { /* a function-like macro: skip its arguments */
      int depth = 1;
      while (!at_end(c) && depth) {
        if (is(c->w, c->pos, "(")) depth++;
        else if (is(c->w, c->pos, ")")) depth--;
        c->pos++;
      }
      return unknown();
    }
    return value_of(c, i);
  }
  c->bad = 1;
  c->pos++;
  return unknown();
}

static pval c_unary(cond *c) {
  if (take(c, "!") || take(c, "not")) {
    pval v = c_unary(c);
    return v.known ? known(!v.v) : v;
  }
  if (take(c, "-")) {
    pval v = c_unary(c);
    return v.known ? known(-v.v) : v;
  }
  if (take(c, "+")) return c_unary(c);
  if (take(c, "~")) {
    pval v = c_unary(c);
    return v.known ? known(~v.v) : v;
  }
  return c_primary(c);
}

/* Binary levels, tightest first. */
static const char *const c_levels[][7] = {
    {"*", "/", "%", NULL}, {"+", "-", NULL},   {"<<", ">>", NULL}, {"<", ">", "<=", ">=", NULL},
    {"==", "!=", NULL},    {"&", "bitand", NULL}, {"^", "xor", NULL}, {"|", "bitor", NULL},
    {"&&", "and", NULL},   {"||", "or", NULL},
};
#define C_LEVELS (sizeof c_levels / sizeof *c_levels)

static pval c_apply(const char *op, pval a, pval b) {
  if (!strcmp(op, "&&") || !strcmp(op, "and")) {
    if ((a.known && !a.v) || (b.known && !b.v)) return known(0);
    return a.known && b.known ? known(1) : unknown();
  }
  if (!strcmp(op, "||") || !strcmp(op, "or")) {
    if ((a.known && a.v) || (b.known && b.v)) return known(1);
    return a.known && b.known ? known(0) : unknown();
  }
  if (!a.known || !b.known) return unknown();
  long long x = a.v, y = b.v;
  if (!strcmp(op, "*")) return known((long long)((unsigned long long)x * (unsigned long long)y));
  if (!strcmp(op, "/")) return y && !(y == -1 && x < -0x7fffffffffffffffLL) ? known(x / y) : unknown();
  if (!strcmp(op, "%")) return y && y != -1 ? known(x % y) : unknown();
  if (!strcmp(op, "+")) return known((long long)((unsigned long long)x + (unsigned long long)y));
  if (!strcmp(op, "-")) return known((long long)((unsigned long long)x - (unsigned long long)y));
  if (!strcmp(op, "<<")) return y >= 0 && y < 63 && x >= 0 ? known((long long)((unsigned long long)x << y)) : unknown();
  if (!strcmp(op, ">>")) return y >= 0 && y < 63 ? known(x >> y) : unknown();
  if (!strcmp(op, "<")) return known(x < y);
  if (!strcmp(op, ">")) return known(x > y);
  if (!strcmp(op, "<=")) return known(x <= y);
  if (!strcmp(op, ">=")) return known(x >= y);
  if (!strcmp(op, "==")) return known(x == y);
  if (!strcmp(op, "!=")) return known(x != y);
  if (!strcmp(op, "&") || !strcmp(op, "bitand")) return known(x & y);
  if (!strcmp(op, "^") || !strcmp(op, "xor")) return known(x ^ y);
  return known(x | y);
}

static pval c_binary(cond *c, size_t level) {
  if (level == (size_t)-1) return c_unary(c);
  pval a = c_binary(c, level - 1);
  for (int more = 1; more && !c->bad;) {
    more = 0;
    for (size_t k = 0; c_levels[level][k]; k++)
      if (take(c, c_levels[level][k])) {
        pval b = c_binary(c, level - 1);
        a = c_apply(c_levels[level][k], a, b);
        more = 1;
        break;
      }
  }
  return a;
}

static pval c_expr(cond *c) {
  pval v = c_binary(c, C_LEVELS - 1);
  if (!c->bad && take(c, "?")) {
    pval a = c_expr(c);
    if (!take(c, ":")) c->bad = 1;
    pval b = c_expr(c);
    if (!v.known) return a.known && b.known && a.v == b.v ? a : unknown();
    return v.v ? a : b;
  }
  return v;
}

static tv truth(pval v) { return !v.known ? TV_UNKNOWN : v.v ? TV_TRUE : TV_FALSE; }

/* The condition of the directive whose word is token `word` (tokens up to
 * `end`), under platform p. *mentions is set when it tests the platform. */
static tv eval_directive(const walk *w, size_t word, size_t end, int p, int *mentions) {
  cond c = {w, word + 1, end, p, 0, 0};
  pval v;
  if (is(w, word, "ifdef") || is(w, word, "ifndef")) {
    int d = word + 1 < end ? defined_of(&c, word + 1) : -1;
    v = d < 0 ? unknown() : known(is(w, word, "ifdef") ? d : !d);
    c.pos = word + 2;
  } else {
    v = c_expr(&c);
  }
  if (c.bad || c.pos != end) v = unknown();
  *mentions |= c.mentions;
  return truth(v);
}

static tv tv_not(tv a) { return a == TV_UNKNOWN ? a : a == TV_TRUE ? TV_FALSE : TV_TRUE; }

static tv tv_and(tv a, tv b) {
  if (a == TV_FALSE || b == TV_FALSE) return TV_FALSE;
  return a == TV_TRUE && b == TV_TRUE ? TV_TRUE : TV_UNKNOWN;
}

static tv tv_or(tv a, tv b) {
  if (a == TV_TRUE || b == TV_TRUE) return TV_TRUE;
  return a == TV_FALSE && b == TV_FALSE ? TV_FALSE : TV_UNKNOWN;
}

/* ---- the walk ---- */

#define MAX_NEST 64

typedef struct frame {
  tv taken[2];     /* whether a branch before (or this one) is taken, per platform */
  int mentions;    /* the chain tests the platform */
  c2h_platform platform; /* of the current branch */
  unsigned line;   /* of the directive opening the current branch */
} frame;

static c2h_platform classify(tv hip, tv cuda, int mentions) {
  if (!mentions) return C2H_PLATFORM_BOTH;
  if (hip == TV_FALSE) return C2H_PLATFORM_CUDA; /* HIP never takes it */
  if (cuda == TV_FALSE) return C2H_PLATFORM_HIP;
  return C2H_PLATFORM_BOTH;
}

/* The platform of code inside the frames: HIP never compiles what any of
 * them excludes; HIP-only if one of them is. *line: that frame's line. */
static c2h_platform combined(const frame *st, size_t depth, unsigned *line) {
  c2h_platform p = C2H_PLATFORM_BOTH;
  *line = 0;
  for (size_t k = 0; k < depth && k < MAX_NEST; k++) {
    if (st[k].platform == C2H_PLATFORM_CUDA) {
      p = C2H_PLATFORM_CUDA;
      *line = st[k].line;
    } else if (st[k].platform == C2H_PLATFORM_HIP && p != C2H_PLATFORM_CUDA) {
      p = C2H_PLATFORM_HIP;
      *line = st[k].line;
    }
  }
  return p;
}

/* `#define NAME [value]` in a platform branch (p) of the file: NAME is
 * defined there, with the value when it is one integer literal. Outside
 * platform branches it is just a macro of the file (poisoned). */
static void note_define(walk *w, size_t name, size_t end, c2h_platform p) {
  c2h_platform_macros *m = w->m;
  const char *s = w->src + w->t[name].begin;
  size_t len = tlen(w, name);
  if (p == C2H_PLATFORM_BOTH) {
    (void)c2h_strmap_put(&m->poisoned, s, len, 1); /* out of memory: the name just stays derived */
    return;
  }
  int at = c2h_strmap_get(&m->names, s, len);
  if (at < 0) {
    if (m->n_d == m->cap_d) {
      size_t cap = m->cap_d ? m->cap_d * 2 : 8;
      derived *d = realloc(m->d, cap * sizeof *d);
      if (!d) return;
      m->d = d;
      m->cap_d = cap;
    }
    if (c2h_strmap_put(&m->names, s, len, (int)m->n_d)) return;
    at = (int)m->n_d++;
    derived fresh = {{0, 0}, {{1, 0}, {1, 0}}};
    m->d[at] = fresh;
  }
  int side = p == C2H_PLATFORM_HIP ? P_HIP : P_CUDA;
  derived *d = &m->d[at];
  pval v = unknown(); /* `#define X` (empty) or a value that is not one literal */
  if (name + 2 == end && w->t[name + 1].kind == C2H_TOK_LITERAL) {
    long long x;
    if (literal(w, name + 1, &x)) v = known(x);
  }
  if (d->defined[side] == 1 && (d->value[side].known != v.known || d->value[side].v != v.v)) v = unknown();
  d->defined[side] = 1;
  d->value[side] = v;
}

/* Walks the directives of toks; fills `out` (parallel to toks) when it is
 * not NULL. */
static void run(walk *w, c2h_token *out) {
  frame st[MAX_NEST];
  size_t depth = 0;
  unsigned line = 0;
  c2h_platform cur = C2H_PLATFORM_BOTH;
  for (size_t i = 0; i < w->n; i++) {
    int starts_line = i == 0 || line_break_between(w, i - 1, i);
    if (!(starts_line && is(w, i, "#") && i + 1 < w->n && !line_break_between(w, i, i + 1))) {
      if (out) {
        out[i].platform = cur;
        out[i].platform_line = line;
      }
      continue;
    }
    /* A directive: its tokens run to the end of its logical line. */
    size_t word = i + 1, end = word + 1;
    while (end < w->n && !line_break_between(w, end - 1, end)) end++;
    int opens = is(w, word, "if") || is(w, word, "ifdef") || is(w, word, "ifndef");
    int elif = is(w, word, "elif"), els = is(w, word, "else"), endif = is(w, word, "endif");
    /* A conditional directive's own tokens belong to the code around the
     * chain; any other (#define, #include) to the branch it is in. */
    int conditional = opens || elif || els || endif;
    c2h_platform outer = combined(st, depth > 0 && conditional && !opens ? depth - 1 : depth, &line);
    for (size_t k = i; k < end && out; k++) {
      out[k].platform = outer;
      out[k].platform_line = line;
    }
    if (opens) {
      if (depth < MAX_NEST) {
        frame *fr = &st[depth];
        fr->mentions = 0;
        tv h = eval_directive(w, word, end, P_HIP, &fr->mentions);
        tv c = eval_directive(w, word, end, P_CUDA, &fr->mentions);
        fr->taken[P_HIP] = h;
        fr->taken[P_CUDA] = c;
        fr->platform = classify(h, c, fr->mentions);
        fr->line = w->t[i].line;
      }
      depth++;
    } else if ((elif || els) && depth > 0 && depth <= MAX_NEST) {
      frame *fr = &st[depth - 1];
      tv h = TV_TRUE, c = TV_TRUE;
      if (elif) {
        h = eval_directive(w, word, end, P_HIP, &fr->mentions);
        c = eval_directive(w, word, end, P_CUDA, &fr->mentions);
      }
      tv bh = tv_and(tv_not(fr->taken[P_HIP]), h), bc = tv_and(tv_not(fr->taken[P_CUDA]), c);
      fr->taken[P_HIP] = tv_or(fr->taken[P_HIP], h);
      fr->taken[P_CUDA] = tv_or(fr->taken[P_CUDA], c);
      fr->platform = classify(bh, bc, fr->mentions);
      fr->line = w->t[i].line;
    } else if (endif && depth > 0) {
      depth--;
    } else if (is(w, word, "define") && word + 1 < end && w->t[word + 1].kind == C2H_TOK_IDENT) {
      note_define(w, word + 1, end, combined(st, depth, &line));
    }
    cur = combined(st, depth, &line);
    i = end - 1;
  }
}

void c2h_platform_macros_collect(c2h_platform_macros *m, const c2h_token *toks, size_t n, const char *src) {
  walk w = {toks, n, src, m};
  if (m) run(&w, NULL);
}

void c2h_front_mark_platforms(c2h_tu_facts *f, const char *src, c2h_platform_macros *m) {
  c2h_platform_macros *own = m ? NULL : c2h_platform_macros_new();
  walk w = {f->toks, f->n_toks, src, m ? m : own};
  if (w.m) run(&w, f->toks);
  c2h_platform_macros_free(own);
}
