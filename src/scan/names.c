/* CUDA identifiers: the rename, the call rewrites a rule asks for, and the
 * diagnostics for names HIP lacks. Renames are decided on tokens (so macro
 * bodies and inactive code are covered) and vetoed by the AST where it knows
 * the name is the user's own or a class member. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "const_expr.h"
#include "mask_exact.h"
#include "mask_value.h"
#include "tokens.h"
#include "util/buf.h"

#define MAX_ARGS 32
#define MAX_GONE 16

/* A namespace entry that names a nested namespace (`c10::cuda`) applies
 * to the inner name where the tokens before it spell the outer one. */
static const c2h_rule *lookup_nested_namespace(const c2h_scan *s, size_t i) {
  const c2h_token *t = s->facts->toks;
  if (i < 2 || !c2h_tok_is(s, i - 1, "::") || t[i - 2].kind != C2H_TOK_IDENT) return NULL;
  char key[128];
  size_t outer = t[i - 2].end - t[i - 2].begin, inner = t[i].end - t[i].begin;
  if (outer + 2 + inner >= sizeof key) return NULL;
  memcpy(key, s->src + t[i - 2].begin, outer);
  memcpy(key + outer, "::", 2);
  memcpy(key + outer + 2, s->src + t[i].begin, inner);
  const c2h_rule *r = c2h_rules_lookup(s->rules, key, outer + 2 + inner);
  return r && r->kind == C2H_RULE_NAMESPACE ? r : NULL;
}

static const c2h_rule *lookup(const c2h_scan *s, size_t i) {
  const c2h_token *t = &s->facts->toks[i];
  if (t->kind != C2H_TOK_IDENT) return NULL;
  const c2h_rule *nested = lookup_nested_namespace(s, i);
  return nested ? nested : c2h_rules_lookup(s->rules, s->src + t->begin, t->end - t->begin);
}

/* Whether r is a namespace entry for a nested namespace: its qualifier is
 * part of the entry, not a namespace of the user's. */
static int is_nested_namespace(const c2h_rule *r) {
  return r && r->kind == C2H_RULE_NAMESPACE && strstr(r->cuda, "::") != NULL;
}

const c2h_rule *c2h_scan_pytorch_rule(c2h_scan *s, const c2h_rule *r) {
  if (!r || !r->pytorch_hip || !s->pytorch || s->pytorch < r->pytorch_removed) return r;
  for (size_t k = 0; k < s->n_pytorch_rules; k++)
    if (s->pytorch_of[k] == r) return &s->pytorch_rules[k];
  if (s->n_pytorch_rules == sizeof s->pytorch_rules / sizeof *s->pytorch_rules) return r;
  size_t k = s->n_pytorch_rules++;
  s->pytorch_of[k] = r;
  return c2h_rule_for_pytorch(r, s->pytorch, &s->pytorch_rules[k]);
}

/* Whether token i names a namespace of a CUDA library (`cub` in cub::X). */
static int is_api_namespace(const c2h_scan *s, size_t i) {
  const c2h_rule *r = lookup(s, i);
  return r && r->kind == C2H_RULE_NAMESPACE;
}

/* Whether token i sits in a directive whose words are not code: a header
 * name (`#include <curand.h>` lexes as `curand . h`), a #pragma, an #error
 * or #warning message, a #line. */
static int in_non_code_directive(const c2h_scan *s, size_t i) {
  const c2h_token *t = s->facts->toks;
  size_t first = i;
  while (first > 0 && t[first - 1].line == t[i].line) first--;
  if (!c2h_tok_is(s, first, "#") || first + 1 >= i + 1) return 0;
  static const char *const words[] = {"include", "include_next", "import", "pragma", "error", "warning", "line", NULL};
  for (size_t w = 0; words[w]; w++)
    if (c2h_tok_is(s, first + 1, words[w])) return 1;
  return 0;
}

/* The '#' starting the directive line token i is on, or n_toks. */
static size_t directive_start(const c2h_scan *s, size_t i) {
  const c2h_token *t = s->facts->toks;
  size_t first = i;
  while (first > 0 && t[first - 1].line == t[i].line) first--;
  return c2h_tok_is(s, first, "#") ? first : s->facts->n_toks;
}

static int is_directive_word(const c2h_scan *s, size_t hash, const char *word) {
  return c2h_tok_is(s, hash + 1, word);
}

/* Whether the #if / #elif / #else chain around the conditional directive
 * at `d` tests a HIP macro somewhere (__HIPCC__, __HIP_PLATFORM_AMD__,
 * HIP_VERSION, ...): such code is written for HIP already, and mapping its
 * CUDA tests would make the CUDA branch win under HIP. */
static int chain_tests_hip(const c2h_scan *s, size_t d) {
  const c2h_token *t = s->facts->toks;
  size_t n = s->facts->n_toks, start = n, depth = 0;
  int opens = is_directive_word(s, d, "if") || is_directive_word(s, d, "ifdef") || is_directive_word(s, d, "ifndef");
  if (opens) start = d;
  for (size_t j = d; !opens && j-- > 0;) {
    if (!c2h_tok_is(s, j, "#") || (j > 0 && t[j - 1].line == t[j].line)) continue;
    if (is_directive_word(s, j, "endif")) depth++;
    else if (is_directive_word(s, j, "if") || is_directive_word(s, j, "ifdef") || is_directive_word(s, j, "ifndef")) {
      if (depth == 0) {
        start = j;
        break;
      }
      depth--;
    }
  }
  if (start == n) return 0;
  depth = 0;
  for (size_t j = start; j < n; j++) {
    if (!c2h_tok_is(s, j, "#") || (j > 0 && t[j - 1].line == t[j].line)) continue;
    int open = is_directive_word(s, j, "if") || is_directive_word(s, j, "ifdef") || is_directive_word(s, j, "ifndef");
    if (is_directive_word(s, j, "endif") && --depth == 0) return 0;
    if (open) depth++;
    if (depth != 1 || !(open || is_directive_word(s, j, "elif"))) continue;
    for (size_t k = j + 2; k < n && t[k].line == t[j].line; k++) {
      size_t len = t[k].end - t[k].begin;
      const char *w = s->src + t[k].begin;
      if (t[k].kind == C2H_TOK_IDENT && ((len > 5 && memcmp(w, "__HIP", 5) == 0) || (len > 4 && memcmp(w, "HIP_", 4) == 0)))
        return 1;
    }
  }
  return 0;
}

static int declares_function(const c2h_scan *s, size_t i);

/* Whether user code declares the name at token i only as C++ overloads of
 * its own (a `__shfl_down_sync` for its half type), not as anything that
 * clashes with the API's. */
static int user_overload_only(const c2h_scan *s, size_t i) {
  const c2h_token *t = &s->facts->toks[i];
  return c2h_strmap_get(&s->facts->user_overloads, s->src + t->begin, t->end - t->begin) == 1;
}

/* Whether the unresolved token i (a macro body, code the parse did not
 * see) names a function that both the API and the user's own overloads
 * declare: which one it calls is not known, so it stays as written, and
 * that is said. */
static int ambiguous_overload_use(const c2h_scan *s, size_t i) {
  const c2h_token *t = &s->facts->toks[i];
  if (t->use != C2H_USE_UNKNOWN || !user_overload_only(s, i) || in_non_code_directive(s, i) ||
      c2h_tok_platform_only(s, i) || !c2h_tok_is(s, i + 1, "(") || declares_function(s, i))
    return 0;
  return i == 0 || !(c2h_tok_is(s, i - 1, ".") || c2h_tok_is(s, i - 1, "->") || c2h_tok_is(s, i - 1, "::") ||
                     c2h_tok_is(s, i - 1, "define"));
}

/* Whether the unresolved name at token i is declared there, as a function
 * of the user's (`__device__ float16 __shfl_sync(unsigned mask, float16
 * var, ...) {` in a branch the parse did not take): a type word before it,
 * its parameter list followed by a body or `;`. Not a call. */
static int declares_function(const c2h_scan *s, size_t i) {
  static const char *const not_types[] = {"return", "else", "do", "case", "sizeof", "throw", "new",
                                          "delete", "co_return", "co_yield", "goto", NULL};
  const c2h_token *t = s->facts->toks;
  if (i == 0 || !c2h_tok_is(s, i + 1, "(") || (t[i - 1].kind != C2H_TOK_IDENT && t[i - 1].kind != C2H_TOK_KEYWORD &&
                                               !c2h_tok_is(s, i - 1, "*") && !c2h_tok_is(s, i - 1, "&")))
    return 0;
  for (size_t k = 0; not_types[k]; k++)
    if (c2h_tok_is(s, i - 1, not_types[k])) return 0;
  /* The word before must be code, not the end of an #if line above. */
  if (t[i - 1].line != t[i].line && directive_start(s, i - 1) < s->facts->n_toks) return 0;
  if (c2h_tok_is(s, i - 1, "*") || c2h_tok_is(s, i - 1, "&")) { /* `T *f(` is a declaration, `a * f(` not */
    if (i < 2 || (t[i - 2].kind != C2H_TOK_IDENT && t[i - 2].kind != C2H_TOK_KEYWORD)) return 0;
  }
  size_t close = c2h_tok_match(s, i + 1), n = s->facts->n_toks;
  if (close >= n || close + 1 >= n) return 0;
  size_t j = close + 1;
  while (j < n && (c2h_tok_is(s, j, "const") || c2h_tok_is(s, j, "noexcept") || c2h_tok_is(s, j, "override")))
    j++;
  return j < n && (c2h_tok_is(s, j, "{") || c2h_tok_is(s, j, ";") || c2h_tok_is(s, j, "->"));
}

/* Whether identifier token i is a use of the CUDA API rather than a name of
 * the user's that happens to be spelled like one. */
static int is_api_use(const c2h_scan *s, size_t i) {
  const c2h_token *t = &s->facts->toks[i];
  /* Code of a branch HIP takes is HIP code already; code of one it never
   * takes is the CUDA build's own, which HIP does not compile. */
  if (in_non_code_directive(s, i) || c2h_tok_platform_only(s, i)) return 0;
  const c2h_rule *r = lookup(s, i);
  if (r && r->kind == C2H_RULE_MACRO) {
    size_t d = directive_start(s, i);
    if (d < s->facts->n_toks && (is_directive_word(s, d, "if") || is_directive_word(s, d, "ifdef") ||
                                 is_directive_word(s, d, "ifndef") || is_directive_word(s, d, "elif")) &&
        chain_tests_hip(s, d))
      return 0;
  }
  int user_declared = c2h_strmap_get(&s->facts->user_names, s->src + t->begin, t->end - t->begin) >= 0;
  switch (t->use) {
    /* A global declaration of the user's with this name wins even where the
     * AST resolved a use to the shim (the two clashed, so the parser kept
     * the shim's), but for C++ overloads of the user's own: there the
     * parse chose between them and the API's, call by call. */
    case C2H_USE_API: return !user_declared || user_overload_only(s, i);
    case C2H_USE_USER:
    case C2H_USE_MEMBER: return 0;
    case C2H_USE_UNKNOWN: break;
  }
  /* No AST answer (macro body, inactive branch, unresolved): decide on the
   * surrounding tokens and on what the user declares elsewhere in the file. */
  if (user_declared) return 0;
  if (i == 0) return 1;
  if (c2h_tok_is(s, i - 1, ".") || c2h_tok_is(s, i - 1, "->")) return 0;
  if (c2h_tok_is(s, i - 1, "::") && i >= 2 && !is_nested_namespace(r) &&
      (s->facts->toks[i - 2].kind == C2H_TOK_IDENT || c2h_tok_is(s, i - 2, ">")) &&
      !is_api_namespace(s, i - 2))
    return 0; /* qualified by a namespace or class of the user's */
  if ((c2h_tok_is(s, i - 1, "define") || c2h_tok_is(s, i - 1, "undef")) && i >= 2 &&
      c2h_tok_is(s, i - 2, "#"))
    return 0; /* the user (re)defines a macro with this name */
  if (declares_function(s, i)) return 0; /* the user's own function of that name */
  return 1;
}

