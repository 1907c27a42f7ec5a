/* warp-size-constexpr: a warp size that CUDA code uses as a constant
 * expression and that HIP, from ROCm 7.0, only knows at run time.
 *
 * CUB's CUB_WARP_THREADS(0) and CUB_PTX_WARP_THREADS are constants (32).
 * The translation spells them HIPCUB_WARP_THREADS, which is
 * rocprim::warp_size(): a constant expression up to ROCm 6.x, a value read
 * at run time from ROCm 7.0, as HIP's warpSize is (one binary may run on
 * 32- and 64-lane GPUs). Where the code needs a constant (a constexpr
 * initialiser, static_assert, an array bound, a template argument, a case
 * label, an enumerator, __launch_bounds__) the translation does not
 * compile at such a target. The use is reported there, also when it goes
 * through macros of the file (`#define WARP_THREADS CUB_WARP_THREADS(0)`);
 * the fix is a constant for the target: gfx942's wavefront has 64 lanes.
 * Uses that need no constant (a loop bound, an index) are fine. */
#include "checks.h"
#include "scan/constants.h"
#include "util/strmap.h"

#define MAX_MACROS 64
#define NONE ((size_t)-1)

/* A macro of the file whose expansion holds a run-time warp size. */
typedef struct wsc_macro {
  size_t name;   /* the name's token at its #define */
  size_t source; /* the warp-size token its body (or a macro it names) spells */
  int noted;     /* the note at the definition is given */
} wsc_macro;

typedef struct wsc_state {
  c2h_scan *s;
  c2h_strmap index; /* macro name -> index in macros */
  wsc_macro macros[MAX_MACROS];
  size_t n_macros;
} wsc_state;

/* The names whose HIP spelling stops being a constant at ROCm 7.0. */
static int runtime_warp_size(const c2h_scan *s, size_t i) {
  return c2h_tok_ident_is(s, i, "CUB_WARP_THREADS") || c2h_tok_ident_is(s, i, "CUB_PTX_WARP_THREADS") ||
         c2h_tok_ident_is(s, i, "HIPCUB_WARP_THREADS") || c2h_tok_ident_is(s, i, "warpSize");
}

/* The macro token i names (an index into macros), or -1. */
static int macro_of(const wsc_state *w, size_t i) {
  if (!c2h_tok_is_ident(w->s, i)) return -1;
  return c2h_strmap_get(&w->index, c2h_tok_text(w->s, i), c2h_tok_len(w->s, i));
}

/* Whether token i spells a run-time warp size: one of the names, or a macro
 * that expands to one. *source: the name itself. */
static int warp_size_use(const wsc_state *w, size_t i, size_t *source) {
  if (runtime_warp_size(w->s, i)) return *source = i, 1;
  int m = macro_of(w, i);
  if (m < 0) return 0;
  *source = w->macros[m].source;
  return 1;
}

/* Macros whose body spells a run-time warp size, directly or through a
 * macro found before; repeated until no more are found. The #defines are
 * those of the file's constant table (scan/constants.h). Definitions in a
 * branch of one platform are the project's own port and are left out. */
static int collect_macros(wsc_state *w) {
  const c2h_scan *s = w->s;
  const c2h_constants *table = s->constants;
  size_t n = s->facts->n_toks;
  for (int grew = 1; table && grew && w->n_macros < MAX_MACROS;) {
    grew = 0;
    for (size_t k = 0; k < table->n_defs && w->n_macros < MAX_MACROS; k++) {
      const c2h_def *d = &table->defs[k];
      if ((d->kind != C2H_DEF_MACRO && d->kind != C2H_DEF_FUNCTION_MACRO) || d->name >= n ||
          d->value_first > d->value_last || c2h_tok_platform_only(s, d->name) || macro_of(w, d->name) >= 0)
        continue;
      size_t source = NONE;
      for (size_t j = d->value_first; j <= d->value_last && j < n && source == NONE; j++)
        if (!warp_size_use(w, j, &source)) source = NONE;
      if (source == NONE) continue;
      int rc = c2h_strmap_put(&w->index, c2h_tok_text(s, d->name), c2h_tok_len(s, d->name), (int)w->n_macros);
      if (rc) return rc;
      w->macros[w->n_macros++] = (wsc_macro){d->name, source, 0};
      grew = 1;
    }
  }
  return 0;
}