/* The first token of the nested-name qualifier before name token i
 * (`cg::`, `::cooperative_groups::`), or i when it has none. */
static size_t qualifier_start(const c2h_scan *s, size_t i) {
  size_t q = i;
  while (q >= 2 && c2h_tok_is(s, q - 1, "::") && s->facts->toks[q - 2].kind == C2H_TOK_IDENT) q -= 2;
  if (q >= 1 && c2h_tok_is(s, q - 1, "::")) q--;
  return q;
}

/* Whether identifier token i is `cooperative_groups`, or a namespace alias
 * the file declares for it (`namespace cg = cooperative_groups;`). */
static int names_cg_namespace(const c2h_scan *s, size_t i) {
  if (c2h_tok_is(s, i, "cooperative_groups")) return 1;
  const c2h_token *t = &s->facts->toks[i];
  if (t->kind != C2H_TOK_IDENT) return 0;
  for (size_t k = 1; k + 3 < s->facts->n_toks; k++) {
    if (!c2h_tok_is(s, k - 1, "namespace") || !c2h_tok_is(s, k + 1, "=")) continue;
    const c2h_token *a = &s->facts->toks[k];
    if (a->end - a->begin != t->end - t->begin || memcmp(s->src + a->begin, s->src + t->begin, t->end - t->begin))
      continue;
    size_t target = c2h_tok_is(s, k + 2, "::") ? k + 3 : k + 2;
    if (c2h_tok_is(s, target, "cooperative_groups") && c2h_tok_is(s, target + 1, ";")) return 1;
  }
  return 0;
}

/* Whether the qualifier tokens [q, name) spell cooperative_groups (or an
 * alias of it) alone: `cg::`, `::cooperative_groups::`. */
static int names_cg_qualifier(const c2h_scan *s, size_t q, size_t name) {
  if (c2h_tok_is(s, q, "::")) q++;
  return q + 2 == name && names_cg_namespace(s, q);
}

#define FULL_WAVE_MASK "0xffffffffffffffffULL"

#define KERNEL_CAST "reinterpret_cast<const void *>"

/* Whether an argument is `[&][ns::]name[<...>]` where the AST says name is
 * a function or a function template specialisation (also a lone function
 * pointer variable): HIP's launch and
 * attribute functions take `const void*`, to which a function does not
 * convert implicitly. A pointer variable, or a cast already written, is
 * left as it is. */
static int names_function(const c2h_scan *s, c2h_tok_span a) {
  size_t i = a.first;
  /* A function pointer variable as it is (not its address). */
  if (i == a.last && s->facts->toks[i].kind == C2H_TOK_IDENT && s->facts->toks[i].function_ptr) return 1;
  if (c2h_tok_is(s, i, "&")) i++;
  if (c2h_tok_is(s, i, "::")) i++;
  while (i + 2 <= a.last && s->facts->toks[i].kind == C2H_TOK_IDENT && c2h_tok_is(s, i + 1, "::")) i += 2;
  if (i > a.last || s->facts->toks[i].kind != C2H_TOK_IDENT || !s->facts->toks[i].function_ref) return 0;
  if (i == a.last) return 1;
  /* Template arguments up to the end of the argument. */
  if (!c2h_tok_is(s, i + 1, "<")) return 0;
  long depth = 0;
  for (size_t j = i + 1; j <= a.last; j++) {
    if (c2h_tok_is(s, j, "<")) depth++;
    else if (c2h_tok_is(s, j, ">")) depth--;
    else if (c2h_tok_is(s, j, ">>")) depth -= 2;
    if (depth <= 0) return depth == 0 && j == a.last;
  }
  return 0;
}

static int is_null_arg(const c2h_scan *s, c2h_tok_span a);

/* Whether a kernel argument that is not a function already has a type HIP
 * takes as `const void*`: a name the AST types as an object pointer, a cast
 * written by the user, or a null pointer. Anything else (a function pointer
 * variable, a name the parse could not resolve, an expression) may need a
 * cast that cu2hip cannot prove right, and is reported. */
static int kernel_arg_fits(const c2h_scan *s, c2h_tok_span a) {
  size_t i = a.first;
  if (i == a.last && s->facts->toks[i].kind == C2H_TOK_IDENT && s->facts->toks[i].object_ptr) return 1;
  if (c2h_tok_is(s, i, "reinterpret_cast") || c2h_tok_is(s, i, "static_cast") ||
      c2h_tok_is(s, i, "const_cast"))
    return 1;
  if (c2h_tok_is(s, i, "(") && i + 1 <= a.last &&
      (c2h_tok_is(s, i + 1, "const") || c2h_tok_is(s, i + 1, "void")))
    return 1;
  return is_null_arg(s, a);
}

/* A null pointer as written: 0, NULL, nullptr (in brackets, with casts to a pointer type left out). */
static int is_null_arg(const c2h_scan *s, c2h_tok_span a) {
  size_t i = a.first, e = a.last;
  while (i < e && c2h_tok_is(s, i, "(") && c2h_tok_is(s, e, ")")) i++, e--;
  return i == e && (c2h_tok_is(s, i, "0") || c2h_tok_is(s, i, "NULL") || c2h_tok_is(s, i, "nullptr") ||
                    c2h_tok_is(s, i, "0L") || c2h_tok_is(s, i, "0UL"));
}

/* State of one pass over a file. */
typedef struct names_ctx {
  c2h_strmap widened; /* mask names whose definition has been widened */
  /* Bytes of the declarations this pass removed (their tokens are not
   * looked at again); more than MAX_GONE in one file are left in place. */
  size_t gone_begin[MAX_GONE], gone_end[MAX_GONE];
  size_t n_gone;
} names_ctx;

static int is_gone(const names_ctx *nc, const c2h_token *t) {
  for (size_t k = 0; k < nc->n_gone; k++)
    if (t->begin >= nc->gone_begin[k] && t->end <= nc->gone_end[k]) return 1;
  return 0;
}

/* Whether argument a is `&X` where X is a local object declared earlier in
 * the same function as `T X = {};`, `T X = {0};` or `T X{};` and named
 * nowhere else there: an all-zero parameter block nobody fills in (CUDA
 * 13's `CUctxCreateParams p = {}; cuCtxCreate(&c, &p, 0, dev)`), which
 * means what a null pointer means. *decl_first and *decl_last are the
 * declaration's first token and its ';'. */
static int is_empty_local_arg(const c2h_scan *s, c2h_tok_span a, size_t *decl_first, size_t *decl_last) {
  if (a.last != a.first + 1 || !c2h_tok_is(s, a.first, "&")) return 0;
  const c2h_token *toks = s->facts->toks, *x = &toks[a.last];
  if (x->kind != C2H_TOK_IDENT) return 0;
  const c2h_function *fn = NULL;
  for (size_t k = 0; k < s->facts->n_functions; k++)
    if (s->facts->functions[k].begin <= x->begin && x->begin < s->facts->functions[k].end)
      fn = &s->facts->functions[k];
  if (!fn) return 0;
  size_t len = x->end - x->begin, decl = s->facts->n_toks, uses = 0;
  for (size_t j = 0; j < s->facts->n_toks && toks[j].begin < fn->end; j++) {
    if (toks[j].begin < fn->begin || toks[j].kind != C2H_TOK_IDENT || toks[j].end - toks[j].begin != len ||
        memcmp(s->src + toks[j].begin, s->src + x->begin, len) != 0)
      continue;
    uses++;
    if (j != a.last) decl = j;
  }
  if (uses != 2 || decl >= a.first || decl < 2) return 0;
  /* `T X` at the start of a statement, then `= {}`, `= {0}` or `{}`, `;`. */
  size_t t = decl - 1, j = decl + 1;
  if (toks[t].kind != C2H_TOK_IDENT ||
      !(c2h_tok_is(s, t - 1, ";") || c2h_tok_is(s, t - 1, "{") || c2h_tok_is(s, t - 1, "}")))
    return 0;
  if (c2h_tok_is(s, j, "=")) j++;
  if (!c2h_tok_is(s, j, "{")) return 0;
  j++;
  if (c2h_tok_is(s, j, "0")) j++;
  if (!c2h_tok_is(s, j, "}") || !c2h_tok_is(s, j + 1, ";")) return 0;
  *decl_first = t;
  *decl_last = j + 1;
  return 1;
}

/* Removes the declaration of tokens first..last, with its line when the
 * line holds nothing else. */
static int remove_declaration(c2h_scan *s, names_ctx *nc, size_t first, size_t last) {
  size_t b = s->facts->toks[first].begin, e = s->facts->toks[last].end;
  size_t lb = b, le = e;
  while (lb > 0 && (s->src[lb - 1] == ' ' || s->src[lb - 1] == '\t')) lb--;
  while (le < s->len && (s->src[le] == ' ' || s->src[le] == '\t' || s->src[le] == '\r')) le++;
  if ((lb == 0 || s->src[lb - 1] == '\n') && le < s->len && s->src[le] == '\n') b = lb, e = le + 1;
  nc->gone_begin[nc->n_gone] = b;
  nc->gone_end[nc->n_gone++] = e;
  return c2h_edit_add(s->edits, b, e, "", 0);
}

typedef struct call_site {
  size_t name, open, close; /* token indexes */
  c2h_tok_span args[MAX_ARGS];
  size_t n_args;
} call_site;

/* The first condition of `arg_is` that the call does not meet (its index
 * into r->arg_is), or -1 when every listed argument is written as one of
 * its names (brackets around it allowed). A call with fewer arguments than
 * a condition names does not meet it. */
static long unmet_arg_is(const c2h_scan *s, const c2h_rule *r, const call_site *c) {
  for (size_t k = 0; k < r->n_arg_is; k++) {
    const c2h_rule_arg_is *a = &r->arg_is[k];
    if ((size_t)a->index > c->n_args) return (long)k;
    size_t i = c->args[a->index - 1].first, e = c->args[a->index - 1].last;
    while (i < e && c2h_tok_is(s, i, "(") && c2h_tok_is(s, e, ")")) i++, e--;
    int met = 0;
    for (size_t j = 0; i == e && !met && j < a->n_names; j++) met = c2h_tok_is(s, i, a->names[j]);
    if (!met) return (long)k;
  }
  return -1;
}

/* The text of an argument as written, for a message: *text, and its
 * length capped at 60 bytes. */
static int arg_quote(const c2h_scan *s, c2h_tok_span a, const char **text) {
  const c2h_token *b = &s->facts->toks[a.first], *e = &s->facts->toks[a.last];
  *text = s->src + b->begin;
  return (int)(e->end - b->begin > 60 ? 60 : e->end - b->begin);
}

/* Reports a call that does not meet the condition a->index of `arg_is`
 * (an error: the call is only renamed). */
static int report_unmet_arg_is(c2h_scan *s, size_t i, const c2h_rule *r, const c2h_rule_form *form,
                               const call_site *c, const c2h_rule_arg_is *a) {
  int rc = 0;
  c2h_buf want;
  c2h_buf_init(&want);
  for (size_t j = 0; rc == 0 && j < a->n_names; j++) {
    rc = c2h_buf_puts(&want, j == 0 ? "" : j + 1 == a->n_names ? " or " : ", ");
    if (rc == 0) rc = c2h_buf_puts(&want, a->names[j]);
  }
  const char *target = form->hip ? form->hip : "HIP", *text = NULL;
  if (rc == 0 && (size_t)a->index > c->n_args)
    rc = c2h_scan_diag(s, i, c->close, C2H_SEV_ERROR, C2H_CHECK_API_UNSUPPORTED, NULL,
                       "%s is called with %zu arguments; its rewrite to %s needs argument %d to be %s: "
                       "rewrite the call by hand",
                       r->cuda, c->n_args, target, a->index, want.data);
  else if (rc == 0) {
    int len = arg_quote(s, c->args[a->index - 1], &text);
    rc = c2h_scan_diag(s, i, c->close, C2H_SEV_ERROR, C2H_CHECK_API_UNSUPPORTED, NULL,
                       "argument %d of %s ('%.*s') is not %s, the only value%s the rewrite to %s is "
                       "right for: rewrite the call by hand",
                       a->index, r->cuda, len, text, want.data, a->n_names > 1 ? "s" : "", target);
  }
  c2h_buf_dispose(&want);
  return rc;
}

static size_t arg_begin(const c2h_scan *s, const call_site *c, size_t k) {
  return s->facts->toks[c->args[k].first].begin;
}
static size_t arg_end(const c2h_scan *s, const call_site *c, size_t k) {
  return s->facts->toks[c->args[k].last].end;
}

/* The entry of r->value_args for argument k (0-based), or NULL. */
static const c2h_rule_value_arg *value_arg(const c2h_rule *r, size_t k) {
  for (size_t i = 0; r && i < r->n_value_args; i++)
    if ((size_t)r->value_args[i].index == k + 1) return &r->value_args[i];
  return NULL;
}

/* The target constant for argument k when the rule maps its values and the
 * argument is spelled as one of the CUDA constants, or NULL. */
static const char *mapped_value(const c2h_scan *s, const c2h_rule *r, const call_site *c, size_t k) {
  const c2h_rule_value_arg *va = value_arg(r, k);
  if (!va || c->args[k].first != c->args[k].last) return NULL;
  const c2h_token *t = &s->facts->toks[c->args[k].first];
  for (size_t i = 0; i < va->n; i++)
    if (strlen(va->from[i]) == t->end - t->begin && memcmp(va->from[i], s->src + t->begin, t->end - t->begin) == 0)
      return va->to[i];
  return NULL;
}

/* Appends argument k as rewritten: its own renames, or the target
 * library's constant where the rule maps the argument's values. */
static int render_arg(c2h_scan *s, const c2h_rule *r, const call_site *c, size_t k, c2h_buf *out) {
  const char *v = mapped_value(s, r, c, k);
  if (v) return c2h_buf_puts(out, v);
  return c2h_edit_render_range(s->edits, s->src, arg_begin(s, c, k), arg_end(s, c, k), out);
}

/* Appends `tmpl` with each $N replaced by argument N as already rewritten. */
static int expand_template(c2h_scan *s, const c2h_rule *r, const call_site *c, const char *tmpl, c2h_buf *out,
                           int *bad) {
  int rc = 0;
  for (const char *p = tmpl; *p && rc == 0; p++) {
    if (*p == '$' && isdigit((unsigned char)p[1])) {
      int n = 0;
      while (isdigit((unsigned char)p[1])) n = n * 10 + (*++p - '0');
      if (n < 1 || (size_t)n > c->n_args) {
        *bad = 1;
        return 0;
      }
      rc = render_arg(s, r, c, (size_t)n - 1, out);
    } else {
      rc = c2h_buf_append(out, p, 1);
    }
  }
  return rc;
}

/* The largest N of the $N in tmpl. */
static int max_arg_ref(const char *tmpl) {
  int max = 0;
  for (const char *p = tmpl; *p; p++)
    if (*p == '$' && isdigit((unsigned char)p[1])) {
      int n = 0;
      while (isdigit((unsigned char)p[1])) n = n * 10 + (*++p - '0');
      if (n > max) max = n;
    }
  return max;
}

/* Appends tmpl with each $N spelled argN: what a call becomes when there is
 * no call to take the arguments from. */
static int template_in_words(const char *tmpl, c2h_buf *out) {
  int rc = 0;
  for (const char *p = tmpl; *p && rc == 0; p++) {
    if (*p == '$' && isdigit((unsigned char)p[1])) {
      rc = c2h_buf_puts(out, "arg");
      while (rc == 0 && isdigit((unsigned char)p[1])) rc = c2h_buf_append(out, ++p, 1);
    } else {
      rc = c2h_buf_append(out, p, 1);
    }
  }
  return rc;
}

/* Longest rewrite a message shows with the call's own arguments; a longer
 * one is shown with its arguments named arg1, arg2, ... */
#define SHOWN_REWRITE_MAX 160

/* For messages, "X becomes Y": the HIP name of a rename, or the rewrite of
 * a whole-call template with the call's arguments (c, may be NULL) as they
 * end up, never the template itself. */
static int describe_rewrite(c2h_scan *s, const c2h_rule *r, const c2h_rule_form *form, const call_site *c,
                            c2h_buf *out) {
  if (!form->call) return c2h_buf_printf(out, "%s becomes %s", r->cuda, form->hip ? form->hip : r->cuda);
  const c2h_token *t = s->facts->toks;
  if (c) {
    c2h_buf call;
    c2h_buf_init(&call);
    int bad = 0, rc = expand_template(s, r, c, form->call, &call, &bad);
    size_t b = t[c->name].begin, e = t[c->close].end;
    int shown = rc == 0 && !bad && call.len <= SHOWN_REWRITE_MAX && !memchr(call.data, '\n', call.len) &&
                e - b <= SHOWN_REWRITE_MAX && !memchr(s->src + b, '\n', e - b);
    if (shown) rc = c2h_buf_printf(out, "%.*s becomes %.*s", (int)(e - b), s->src + b, (int)call.len, call.data);
    c2h_buf_dispose(&call);
    if (rc || shown) return rc;
  }
  int rc = c2h_buf_printf(out, "a call %s(", r->cuda);
  for (int k = 1, n = max_arg_ref(form->call); k <= n && rc == 0; k++)
    rc = c2h_buf_printf(out, "%sarg%d", k > 1 ? ", " : "", k);
  if (rc == 0) rc = c2h_buf_puts(out, ") becomes ");
  return rc ? rc : template_in_words(form->call, out);
}

/* Rewrites a whole call `name(args)` per `form`: the mask argument, argument
 * templates, dropped arguments, or a whole-call template. The separators
 * between the arguments that stay are kept as written. */
static int rewrite_call(c2h_scan *s, const c2h_rule *r, const c2h_rule_form *form, int widen_use,
                        const call_site *c, const char *extra_arg) {
  const c2h_token *toks = s->facts->toks;
  c2h_buf out;
  c2h_buf_init(&out);
  int rc = 0, bad = 0;
  if (form->call) {
    rc = expand_template(s, r, c, form->call, &out, &bad);
  } else {
    rc = c2h_buf_puts(&out, form->hip);
    if (rc == 0) rc = c2h_buf_append(&out, s->src + toks[c->name].end, toks[c->open].end - toks[c->name].end);
    /* Text before the first argument. */
    if (rc == 0 && c->n_args)
      rc = c2h_buf_append(&out, s->src + toks[c->open].end, arg_begin(s, c, 0) - toks[c->open].end);
    int emitted = 0;
    for (size_t k = 0; k < c->n_args && rc == 0; k++) {
      if (k < 32 && (form->drop_args >> k) & 1) continue;
      if (emitted) {
        /* The separator that followed the previous kept argument. */
        rc = c2h_buf_puts(&out, ",");
        size_t b = toks[c->args[k].first].begin, w = b;
        while (w > 0 && (s->src[w - 1] == ' ' || s->src[w - 1] == '\t' || s->src[w - 1] == '\n' ||
                         s->src[w - 1] == '\r'))
          w--;
        if (rc == 0) rc = c2h_buf_append(&out, s->src + w, b - w);
      }
      emitted = 1;
      const char *tmpl = NULL;
      for (size_t a = 0; a < form->n_args; a++)
        if ((size_t)form->args[a].index == k + 1) tmpl = form->args[a].tmpl;
      int cast = (size_t)r->func_arg == k + 1 && names_function(s, c->args[k]);
      if (cast) rc = c2h_buf_puts(&out, KERNEL_CAST "(");
      if (rc) break;
      if (widen_use && (size_t)r->mask_arg == k + 1)
        rc = c2h_buf_puts(&out, FULL_WAVE_MASK);
      else if (tmpl)
        rc = expand_template(s, r, c, tmpl, &out, &bad);
      else
        rc = render_arg(s, r, c, k, &out);
      if (rc == 0 && cast) rc = c2h_buf_puts(&out, ")");
    }
    /* An argument the caller adds after the last one (a shuffle's width). */
    if (rc == 0 && extra_arg) rc = c2h_buf_printf(&out, "%s%s", emitted ? ", " : "", extra_arg);
    /* Text after the last argument, then ')'. */
    if (rc == 0 && c->n_args)
      rc = c2h_buf_append(&out, s->src + arg_end(s, c, c->n_args - 1),
                          toks[c->close].begin - arg_end(s, c, c->n_args - 1));
    if (rc == 0) rc = c2h_buf_puts(&out, ")");
  }
  if (rc == 0 && bad) {
    rc = c2h_scan_diag(s, c->name, c->close, C2H_SEV_WARNING, C2H_CHECK_CALL_REWRITE, NULL,
                       "%s(...) has %zu arguments, fewer than its rewrite needs; rewrite it by hand",
                       r->cuda, c->n_args);
  } else if (rc == 0) {
    size_t b = toks[c->name].begin, e = toks[c->close].end;
    c2h_edit_remove_inside(s->edits, b, e);
    rc = c2h_edit_add(s->edits, b, e, out.data, out.len);
    s->stats->calls++;
  }
  c2h_buf_dispose(&out);
  return rc;
}

/* Whether the intrinsic is a vote, whose result depends on the lanes the
 * mask names rather than only on the lanes that run it. */
static int is_vote(const char *cuda) {
  return strcmp(cuda, "__ballot_sync") == 0 || strcmp(cuda, "__any_sync") == 0 ||
         strcmp(cuda, "__all_sync") == 0 || strcmp(cuda, "__uni_sync") == 0;
}

/* Whether every use of the name defined at token def is, alone, the lane
 * mask argument of a warp intrinsic: then widening the definition changes
 * nothing else. */