/* Whether token j ends the search for the context of a use (the statement
 * or declaration it is in begins after it). */
static int statement_edge(const c2h_scan *s, size_t j) {
  return c2h_tok_is(s, j, ";") || c2h_tok_is(s, j, "{") || c2h_tok_is(s, j, "}") || c2h_tok_is_directive(s, j);
}

/* Whether the '[' at `open` bounds an array being declared: `T name[...]`,
 * `__shared__ T name[...][...]`, not a subscript, `&a[i]` or `new T[n]`. */
static int array_declarator(const c2h_scan *s, size_t open) {
  size_t j = open;
  while (j > 0 && c2h_tok_is(s, j - 1, "]")) { /* earlier bounds of the same declarator */
    size_t o = c2h_tok_match_back(s, j - 1, 0);
    if (o >= s->facts->n_toks) return 0;
    j = o;
  }
  if (j < 2 || !c2h_tok_is_ident(s, j - 1)) return 0;
  size_t type = j - 2;
  /* `float *rows[N]` declares; `a * b[i]` and `&b[i]` are expressions. A
   * pointer's type must be a keyword (int, float, const) to tell. */
  if (c2h_tok_is(s, type, "*"))
    return type > 0 && s->facts->toks[type - 1].kind == C2H_TOK_KEYWORD && !c2h_tok_is(s, type - 1, "return");
  static const char *const not_types[] = {"return", "new", "delete", "case", "else", "do", "sizeof", "throw", "goto",
                                          "operator"};
  if (!c2h_tok_is_word(s, type)) return 0;
  for (size_t k = 0; k < sizeof not_types / sizeof *not_types; k++)
    if (c2h_tok_is(s, type, not_types[k])) return 0;
  return 1;
}

/* Whether the '<' at `open` starts a template argument list that holds
 * token u: a template's name (or `template`) before it and its '>' after
 * u, with no && || ? ; between them that would make it a comparison. */
static int template_argument(const c2h_scan *s, size_t open, size_t u) {
  if (open == 0 || !(c2h_tok_is_ident(s, open - 1) || c2h_tok_is(s, open - 1, "template"))) return 0;
  size_t n = s->facts->n_toks;
  int depth = 0;
  for (size_t j = u + 1; j < n; j++) {
    if (c2h_tok_is_open(s, j)) {
      depth++;
    } else if (c2h_tok_is_close(s, j)) {
      if (depth-- == 0) return 0;
    } else if (depth == 0 && (c2h_tok_is(s, j, ">") || c2h_tok_is(s, j, ">>"))) {
      return 1;
    } else if (c2h_tok_is(s, j, "&&") || c2h_tok_is(s, j, "||") || c2h_tok_is(s, j, "?") ||
               statement_edge(s, j)) {
      return 0;
    }
  }
  return 0;
}

/* Where token u needs a constant expression: a short name of the place
 * ("a constexpr initialiser", ...), or NULL. */
static const char *constant_context(const c2h_scan *s, size_t u) {
  int paren = 0;
  int angle_seen = 0;
  for (size_t j = u; j-- > 0;) {
    if (statement_edge(s, j)) {
      /* `enum E { A = NAME, ... }`: the '{' of an enum. */
      if (c2h_tok_is(s, j, "{") && j >= 1 &&
          (c2h_tok_is(s, j - 1, "enum") || (j >= 2 && c2h_tok_is(s, j - 2, "enum")) ||
           (j >= 3 && c2h_tok_is(s, j - 3, "enum") && c2h_tok_is(s, j - 2, "class"))))
        return "an enumerator's value";
      return NULL;
    }
    if (c2h_tok_is_close(s, j)) {
      paren++;
      continue;
    }
    if (c2h_tok_is_open(s, j)) {
      if (paren > 0) {
        paren--;
        continue;
      }
      if (c2h_tok_is(s, j, "[") && array_declarator(s, j)) return "an array bound";
      if (c2h_tok_is(s, j, "(") && j > 0 && c2h_tok_is(s, j - 1, "static_assert")) return "a static_assert";
      if (c2h_tok_is(s, j, "(") && j > 0 && c2h_tok_is(s, j - 1, "__launch_bounds__"))
        return "__launch_bounds__";
      if (c2h_tok_is(s, j, "(") && j > 1 && c2h_tok_is(s, j - 1, "constexpr") && c2h_tok_is(s, j - 2, "if"))
        return "an if constexpr condition";
      continue; /* a call's argument, or a list: look further out */
    }
    if (paren > 0) continue;
    if (c2h_tok_is(s, j, "<") && !angle_seen) {
      angle_seen = 1;
      if (template_argument(s, j, u)) return "a template argument";
    }
    if (c2h_tok_is(s, j, ":")) return NULL; /* after a label, a ?: or an initialiser list */
    if (c2h_tok_is(s, j, "case")) return "a case label";
    if (c2h_tok_is(s, j, "constexpr")) return "a constexpr initialiser";
  }
  return NULL;
}