static int only_mask_uses(const c2h_scan *s, size_t def) {
  const c2h_token *t = s->facts->toks, *d = &t[def];
  size_t n = s->facts->n_toks, len = d->end - d->begin;
  for (size_t j = 0; j < n; j++) {
    if (j == def || t[j].kind != C2H_TOK_IDENT || t[j].end - t[j].begin != len ||
        memcmp(s->src + t[j].begin, s->src + d->begin, len) != 0)
      continue;
    if (j == 0 || !(c2h_tok_is(s, j - 1, "(") || c2h_tok_is(s, j - 1, ",")) ||
        !(c2h_tok_is(s, j + 1, ")") || c2h_tok_is(s, j + 1, ",")))
      return 0;
    size_t open = j - 1, commas = 0, depth = 0;
    while (open > 0 && !(depth == 0 && c2h_tok_is(s, open, "("))) {
      if (c2h_tok_is(s, open, ")") || c2h_tok_is(s, open, "]")) depth++;
      else if ((c2h_tok_is(s, open, "(") || c2h_tok_is(s, open, "[")) && depth) depth--;
      else if (depth == 0 && c2h_tok_is(s, open, ",")) commas++;
      open--;
    }
    const c2h_rule *r = open > 0 ? lookup(s, open - 1) : NULL;
    if (!c2h_tok_is(s, open, "(") || !r || !r->mask_arg || (size_t)r->mask_arg != commas + 1) return 0;
  }
  return 1;
}

/* Whether a full-mask literal has a 64-bit type: an ll suffix, or a value
 * too large for 32 bits. */
static int spelled_64bit(const char *text, size_t len) {
  char buf[40];
  size_t n = 0;
  for (size_t i = 0; i < len && n + 1 < sizeof buf; i++)
    if (!isspace((unsigned char)text[i]) && text[i] != '(' && text[i] != ')')
      buf[n++] = (char)tolower((unsigned char)text[i]);
  buf[n] = '\0';
  return strstr(buf, "ll") || strncmp(buf, "0xffffffffffffffff", 18) == 0 ||
         strncmp(buf, "18446744073709551615", 20) == 0;
}

/* Widens the definition of a full-mask name for HIP 7.0's 64-bit masks:
 * a macro's value, or a variable's type and initialiser. Once per name. */
static int widen_definition(c2h_scan *s, names_ctx *nc, const c2h_mask_value *m) {
  const c2h_token *t = s->facts->toks;
  size_t name = m->def_name, len = t[name].end - t[name].begin;
  const char *text = s->src + t[name].begin;
  if (c2h_strmap_get(&nc->widened, text, len) >= 0) return 0;
  int rc = c2h_strmap_put(&nc->widened, text, len, 1);
  int auto_type = m->type_first < s->facts->n_toks && c2h_tok_is(s, m->type_first, "auto");
  if (!rc && !m->is_macro && !auto_type)
    rc = c2h_edit_add(s->edits, t[m->type_first].begin, t[m->type_last].end, "unsigned long long", 18);
  if (!rc && m->kind == C2H_MASK_FULL32) {
    c2h_edit_remove_inside(s->edits, t[m->value_first].begin, t[m->value_last].end);
    rc = c2h_edit_add(s->edits, t[m->value_first].begin, t[m->value_last].end, FULL_WAVE_MASK,
                      strlen(FULL_WAVE_MASK));
  }
  if (rc) return rc;
  return c2h_scan_diag(s, name, name, C2H_SEV_NOTE, C2H_CHECK_WARP_MASK_32BIT,
                       m->is_macro && m->kind == C2H_MASK_FULL32 ? FULL_WAVE_MASK : NULL,
                       "'%.*s' serves only as a lane mask; HIP's _sync functions take 64-bit masks "
                       "(ROCm 7.0), so %s",
                       (int)len, text,
                       m->kind == C2H_MASK_ACTIVE ? "it is declared unsigned long long, keeping every lane of "
                                                    "__activemask()"
                       : m->kind == C2H_MASK_PARTIAL ? "it is declared unsigned long long; its value, and so "
                                                       "the lanes it names, stay as written"
                       : m->is_macro ? "its value 0xffffffff (every lane of a 32-lane warp) becomes "
                                       FULL_WAVE_MASK ", every lane of the 64-lane gfx942 wavefront"
                                     : "it becomes an unsigned long long " FULL_WAVE_MASK
                                       ", every lane of the 64-lane gfx942 wavefront, instead of 0xffffffff");
}

/* Reports lane masks that lose meaning on a 64-lane wavefront, by value:
 * the full mask and __activemask() are exact to drop (ROCm before 7.0);
 * for 7.0's 64-bit masks a full one is widened, at its definition when
 * nothing else uses it, else at this use (*widen_use). */
static int check_mask(c2h_scan *s, names_ctx *nc, const c2h_rule *r, const call_site *c, int dropped,
                      const char *hip, int *widen_use) {
  size_t k = (size_t)r->mask_arg - 1, n = s->facts->n_toks;
  *widen_use = 0;
  if (k >= c->n_args) return 0;
  const char *text = s->src + arg_begin(s, c, k);
  size_t len = arg_end(s, c, k) - arg_begin(s, c, k);
  int shown = (int)(len > 60 ? 60 : len);
  c2h_mask_value m;
  c2h_mask_resolve(s, c->args[k].first, c->args[k].last, &m);
  int named = m.def_name < n;
  if (!dropped && m.kind == C2H_MASK_FULL64) {
    /* -1 or ~0 is every lane, but an int: 7.0 wants the type 64 bits too. */
    const c2h_token *t = s->facts->toks;
    int typed64 = named && !m.is_macro
                      ? t[c->args[k].first].var_bytes == 8
                      : m.width == 64 || spelled_64bit(named ? s->src + t[m.value_first].begin : text,
                                                       named ? t[m.value_last].end - t[m.value_first].begin : len);
    if (!typed64 && !named) *widen_use = 1;
    if (!typed64 && named) m.kind = C2H_MASK_FULL32;
  }
  if (m.kind == C2H_MASK_FULL64 || (dropped && (m.kind == C2H_MASK_FULL32 || m.kind == C2H_MASK_ACTIVE)))
    return 0;
  if (m.kind == C2H_MASK_ACTIVE) {
    /* 7.0 keeps __activemask(); a variable holding it must be 64 bits. */
    const c2h_token *v = &s->facts->toks[c->args[k].first];
    if (!named || v->var_bytes == 8 || (m.type_first < n && c2h_tok_is(s, m.type_first, "auto"))) return 0;
    if (m.type_first < n && only_mask_uses(s, m.def_name)) return widen_definition(s, nc, &m);
  } else if (m.kind == C2H_MASK_FULL32) {
    if (named && (m.is_macro || m.type_first < n) && only_mask_uses(s, m.def_name))
      return widen_definition(s, nc, &m);
    *widen_use = 1;
    return c2h_scan_diag(s, c->args[k].first, c->args[k].last, C2H_SEV_NOTE, C2H_CHECK_WARP_MASK_32BIT,
                         FULL_WAVE_MASK,
                         "lane mask '%.*s' selects the 32 lanes of a CUDA warp; on gfx942 all lanes "
                         "of the 64-lane wavefront are " FULL_WAVE_MASK ", which the translation uses%s",
                         shown, text, named ? " here (the definition stays, for its other uses)" : "");
  }
  /* Dropping loses nothing when every lane that runs the call is in the
   * mask (a guard `lane < k` around `(1 << k) - 1`, ...), or when the call
   * is a ballot whose result itself only serves as dropped masks. */
  if (dropped && (c2h_mask_covers_active(s, c->name, c->args[k].first, c->args[k].last) ||
                  (strcmp(r->cuda, "__ballot_sync") == 0 && c2h_mask_ballot_only_dropped(s, c->name))))
    return 0;
  const c2h_token *v = &s->facts->toks[c->args[k].first];
  int wide_var = c->args[k].first == c->args[k].last && v->var_bytes == 8;
  const char *what = m.kind == C2H_MASK_PARTIAL ? "leaves lanes out" : "is not known to hold every lane";
  if (dropped && !is_vote(r->cuda))
    /* CUDA requires every lane that runs a shuffle or __syncwarp to be in
     * its mask, and every lane of the mask to run it: where the call is
     * well defined, the mask is the set of active lanes, which is what the
     * mask-less HIP form uses. Not proved above, so still a warning. */
    return c2h_scan_diag(s, c->args[k].first, c->args[k].last, C2H_SEV_WARNING, C2H_CHECK_WARP_MASK_32BIT,
                         NULL,
                         "lane mask '%.*s' %s and is dropped: %s() acts on all active lanes of the "
                         "64-lane wavefront; check that every lane the mask excluded is inactive here",
                         shown, text, what, hip ? hip : r->cuda);
  if (dropped)
    return c2h_scan_diag(s, c->args[k].first, c->args[k].last, C2H_SEV_WARNING, C2H_CHECK_WARP_MASK_32BIT,
                         NULL,
                         "lane mask '%.*s' %s and is dropped: %s() votes over all active lanes of the "
                         "64-lane wavefront, where CUDA counts only the lanes of the mask; check that "
                         "every active lane here is in the mask",
                         shown, text, what, hip ? hip : r->cuda);
  if (s->target < r->rocm) return 0; /* not available at all: api-version says so */
  if (wide_var) return 0; /* already a 64-bit mask: the code counts 64 lanes */
  /* A constant that leaves lanes out, in a variable that only serves as a
   * mask: 7.0 needs its type 64 bits wide, which keeps the value; whether
   * those are the lanes meant on a 64-lane wavefront is still a question. */
  int widen = m.kind == C2H_MASK_PARTIAL && named && !m.is_macro && m.type_first < n &&
              !c2h_tok_is(s, m.type_first, "auto") && only_mask_uses(s, m.def_name);
  if (widen) {
    int rc = widen_definition(s, nc, &m);
    if (rc) return rc;
  }
  /* A mask spelled 64 bits wide (0xffffull, a macro of it) compiles. */
  const c2h_token *t = s->facts->toks;
  int typed64 = widen || (m.kind == C2H_MASK_PARTIAL && (named ? m.is_macro && spelled_64bit(s->src + t[m.value_first].begin,
                                                                                          t[m.value_last].end - t[m.value_first].begin)
                                                               : spelled_64bit(text, len)));
  return c2h_scan_diag(s, c->args[k].first, c->args[k].last, C2H_SEV_WARNING, C2H_CHECK_WARP_MASK_32BIT, NULL,
                       "lane mask '%.*s' of %s() %s; on gfx942 a mask has one bit per lane of the 64-lane "
                       "wavefront: check that it names the lanes meant there%s",
                       shown, text, r->cuda, what,
                       typed64 ? "" : " (ROCm 7.0's _sync functions do not compile with a 32-bit mask)");
}

/* Whether the rewrite leaves argument n (1-based) out of the new call. */
static int form_drops_arg(const c2h_rule_form *form, int n) {
  if ((form->drop_args >> (n - 1)) & 1) return 1;
  if (!form->call) return 0;
  char ref[8];
  snprintf(ref, sizeof ref, "$%d", n);
  for (const char *p = strstr(form->call, ref); p; p = strstr(p + 1, ref))
    if (!isdigit((unsigned char)p[strlen(ref)])) return 0;
  return 1;
}

/* Remembers the first use of each library (tokens are walked backwards, so
 * the last one recorded is the first in the file). */
/* Counts a converted name for the per-library figures of reports. */
static void count_library_use(c2h_scan *s, const c2h_rule *r) {
  c2h_file_stats *st = s->stats;
  size_t cap = sizeof st->by_library / sizeof *st->by_library, k = 0;
  while (k < st->n_libraries && strcmp(st->by_library[k].library, r->library) != 0) k++;
  if (k == cap) k = cap - 1;
  else if (k == st->n_libraries) st->by_library[st->n_libraries++].library = r->library;
  st->by_library[k].uses++;
}

static void note_library_use(c2h_scan *s, size_t i, const c2h_rule *r) {
  size_t k = 0;
  while (k < s->n_used_libraries && strcmp(s->used_libraries[k].first_use->library, r->library) != 0) k++;
  if (k == sizeof s->used_libraries / sizeof *s->used_libraries) return;
  if (k == s->n_used_libraries) s->n_used_libraries++;
  s->used_libraries[k].first_use = r;
  s->used_libraries[k].token = i;
}

/* The call whose name is token i (c->n_args set), or 0 when i is not
 * called or its brackets do not match. */
static int find_call(const c2h_scan *s, size_t i, call_site *c) {
  if (!c2h_tok_is(s, i + 1, "(")) return 0;
  *c = (call_site){.name = i, .open = i + 1};
  c->close = c2h_tok_match(s, i + 1);
  if (c->close >= s->facts->n_toks) return 0;
  c->n_args = c2h_tok_split(s, c->open, c->close, c->args, MAX_ARGS);
  if (c->n_args > MAX_ARGS) c->n_args = MAX_ARGS;
  return 1;
}

/* A member function of a cooperative group (`tile.meta_group_rank()`):
 * HIP's class may lack it, have it from some release on, or spell it
 * otherwise (num_threads() is HIP's size()). */
static int handle_method(c2h_scan *s, size_t i, const c2h_rule *r) {
  char need[16], have[16];
  c2h_version_format(s->target, have, sizeof have);
  if (r->unsupported)
    return c2h_scan_diag(s, i, i, C2H_SEV_ERROR, C2H_CHECK_API_UNSUPPORTED, NULL,
                         "cooperative-groups member function %s() has no HIP equivalent: %s", r->cuda,
                         r->unsupported);
  int renamed = strcmp(r->cuda, r->form.hip) != 0;
  if (r->rocm && s->target < r->rocm) {
    c2h_version_format(r->rocm, need, sizeof need);
    int rc = c2h_scan_diag(s, i, i, C2H_SEV_ERROR, C2H_CHECK_API_VERSION, NULL,
                           "cooperative-groups member function %s()%s%s%s is in HIP from ROCm %s on "
                           "(target: ROCm %s): target that release, or compute the value another way",
                           r->cuda, renamed ? " (HIP: " : "", renamed ? r->form.hip : "", renamed ? "())" : "",
                           need, have);
    if (rc) return rc;
  }
  if (!renamed) return 0;
  const c2h_token *t = &s->facts->toks[i];
  s->stats->renames++;
  return c2h_edit_add(s->edits, t->begin, t->end, r->form.hip, strlen(r->form.hip));
}

/* A field of a CUDA struct (`prop.deviceOverlap`): HIP's struct may lack
 * it, or have it only from some release on. */
static int handle_member(c2h_scan *s, size_t i, const c2h_rule *r) {
  if (s->facts->toks[i].api_method) return handle_method(s, i, r);
  char need[16], have[16];
  c2h_version_format(s->target, have, sizeof have);
  if (r->unsupported)
    return c2h_scan_diag(s, i, i, C2H_SEV_ERROR, C2H_CHECK_API_UNSUPPORTED, NULL,
                         "field %s has no HIP equivalent: %s", r->cuda, r->unsupported);
  if (r->rocm && s->target < r->rocm) {
    c2h_version_format(r->rocm, need, sizeof need);
    int rc = c2h_scan_diag(s, i, i, C2H_SEV_ERROR, C2H_CHECK_API_VERSION, NULL,
                           "field %s%s%s%s is in HIP's struct from ROCm %s on (target: ROCm %s): leave "
                           "it out, or query the property with hipDeviceGetAttribute where HIP has one",
                           r->cuda, strcmp(r->cuda, r->form.hip) ? " (HIP: " : "",
                           strcmp(r->cuda, r->form.hip) ? r->form.hip : "",
                           strcmp(r->cuda, r->form.hip) ? ")" : "", need, have);
    if (rc) return rc;
  }
  if (strcmp(r->cuda, r->form.hip) == 0) return 0;
  const c2h_token *t = &s->facts->toks[i];
  s->stats->renames++;
  return c2h_edit_add(s->edits, t->begin, t->end, r->form.hip, strlen(r->form.hip));
}

/* What a user of a compat function should know beyond the rename. */
static const char *compat_caveat(const c2h_rule *r) {
  if (strncmp(r->cuda, "__match_", 8) == 0)
    return " (its lane masks, the result included, are 64-bit unsigned long long as on a 64-lane wavefront; "
           "CUDA's result is a 32-bit unsigned int)";
  if (strncmp(r->cuda, "__nv_atomic_", 12) == 0)
    return " (its __NV_ATOMIC_* orders and __NV_THREAD_SCOPE_* scopes become the header's cu2hip_NV_* constants, "
           "with CUDA's values: thread and block scope act on the workgroup, cluster and device scope on the "
           "agent)";
  if (r->compat && (strncmp(r->compat, "cu2hip_ld", 9) == 0 || strncmp(r->compat, "cu2hip_st", 9) == 0))
    return " (a volatile access: every call reads or writes memory, as CUDA's does; HIP has no cache operator to "
           "pass on)";
  if (r->compat && strncmp(r->compat, "cu2hip_mem", 10) == 0)
    return " (a device location passes its id; any other location type, and prefetch flags other than 0, "
           "return hipErrorInvalidValue)";
  if (strstr(r->cuda, "_rd") || strstr(r->cuda, "_ru") || strstr(r->cuda, "_rz"))
    return " (exact in the default floating-point environment: no -ffast-math, denormals kept, correctly "
           "rounded division and square root)";
  return "";
}

/* A value_args argument that is not spelled as one of the mapped
 * constants: a CUDA constant the target lacks is an error; anything else
 * (a variable, an expression) keeps its CUDA-side value, which the target
 * numbers differently, so the user has to convert it. */
static int check_value_args(c2h_scan *s, const c2h_rule *r, const c2h_rule_form *form, const call_site *c) {
  for (size_t i = 0; i < r->n_value_args; i++) {
    const c2h_rule_value_arg *va = &r->value_args[i];
    size_t k = (size_t)va->index - 1;
    if (k >= c->n_args || mapped_value(s, r, c, k)) continue;
    const c2h_token *b = &s->facts->toks[c->args[k].first], *e = &s->facts->toks[c->args[k].last];
    int len = (int)(e->end - b->begin > 60 ? 60 : e->end - b->begin);
    const char *target = form->hip ? form->hip : r->cuda;
    c2h_buf list;
    c2h_buf_init(&list);
    int rc = 0;
    for (size_t j = 0; j < va->n && rc == 0; j++)
      rc = c2h_buf_printf(&list, "%s%s -> %s", j ? ", " : "", va->from[j], va->to[j]);
    const c2h_rule *named = c->args[k].first == c->args[k].last ? lookup(s, c->args[k].first) : NULL;
    if (rc == 0 && named && named->kind == C2H_RULE_CONSTANT)
      rc = c2h_scan_diag(s, c->args[k].first, c->args[k].last, C2H_SEV_ERROR, C2H_CHECK_API_UNSUPPORTED, NULL,
                         "argument %d of %s is %.*s, which %s does not take (it takes %s)", va->index, r->cuda,
                         len, s->src + b->begin, target, list.data);
    else if (rc == 0)
      rc = c2h_scan_diag(s, c->args[k].first, c->args[k].last, C2H_SEV_WARNING, C2H_CHECK_CALL_REWRITE, NULL,
                         "argument %d of %s ('%.*s') is a CUDA constant's value, which %s numbers differently: "
                         "cu2hip converts it only where it is spelled as a constant (%s); convert this one by hand",
                         va->index, r->cuda, len, s->src + b->begin, target, list.data);
    c2h_buf_dispose(&list);
    if (rc) return rc;
  }
  return 0;
}

/* Whether token i is, alone, an argument of a call whose rule maps that
 * argument's constants (value_args): 1 when the map lists it (the call's
 * rewrite writes the target library's value, so the name needs neither a
 * rename nor a diagnostic of its own), 2 when it does not (check_value_args
 * reports it), else 0. */
static int converted_by_call(const c2h_scan *s, size_t i) {
  if (i == 0 || !(c2h_tok_is(s, i - 1, "(") || c2h_tok_is(s, i - 1, ",")) ||
      !(c2h_tok_is(s, i + 1, ")") || c2h_tok_is(s, i + 1, ",")))
    return 0;
  size_t open = i - 1, commas = 0, depth = 0;
  while (open > 0 && !(depth == 0 && c2h_tok_is(s, open, "("))) {
    if (c2h_tok_is(s, open, ")") || c2h_tok_is(s, open, "]") || c2h_tok_is(s, open, "}")) depth++;
    else if ((c2h_tok_is(s, open, "(") || c2h_tok_is(s, open, "[") || c2h_tok_is(s, open, "{")) && depth) depth--;
    else if (depth == 0 && c2h_tok_is(s, open, ",")) commas++;
    open--;
  }
  const c2h_rule *call = open > 0 && c2h_tok_is(s, open, "(") ? lookup(s, open - 1) : NULL;
  if (!call || !call->n_value_args || call->unsupported) return 0;
  const c2h_token *t = &s->facts->toks[i];
  for (size_t k = 0; k < call->n_value_args; k++) {
    const c2h_rule_value_arg *va = &call->value_args[k];
    if ((size_t)va->index != commas + 1) continue;
    for (size_t j = 0; j < va->n; j++)
      if (strlen(va->from[j]) == t->end - t->begin && memcmp(va->from[j], s->src + t->begin, t->end - t->begin) == 0)
        return 1;
    return 2;
  }
  return 0;
}

/* Compat names that get no note of their own: the order and scope
 * constants of the __nv_atomic_* calls, whose note speaks of them. */
static int compat_quiet(const c2h_rule *r) {
  return strncmp(r->cuda, "__NV_ATOMIC_", 12) == 0 || strncmp(r->cuda, "__NV_THREAD_SCOPE_", 18) == 0;
}

/* The __nv_atomic_* builtins and their constants: without the header, the
 * atomic-unsupported check reports each call, with the HIP builtin to use. */
static int reported_by_atomics(const c2h_rule *r) {
  return compat_quiet(r) || strncmp(r->cuda, "__nv_atomic_", 12) == 0;
}

/* A status a CUDA API returns (cudaErrorX, CUDA_ERROR_X, CUBLAS_STATUS_X,
 * NVRTC_ERROR_X, ...): where it has no HIP counterpart, no HIP call
 * returns it. */
static int is_status_code(const char *name) {
  return (strncmp(name, "cudaError", 9) == 0 && name[9] >= 'A' && name[9] <= 'Z') ||
         strncmp(name, "CUDA_ERROR_", 11) == 0 || strncmp(name, "NVRTC_ERROR_", 12) == 0 ||
         strstr(name, "_STATUS_") != NULL;
}

/* Token i is the constant of a `case NAME:` label in code the parse saw (not
 * a macro body, not an inactive branch). */
static int is_case_label(const c2h_scan *s, size_t i) {
  if (i == 0 || i + 1 >= s->facts->n_toks || !c2h_tok_is(s, i - 1, "case") || !c2h_tok_is(s, i + 1, ":")) return 0;
  for (size_t k = i - 1; k <= i + 1; k++)
    if (s->facts->toks[k].ctx == C2H_CTX_UNKNOWN || s->facts->toks[k].expanded) return 0;
  return 1;
}

/* `case cudaErrorX:` where cudaErrorX has no HIP counterpart: the switch
 * is on a status a HIP call returned, which is never that one, so the label
 * goes and what follows it stays (reached as before from the labels above
 * it, if it was). The rest of the switch then compiles. */