/* The last token of the warp size spelled at i: CUB_WARP_THREADS(0) takes
 * its parentheses along. */
static size_t use_end(const c2h_scan *s, size_t i) {
  if (runtime_warp_size(s, i) && c2h_tok_is(s, i + 1, "(")) {
    size_t close = c2h_tok_match(s, i + 1);
    if (close < s->facts->n_toks) return close;
  }
  return i;
}

static int report(wsc_state *w, size_t u, size_t source, const char *where) {
  c2h_scan *s = w->s;
  int direct = u == source;
  return c2h_scan_diag(s, u, direct ? use_end(s, u) : u, C2H_SEV_ERROR, C2H_CHECK_WARP_SIZE_CONSTEXPR,
                       direct ? "64" : NULL,
                       "%.*s%s%.*s%s is used in %s, which needs a constant expression; from ROCm 7.0 %s is a value "
                       "read at run time, not a constant, so this does not compile. gfx942's wavefront has 64 "
                       "lanes: use a constant 64 here%s",
                       (int)c2h_tok_len(s, u), c2h_tok_text(s, u), direct ? "" : " (it expands to ",
                       direct ? 0 : (int)c2h_tok_len(s, source), c2h_tok_text(s, source), direct ? "" : ")", where,
                       c2h_tok_ident_is(s, source, "warpSize") ? "warpSize"
                                                               : "hipCUB's HIPCUB_WARP_THREADS (rocprim::warp_size())",
                       direct ? "" : ", or define the macro as 64 for HIP");
}

/* A note at the #define whose body spells the warp size, once: that line
 * is where the port sets a constant for HIP. */
static int note_definition(wsc_state *w, size_t source) {
  c2h_scan *s = w->s;
  for (size_t k = 0; k < w->n_macros; k++) {
    if (w->macros[k].source != source) continue;
    size_t name = w->macros[k].name;
    if (source < name || source >= c2h_tok_directive_stop(s, name - 2)) continue; /* reached through another */
    if (w->macros[k].noted) return 0;
    w->macros[k].noted = 1;
    return c2h_scan_diag(s, source, use_end(s, source), C2H_SEV_NOTE, C2H_CHECK_WARP_SIZE_CONSTEXPR, "64",
                         "%.*s is defined here with a warp size that ROCm 7.0 and later know only at run time, and "
                         "the file uses it as a constant; for gfx942 (64-lane wavefronts) define it as 64",
                         (int)c2h_tok_len(s, name), c2h_tok_text(s, name));
  }
  return 0;
}

int c2h_check_warp_size_constexpr(c2h_scan *s) {
  if (s->target < C2H_VERSION(7, 0)) return 0;
  wsc_state w = {.s = s};
  c2h_strmap_init(&w.index);
  int rc = collect_macros(&w);
  size_t n = s->facts->n_toks;
  for (size_t i = 0; i < n && rc == 0; i++) {
    size_t source;
    /* Directives (a #define's name and body) are no uses: bodies count
     * where the macro is used. */
    if (!warp_size_use(&w, i, &source) || c2h_tok_directive_of(s, i) < n ||
        c2h_tok_platform_only(s, i))
      continue;
    /* A member or qualified name of the user's (cfg.warpSize) is no use. */
    if (i > 0 && (c2h_tok_is(s, i - 1, ".") || c2h_tok_is(s, i - 1, "->"))) continue;
    const char *where = constant_context(s, i);
    if (!where) continue;
    rc = report(&w, i, source, where);
    if (rc == 0 && source != i) rc = note_definition(&w, source);
  }
  c2h_strmap_dispose(&w.index);
  return rc;
}