static int drop_case_label(c2h_scan *s, size_t i, const c2h_rule *r) {
  const c2h_token *kw = &s->facts->toks[i - 1], *colon = &s->facts->toks[i + 1];
  size_t begin = kw->begin, end = colon->end;
  if (i + 2 < s->facts->n_toks && s->facts->toks[i + 2].line == colon->line) {
    end = s->facts->toks[i + 2].begin; /* the line goes on: the blanks after the label go too */
  } else {
    /* The label ends its line: the blanks before it go, and the whole line
     * when it holds nothing else. */
    while (begin > 0 && (s->src[begin - 1] == ' ' || s->src[begin - 1] == '\t')) begin--;
    if (begin == 0 || s->src[begin - 1] == '\n') {
      size_t e = end;
      while (e < s->len && (s->src[e] == ' ' || s->src[e] == '\t' || s->src[e] == '\r')) e++;
      if (e < s->len && s->src[e] == '\n') end = e + 1;
      else begin = kw->begin;
    }
  }
  if (c2h_edit_overlaps(s->edits, begin, end))
    return c2h_scan_diag(s, i, i, C2H_SEV_ERROR, C2H_CHECK_API_UNSUPPORTED, NULL, "%s has no HIP equivalent: %s",
                         r->cuda, r->unsupported);
  int rc = c2h_edit_add(s->edits, begin, end, "", 0);
  return rc ? rc
            : c2h_scan_diag(s, i - 1, i + 1, C2H_SEV_NOTE, C2H_CHECK_API_NOTE, NULL,
                            "'case %s:' removed: the status has no counterpart in the API the code is translated "
                            "to, so no call returns it and the switch never takes this label; the statements "
                            "after it stay",
                            r->cuda);
}

/* The entry for the form of the call at token i: the declaration the parse
 * resolved it to, told by a parameter's type (CUDA 13's cudaMemLocation
 * where CUDA 12 took a device number); else its argument count; else r. */
static const c2h_rule *form_entry(const c2h_scan *s, size_t i, const c2h_rule *r, size_t n_args) {
  for (size_t k = 0; k < r->n_by_args; k++) {
    const c2h_rule *e = &r->by_args[k];
    size_t len = 0;
    const char *type = e->param_type ? c2h_tu_facts_param_type(s->facts, s->facts->toks[i].begin,
                                                               (unsigned)e->param_index, &len)
                                     : NULL;
    if (type && len == strlen(e->param_type) && memcmp(type, e->param_type, len) == 0) return e;
  }
  for (size_t k = 0; k < r->n_by_args; k++)
    if (r->by_args[k].arity >= 0 && (size_t)r->by_args[k].arity == n_args) return &r->by_args[k];
  return r;
}


/* ---- code written for 32-lane warps: each half of the wavefront is one warp ---- */

typedef enum { C2H_HALF_HELPER, C2H_HALF_WIDTH, C2H_HALF_MASKLESS } half_kind;

typedef struct half_wave_op {
  const char *cuda;
  half_kind kind;
  const char *helper; /* HELPER: the function of cu2hip_compat.h */
  int width_arg;      /* WIDTH: the 1-based width argument */
  int xor_arg;        /* WIDTH: the lane mask of an xor shuffle, or 0 */
} half_wave_op;

static const half_wave_op half_wave_ops[] = {
#define X(cuda, kind, helper, width, lane_xor) {cuda, kind, helper, width, lane_xor},
#include "half_wave.def"
#undef X
};

static const half_wave_op *half_wave_op_of(const char *cuda) {
  for (size_t k = 0; k < sizeof half_wave_ops / sizeof *half_wave_ops; k++)
    if (strcmp(half_wave_ops[k].cuda, cuda) == 0) return &half_wave_ops[k];
  return NULL;
}

static const half_wave_op *half_wave_op_at(const c2h_scan *s, size_t i) {
  if (!c2h_tok_is_ident(s, i) || !c2h_tok_is(s, i + 1, "(")) return NULL;
  for (size_t k = 0; k < sizeof half_wave_ops / sizeof *half_wave_ops; k++)
    if (c2h_tok_ident_is(s, i, half_wave_ops[k].cuda)) return &half_wave_ops[k];
  return NULL;
}

#define RETUNE_NOTE "retuning the code for 64-lane warps can be faster"

/* The tokens [*first, *last) of the device function whose body holds
 * token i (the outermost, as the warp model has it). */
static int function_tokens(const c2h_scan *s, size_t i, size_t *first, size_t *last) {
  size_t k = c2h_scan_device_function_at(s, i);
  if (k == (size_t)-1) return 0;
  c2h_tok_range(s, s->facts->functions[k].begin, s->facts->functions[k].end, first, last);
  return 1;
}

/* Whether the variable at token v stays below 32 where token use reads it:
 * use lies in the body of a `for` whose header starts it below 32 and
 * halves it (`m = 16; m > 0; m >>= 1`), or bounds it by 32 and doubles it
 * (`m = 1; m < 32; m <<= 1` or `*= 2`), and the body does not assign it. */
static int loop_keeps_below_32(const c2h_scan *s, size_t first, size_t use) {
  for (size_t k = use; k-- > first;) {
    if (!c2h_tok_is(s, k, "for") || !c2h_tok_is(s, k + 1, "(")) continue;
    size_t rp = c2h_tok_match(s, k + 1);
    if (rp >= use) continue;
    size_t body = rp + 1, body_end = c2h_tok_is(s, body, "{") ? c2h_tok_match(s, body) : use;
    if (body_end < use) continue; /* a loop that ended before the use */
    size_t semi[2] = {0, 0}, n = 0;
    for (size_t j = k + 2; j < rp && n < 2; j++) {
      if (c2h_tok_is(s, j, "(")) j = c2h_tok_match(s, j);
      else if (c2h_tok_is(s, j, ";")) semi[n++] = j;
    }
    if (n < 2) return 0;
    /* init: [type] v = E; cond: v OP E; step: v OP= E */
    size_t eq = semi[0];
    while (eq > k + 2 && !c2h_tok_is(s, eq, "=")) eq--;
    if (!c2h_tok_is(s, eq, "=") || !c2h_tok_same(s, eq - 1, use)) return 0;
    long long init = 0, bound = 0, by = 0;
    if (!c2h_const_tokens_int(s, eq + 1, semi[0] - 1, &init)) return 0;
    size_t c = semi[0] + 1, st = semi[1] + 1;
    if (!c2h_tok_same(s, c, use) || !c2h_tok_same(s, st, use) ||
        !c2h_const_tokens_int(s, c + 2, semi[1] - 1, &bound) || !c2h_const_tokens_int(s, st + 2, rp - 1, &by))
      return 0;
    for (size_t j = body; j < use; j++)
      if (c2h_tok_same(s, j, use) && c2h_tok(s, j + 1)->kind == C2H_TOK_PUNCT &&
          c2h_tok_len(s, j + 1) >= 2 && c2h_tok_text(s, j + 1)[c2h_tok_len(s, j + 1) - 1] == '=' &&
          !c2h_tok_is(s, j + 1, "==") && !c2h_tok_is(s, j + 1, "<=") && !c2h_tok_is(s, j + 1, ">=") &&
          !c2h_tok_is(s, j + 1, "!="))
        return 0;
    int down = (c2h_tok_is(s, st + 1, ">>=") && by >= 1) || (c2h_tok_is(s, st + 1, "/=") && by >= 2);
    int up = (c2h_tok_is(s, st + 1, "<<=") && by >= 1) || (c2h_tok_is(s, st + 1, "*=") && by >= 2);
    if (down) return init >= 0 && init < 32 && (c2h_tok_is(s, c + 1, ">") || c2h_tok_is(s, c + 1, ">=") ||
                                                c2h_tok_is(s, c + 1, "!=")) && bound >= 0;
    if (up) return init >= 0 && ((c2h_tok_is(s, c + 1, "<") && bound <= 32) ||
                                 (c2h_tok_is(s, c + 1, "<=") && bound < 32));
    return 0;
  }
  return 0;
}

/* Whether a shuffle's source lane can leave the caller's 32-lane half:
 * its width is left out (CUDA's is 32, HIP's the 64-lane wavefront), and
 * it is not an xor whose lane mask stays below 32. */
static int shuffle_leaves_half(const c2h_scan *s, const half_wave_op *op, const call_site *c) {
  if (c->n_args >= (size_t)op->width_arg) return 0;
  if (op->xor_arg && (size_t)op->xor_arg <= c->n_args) {
    long long v = 0;
    const c2h_tok_span *a = &c->args[op->xor_arg - 1];
    if (c2h_const_tokens_int(s, a->first, a->last, &v)) return v < 0 || v >= 32;
    size_t first = 0, last = 0;
    if (a->first == a->last && c2h_tok_is_ident(s, a->first) && function_tokens(s, a->first, &first, &last) &&
        loop_keeps_below_32(s, first, a->first))
      return 0;
  }
  return 1;
}

/* Whether the ballot (or active mask) at token i is stored in a variable whose every use is
 * the lane mask of a shuffle or __syncwarp, which 32-lane code drops (or
 * of a function of the file that only uses it so): its value is never
 * read, and the call stays as it is. */
static int ballot_feeds_dropped_masks(const c2h_scan *s, size_t i) {
  size_t first = 0, last = 0;
  if (i < 2 || !c2h_tok_is(s, i - 1, "=") || !c2h_tok_is_ident(s, i - 2) || !function_tokens(s, i, &first, &last))
    return 0;
  size_t v = i - 2;
  if (!c2h_mask_only_mask_uses(s, first, last, v, 1)) return 0;
  for (size_t j = first; j + 1 < last; j++) {
    if (j == v || !c2h_tok_same(s, j, v) || !c2h_tok_is(s, j - 1, "(")) continue;
    const half_wave_op *op = half_wave_op_at(s, j - 2);
    if (op && op->kind == C2H_HALF_HELPER) return 0; /* a vote keeps the mask: it must be the half's */
  }
  return 1;
}

/* A warp operation in code written for 32-lane warps (the warp model says
 * so): rewritten to act on the caller's half of the wavefront, the CUDA
 * warp it stands for. Returns 1 with *rc set when the call is handled. */
static int half_wave_call(c2h_scan *s, names_ctx *nc, size_t i, const c2h_rule *r, const call_site *c, int *rc) {
  const half_wave_op *op = half_wave_op_of(r->cuda);
  if (!op || c2h_scan_lanes_at(s, i) != C2H_LANES_32) return 0;
  if (s->wave64 == C2H_WAVE64_REPORT) {
    /* Masks kept in 32 bits (ballots, __activemask, __match_any_sync) and
     * shuffles that leave the half are the warp checks' to report; a vote
     * or a reduction nothing else reports. */
    if (op->kind == C2H_HALF_HELPER && strcmp(r->cuda, "__ballot_sync") != 0 &&
        strcmp(r->cuda, "__activemask") != 0 && strcmp(r->cuda, "__match_any_sync") != 0)
      *rc = c2h_scan_diag(s, i, i, C2H_SEV_WARNING, C2H_CHECK_WARP_HALF_WAVE, NULL,
                          "%s() acts on the whole 64-lane gfx942 wavefront, but this code works in 32-lane "
                          "warps (lanes and warps numbered by 32): each half of the wavefront is one CUDA warp "
                          "here, so it needs %s() of " C2H_COMPAT_HEADER_NAME ", which answers for the caller's "
                          "half (--wave64=rewrite makes the change)",
                          r->cuda, op->helper);
    return 0;
  }
  if (op->kind == C2H_HALF_HELPER) {
    /* The mask of a shuffle or __syncwarp, which 32-lane code drops. */
    const half_wave_op *outer = i >= 2 && c2h_tok_is(s, i - 1, "(") ? half_wave_op_at(s, i - 2) : NULL;
    if (outer && outer->kind != C2H_HALF_HELPER && c2h_tok_is(s, c->close + 1, ",")) return 0;
    if ((strcmp(r->cuda, "__ballot_sync") == 0 || strcmp(r->cuda, "__activemask") == 0) &&
        ballot_feeds_dropped_masks(s, i))
      return 0;
    const c2h_token *t = &s->facts->toks[i];
    *rc = c2h_scan_diag(s, i, i, C2H_SEV_NOTE, C2H_CHECK_WARP_HALF_WAVE, NULL,
                        "this code works in 32-lane warps, so each half of the 64-lane wavefront acts as one "
                        "CUDA warp: %s() became %s() of " C2H_COMPAT_HEADER_NAME ", which answers for the "
                        "caller's half in CUDA's 32-bit lane numbering; " RETUNE_NOTE,
                        r->cuda, op->helper);
    if (*rc == 0) *rc = c2h_edit_add(s->edits, t->begin, t->end, op->helper, strlen(op->helper));
    if (*rc == 0) {
      c2h_scan_uses_compat(s, t->begin);
      count_library_use(s, r);
      s->stats->renames++;
    }
    return 1;
  }
  int widen = op->kind == C2H_HALF_WIDTH && shuffle_leaves_half(s, op, c);
  /* Before ROCm 7.0 the usual form is mask-less already; from 7.0 on, a
   * full mask (or none) becomes the wavefront's, which serves as well. */
  if (!widen && !(r->has_fallback && r->rocm && s->target >= r->rocm)) return 0;
  if (!widen && r->mask_arg) {
    c2h_mask_value m;
    if ((size_t)r->mask_arg > c->n_args) return 0;
    c2h_mask_resolve(s, c->args[r->mask_arg - 1].first, c->args[r->mask_arg - 1].last, &m);
    if (m.kind == C2H_MASK_FULL32 || m.kind == C2H_MASK_FULL64) return 0;
  }
  if (widen)
    *rc = c2h_scan_diag(s, i, i, C2H_SEV_NOTE, C2H_CHECK_WARP_HALF_WAVE, NULL,
                        "this code works in 32-lane warps, so each half of the 64-lane wavefront acts as one "
                        "CUDA warp: %s() got CUDA's width of 32 (HIP's default is the whole wavefront), so its "
                        "source lane stays in the caller's half; " RETUNE_NOTE,
                        r->cuda);
  const c2h_rule_form *form = r->has_fallback ? &r->fallback : &r->form;
  int widen_use = 0; /* the mask is dropped: what that costs is reported as for any dropped mask */
  if (*rc == 0 && r->mask_arg) *rc = check_mask(s, nc, r, c, form_drops_arg(form, r->mask_arg), form->hip, &widen_use);
  if (*rc == 0) {
    count_library_use(s, r);
    *rc = rewrite_call(s, r, form, 0, c, widen ? "32" : NULL);
  }
  return 1;
}

static int handle_name(c2h_scan *s, names_ctx *nc, size_t i, const c2h_rule *r) {
  int rc = 0;
  /* A constant the enclosing call converts; or one it reports as a value
   * the target does not take, which then needs no second error. */
  int by_call = r->kind == C2H_RULE_CONSTANT ? converted_by_call(s, i) : 0;
  if (by_call == 1 || (by_call == 2 && r->unsupported)) return 0;
  /* A CUDA version number stays: HIP leaves it undefined (0 in #if), and
   * cuda-version-check reports the tests that read it. */
  if (r->version) return 0;
  char need[16], have[16];
  c2h_version_format(s->target, have, sizeof have);
  /* A name that a legacy CUDA header the file reaches declares as an API of
   * its own (cublas.h's cublasSscal(n, alpha, x, incx), no handle): the
   * rename would turn it into another function's call. */
  if (r->unsupported_in &&
      c2h_strmap_get(&s->facts->reached_headers, r->unsupported_in, strlen(r->unsupported_in)) >= 0) {
    const c2h_rule *h = c2h_rules_lookup_header(s->rules, r->unsupported_in, strlen(r->unsupported_in));
    return c2h_scan_diag(s, i, i, C2H_SEV_ERROR, C2H_CHECK_API_UNSUPPORTED, NULL,
                         "%s is declared by <%s> here (the translation unit includes it): %s", r->cuda, r->unsupported_in,
                         h && h->unsupported ? h->unsupported : "an API with no HIP equivalent");
  }
  call_site c;
  int called = find_call(s, i, &c);
  if (called) r = form_entry(s, i, r, c.n_args);
  if (called && half_wave_call(s, nc, i, r, &c, &rc)) return rc;
  if (rc) return rc;
  /* A name HIP lacks (here, or in the target release) that
   * cu2hip_compat.h provides: renamed to the header's function. */
  c2h_rule_form compat_form = {0};
  int compat = s->compat && r->compat &&
               (r->unsupported || (r->rocm && s->target < r->rocm && !r->has_fallback));
  /* An entry bound to a namespace speaks of the qualified name. */
  const char *ns = r->ns ? r->ns : "", *sep = r->ns ? "::" : "";
  if (compat) {
    compat_form.hip = r->compat;
    rc = compat_quiet(r) ? 0
         : r->unsupported && r->param_type
             ? c2h_scan_diag(s, i, i, C2H_SEV_NOTE, C2H_CHECK_COMPAT_HEADER, NULL,
                             "%s taking %s as argument %d has no HIP equivalent (%s); it becomes %s of "
                             C2H_COMPAT_HEADER_NAME " (included; written beside the output, or printed by "
                             "`cu2hip compat-header`)%s",
                             r->cuda, r->param_type, r->param_index, r->unsupported, r->compat, compat_caveat(r))
         : r->unsupported ? c2h_scan_diag(s, i, i, C2H_SEV_NOTE, C2H_CHECK_COMPAT_HEADER, NULL,
                                        "%s%s%s has no HIP equivalent; it becomes %s of " C2H_COMPAT_HEADER_NAME
                                        " (included; written beside the output, or printed by `cu2hip compat-header`)%s",
                                        ns, sep, r->cuda, r->compat, compat_caveat(r))
                        : r->arity ? c2h_scan_diag(s, i, i, C2H_SEV_NOTE, C2H_CHECK_COMPAT_HEADER, NULL,
                                        "%s, the HIP form of this %s call, is in HIP from ROCm %s on (target: ROCm %s); "
                                        "the call becomes %s of " C2H_COMPAT_HEADER_NAME " (included; written beside "
                                        "the output, or printed by `cu2hip compat-header`)%s",
                                        r->form.hip, r->cuda, (c2h_version_format(r->rocm, need, sizeof need), need),
                                        have, r->compat, compat_caveat(r))
                        : c2h_scan_diag(s, i, i, C2H_SEV_NOTE, C2H_CHECK_COMPAT_HEADER, NULL,
                                        "%s is in HIP from ROCm %s on (target: ROCm %s); it becomes %s of "
                                        C2H_COMPAT_HEADER_NAME " (included; written beside the output, or printed by `cu2hip compat-header`)%s",
                                        r->cuda, (c2h_version_format(r->rocm, need, sizeof need), need), have,
                                        r->compat, compat_caveat(r));
    if (rc) return rc;
    c2h_scan_uses_compat(s, s->facts->toks[i].begin);
  }
  if (r->unsupported && r->arity > 0 && !compat)
    return c2h_scan_diag(s, i, c.close, C2H_SEV_ERROR, C2H_CHECK_API_UNSUPPORTED, NULL,
                         "%s with %d arguments has no HIP equivalent: %s", r->cuda, r->arity, r->unsupported);
  if (r->unsupported && r->param_type && !compat)
    return c2h_scan_diag(s, i, c.close, C2H_SEV_ERROR, C2H_CHECK_API_UNSUPPORTED, NULL,
                         "%s taking %s as argument %d has no HIP equivalent: %s", r->cuda, r->param_type,
                         r->param_index, r->unsupported);
  if (r->unsupported && !compat && reported_by_atomics(r)) return 0;
  if (r->unsupported && !compat && r->kind == C2H_RULE_CONSTANT && is_status_code(r->cuda) &&
      is_case_label(s, i))
    return drop_case_label(s, i, r);
  if (r->unsupported && !compat)
    return c2h_scan_diag(s, i, i, C2H_SEV_ERROR, C2H_CHECK_API_UNSUPPORTED, NULL,
                         "%s%s%s has no HIP equivalent: %s", ns, sep, r->cuda, r->unsupported);
  const c2h_rule_form *form = compat ? &compat_form : &r->form;
  int fallback = 0;
  if (compat) {
    /* the header's function: nothing about versions to report */
  } else if (r->rocm && s->target < r->rocm && r->has_fallback) {
    form = &r->fallback;
    fallback = 1;
  } else if ((r->rocm && s->target < r->rocm) || (r->removed && s->target >= r->removed)) {
    int missing = r->rocm && s->target < r->rocm;
    /* A name HIP spells as CUDA does: not "X becomes X". */
    int same = form->hip && !form->call && strcmp(form->hip, r->cuda) == 0;
    c2h_version_format(missing ? r->rocm : r->removed, need, sizeof need);
    c2h_buf what;
    c2h_buf_init(&what);
    /* One form of a name HIP has: say which. */
    rc = same && r->param_type ? c2h_buf_printf(&what, "%s with a '%s' argument %d", r->cuda, r->param_type,
                                                r->param_index)
         : same ? c2h_buf_puts(&what, r->cuda)
                : describe_rewrite(s, r, form, called ? &c : NULL, &what);
    const char *fmt = missing ? (same ? "%s is in HIP from ROCm %s on (target: ROCm %s)"
                                      : "%s, which needs ROCm %s or newer (target: ROCm %s)")
                              : (same ? "%s is not in HIP since ROCm %s (target: ROCm %s)"
                                      : "%s, which ROCm %s removed (target: ROCm %s)");
    if (rc == 0) rc = c2h_scan_diag(s, i, i, C2H_SEV_WARNING, C2H_CHECK_API_VERSION, NULL, fmt, what.data, need, have);
    c2h_buf_dispose(&what);
    if (rc) return rc;
  }
  if (r->note && (rc = c2h_scan_diag(s, i, i, C2H_SEV_NOTE, C2H_CHECK_API_NOTE, NULL, "%s: %s",
                                     r->cuda, r->note)))
    return rc;

  /* Only code the compiler sees needs the library's header: not a name in
   * an inactive #if branch, nor in a macro nothing expands. */
  /* A name the HIP library spells as CUDA does (hipSPARSE's csrsv2Info_t)
   * does not tell CUDA code from HIP code: it adds no header (translating
   * the output again must change nothing). */
  int same_spelling = form->hip && !form->call && strcmp(form->hip, r->cuda) == 0;
  if (c2h_tok_active(s, i) && !same_spelling) note_library_use(s, i, r);
  count_library_use(s, r);
  int widen_mask = r->mask_arg && !fallback;
  int dropped_mask = r->mask_arg && fallback && form_drops_arg(form, r->mask_arg);
  int needs_call = form->call || form->n_args || form->drop_args || widen_mask || r->n_value_args;
  if (called && (rc = check_value_args(s, r, form, &c))) return rc;
  int kernel_cast = called && r->func_arg && (size_t)r->func_arg <= c.n_args &&
                    names_function(s, c.args[r->func_arg - 1]);
  if (called && r->func_arg && (size_t)r->func_arg <= c.n_args && !kernel_cast &&
      !kernel_arg_fits(s, c.args[r->func_arg - 1])) {
    /* HIP takes the kernel as `const void*`; a function pointer, or a name
     * the parse could not resolve, does not convert to it by itself. */
    const char *text = NULL;
    int len = arg_quote(s, c.args[r->func_arg - 1], &text);
    if ((rc = c2h_scan_diag(s, c.args[r->func_arg - 1].first, c.args[r->func_arg - 1].last, C2H_SEV_WARNING,
                            C2H_CHECK_CALL_REWRITE, NULL,
                            "argument %d of %s ('%.*s') is a kernel, which %s takes as 'const void *'; "
                            "cu2hip cannot prove what it is: if it is a function or a function "
                            "pointer, write reinterpret_cast<const void *>(...) around it",
                            r->func_arg, r->cuda, len, text, form->hip ? form->hip : r->cuda)))
      return rc;
  }
  size_t decl_first = 0, decl_last = 0;
  int empty_local = called && r->null_arg && !fallback && (size_t)r->null_arg <= c.n_args &&
                    nc->n_gone < MAX_GONE &&
                    is_empty_local_arg(s, c.args[r->null_arg - 1], &decl_first, &decl_last);
  if (empty_local) {
    /* The zeroed block goes with the argument that passed it. */
    const c2h_token *x = &s->facts->toks[c.args[r->null_arg - 1].last];
    if ((rc = c2h_scan_diag(s, c.args[r->null_arg - 1].first, c.args[r->null_arg - 1].last, C2H_SEV_NOTE,
                            C2H_CHECK_API_NOTE, NULL,
                            "argument %d of %s points to '%.*s', declared empty ({}) and used nowhere else: "
                            "it means what a null pointer means, so it is dropped with its declaration",
                            r->null_arg, r->cuda, (int)(x->end - x->begin), s->src + x->begin)) ||
        (rc = remove_declaration(s, nc, decl_first, decl_last)))
      return rc;
  }
  if (called && r->null_arg && !fallback && (size_t)r->null_arg <= c.n_args && !empty_local &&
      !is_null_arg(s, c.args[r->null_arg - 1])) {
    /* The argument HIP has no place for carries something: dropping it
     * would change what the call does. */
    const char *text = NULL;
    int len = arg_quote(s, c.args[r->null_arg - 1], &text);
    rc = c2h_scan_diag(s, i, c.close, C2H_SEV_ERROR, C2H_CHECK_API_UNSUPPORTED, NULL,
                       "argument %d of %s ('%.*s') has no counterpart in %s, which only matches a "
                       "null argument there: rewrite the call by hand",
                       r->null_arg, r->cuda, len, text, form->hip ? form->hip : "HIP");
    needs_call = 0;
    if (rc) return rc;
  } else if (called && r->n_arg_is && !fallback && unmet_arg_is(s, r, &c) >= 0) {
    /* The rewrite fixes what the argument says (a layout, a mode): any
     * other value needs a different call. */
    rc = report_unmet_arg_is(s, i, r, form, &c, &r->arg_is[unmet_arg_is(s, r, &c)]);
    needs_call = 0;
    if (rc || !form->hip) return rc;
  } else if (called && (needs_call || kernel_cast)) {
    int widen_use = 0;
    if (r->mask_arg && (rc = check_mask(s, nc, r, &c, dropped_mask, form->hip, &widen_use))) return rc;
    return rewrite_call(s, r, form, widen_mask && widen_use, &c, NULL);
  }
  /* A '(' whose match was not found: brackets that do not balance, or
   * that nest deeper than the parser accepts. */
  const char *why = called               ? "the call is not rewritten"
                    : c2h_tok_is(s, i + 1, "(") ? "the brackets of its call do not balance or nest too deep"
                                              : "it is not called here";
  if (!form->hip) {
    c2h_buf what;
    c2h_buf_init(&what);
    rc = describe_rewrite(s, r, form, NULL, &what);
    if (rc == 0)
      rc = c2h_scan_diag(s, i, i, C2H_SEV_WARNING, C2H_CHECK_CALL_REWRITE, NULL,
                         "%s: %s, so cu2hip cannot rewrite it (%s): rewrite it by hand", r->cuda, why, what.data);
    c2h_buf_dispose(&what);
    return rc;
  }
  if (needs_call && !called && (rc = c2h_scan_diag(s, i, i, C2H_SEV_WARNING, C2H_CHECK_CALL_REWRITE, NULL,
                                        "%s: %s; renamed to %s, but its arguments need the rewrite a "
                                        "call would get",
                                        r->cuda, why, form->hip)))
    return rc;
  const c2h_token *t = &s->facts->toks[i];
  if (!*form->hip) {
    /* A macro that expands to nothing and that HIP does not need
     * (CUDART_CB, __grid_constant__): its uses go, but a test of it in
     * #if / #ifdef stays (HIP leaves it undefined, as the code expects
     * where it tests it). */
    size_t d = directive_start(s, i);
    if (d < s->facts->n_toks && (is_directive_word(s, d, "if") || is_directive_word(s, d, "ifdef") ||
                                 is_directive_word(s, d, "ifndef") || is_directive_word(s, d, "elif")))
      return 0;
    /* `void CUDART_CB f(` becomes `void f(`, not `void  f(`. */
    size_t end = t->end;
    if (t->begin > 0 && end < s->len && s->src[t->begin - 1] == ' ' && s->src[end] == ' ') end++;
    s->stats->renames++;
    return c2h_edit_add(s->edits, t->begin, end, "", 0);
  }
  /* `cg::reduce` becomes `cu2hip_cg_reduce`: the header's functions are
   * global. */
  size_t from = r->ns && compat ? s->facts->toks[qualifier_start(s, i)].begin : t->begin;
  if ((rc = c2h_edit_add(s->edits, from, t->end, form->hip, strlen(form->hip)))) return rc;
  s->stats->renames++;
  return 0;
}

/* A `using cooperative_groups::reduce;` whose name becomes a function of
 * the header: the declaration goes (the uses it served are renamed too).
 * Returns 1 when token i is the name of one, with its edit made. */
static int drop_using_declaration(c2h_scan *s, size_t i, const c2h_rule *r, int *rc) {
  size_t q = qualifier_start(s, i);
  *rc = 0;
  if (q == i || q == 0 || !c2h_tok_is(s, q - 1, "using") || !c2h_tok_is(s, i + 1, ";") ||
      !names_cg_qualifier(s, q, i))
    return 0;
  *rc = c2h_scan_diag(s, i, i, C2H_SEV_NOTE, C2H_CHECK_COMPAT_HEADER, NULL,
                      "%s::%s has no HIP equivalent; this using-declaration goes, and the uses of %s become %s "
                      "of " C2H_COMPAT_HEADER_NAME,
                      r->ns, r->cuda, r->cuda, r->compat);
  if (*rc == 0) *rc = c2h_edit_add(s->edits, s->facts->toks[q - 1].begin, s->facts->toks[i + 1].end, "", 0);
  if (*rc == 0) s->stats->renames++;
  return 1;
}

/* Whether token i is an unqualified call or template name (`reduce(`,
 * `plus<`) in code the compiler sees, that the parse left unresolved, in a
 * file that includes cooperative_groups/reduce.h or scan.h: there it may
 * well be the collective (argument-dependent lookup finds it without a
 * qualifier), and left as it is it would not compile for HIP. The parse
 * against a real toolkit lists no reached headers: there the file's own
 * #include of them counts. */
static int unresolved_cg_use(const c2h_scan *s, size_t i) {
  const c2h_strmap *reached = &s->facts->reached_headers;
  if (s->facts->toks[i].use != C2H_USE_UNKNOWN || in_non_code_directive(s, i) || !c2h_tok_active(s, i) ||
      qualifier_start(s, i) != i || (i > 0 && (c2h_tok_is(s, i - 1, ".") || c2h_tok_is(s, i - 1, "->"))) ||
      !(c2h_tok_is(s, i + 1, "(") || c2h_tok_is(s, i + 1, "<")))
    return 0;
  return s->compat_included ||
         c2h_strmap_get(reached, "cooperative_groups/reduce.h", strlen("cooperative_groups/reduce.h")) >= 0 ||
         c2h_strmap_get(reached, "cooperative_groups/scan.h", strlen("cooperative_groups/scan.h")) >= 0;
}

/* Whether token i is a use of the entity of an entry bound to a namespace
 * (`namespace` key): the parse resolved it there, or, where the parse has
 * no answer (a macro body), the name is qualified by that namespace in so
 * many words (`cooperative_groups::plus`, or an alias the file declares
 * for it). A name the parse resolved elsewhere (thrust::plus, the user's
 * own) is not. */
static int in_entry_namespace(const c2h_scan *s, size_t i) {
  const c2h_token *t = &s->facts->toks[i];
  if (t->api_cg) return 1;
  if (t->use != C2H_USE_UNKNOWN || in_non_code_directive(s, i)) return 0;
  size_t q = qualifier_start(s, i);
  return q < i && names_cg_qualifier(s, q, i);
}

int c2h_scan_names(c2h_scan *s) {
  names_ctx nc = {0};
  c2h_strmap_init(&nc.widened);
  int rc = 0;
  /* Last token first: a call's arguments are rewritten before the call
   * itself, which then moves their rewritten text. */
  for (size_t i = s->facts->n_toks; i-- > 0 && !rc;) {
    /* A declaration removed with the argument that used it. */
    if (is_gone(&nc, &s->facts->toks[i])) continue;
    const c2h_rule *r = c2h_scan_pytorch_rule(s, lookup(s, i));
    if (r && r->kind == C2H_RULE_MEMBER) {
      /* Only where the parse says the field is the CUDA struct's. */
      rc = s->facts->toks[i].api_member || s->facts->toks[i].api_method ? handle_member(s, i, r) : 0;
      continue;
    }
    if (r && r->ns) {
      /* A generic name (reduce, plus): only where it is the namespace's. */
      int compat = s->compat && r->compat;
      if (compat && drop_using_declaration(s, i, r, &rc)) continue;
      if (in_entry_namespace(s, i)) rc = handle_name(s, &nc, i, r);
      else if (compat && unresolved_cg_use(s, i))
        rc = c2h_scan_diag(s, i, i, C2H_SEV_WARNING, C2H_CHECK_API_UNSUPPORTED, NULL,
                           "%s could be %s::%s, which HIP lacks, but the parse did not resolve it: if it is, "
                           "write %s (of " C2H_COMPAT_HEADER_NAME ", which this file includes)",
                           r->cuda, r->ns, r->cuda, r->compat);
      continue;
    }
    if (r && !is_api_use(s, i) && ambiguous_overload_use(s, i)) {
      rc = c2h_scan_diag(s, i, i, C2H_SEV_WARNING, C2H_CHECK_CALL_REWRITE, NULL,
                         "%s here may call CUDA's %s or the project's own overload of it, and the parse cannot "
                         "tell (a macro body, or code it did not compile): left as written; where it is CUDA's, "
                         "translate it as the calls the parse resolved were",
                         r->cuda, r->cuda);
      continue;
    }
    if (!r || !is_api_use(s, i)) continue;
    rc = handle_name(s, &nc, i, r);
  }
  c2h_strmap_dispose(&nc.widened);
  return rc;
}
