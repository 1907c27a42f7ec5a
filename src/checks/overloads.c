/* overload-collision: two definitions of one function, overloaded on CUDA
 * types that HIP merges (cudaError_t and CUresult both become hipError_t;
 * cudaStream_t and CUstream, cudaEvent_t and CUevent, ...). After renaming
 * they have the same signature, and the HIP compile fails with a
 * redefinition. Declarations alone are harmless (a repeated declaration is
 * legal C++), so only definitions count.
 *
 * Token level, over the whole file including inactive #if branches: a
 * header often guards each overload with the macro of the header that
 * declares its type, and the file that includes it decides which are on.
 * Two definitions in different branches of one #if chain never meet and are
 * left alone. One linear pass collects the definitions whose parameters
 * name a renamed CUDA type; only those are compared, after sorting. */
#include <stdlib.h>
#include <string.h>

#include "checks.h"
#include "util/buf.h"

/* The #if chains a token sits in: per level, the chain and its branch. */
#define MAX_COND_DEPTH 32
typedef struct cond_level {
  size_t chain, branch;
} cond_level;

typedef struct candidate {
  size_t name;   /* token of the function's name */
  size_t scope;  /* the '{' enclosing the definition, or SIZE_MAX at file scope */
  char *renamed; /* qualified name and parameter types after renaming */
  char *cuda;    /* the same before renaming */
  cond_level cond[MAX_COND_DEPTH];
  size_t n_cond;
} candidate;

/* The HIP spelling of a CUDA type or other renamed name, or NULL. */
static const char *hip_name(const c2h_scan *s, size_t i) {
  const c2h_token *t = c2h_tok(s, i);
  if (t->kind != C2H_TOK_IDENT) return NULL;
  const c2h_rule *r = c2h_rules_lookup(s->rules, s->src + t->begin, t->end - t->begin);
  if (!r || r->kind != C2H_RULE_TYPE || !r->form.hip) return NULL;
  if (strlen(r->form.hip) == t->end - t->begin && memcmp(r->form.hip, s->src + t->begin, t->end - t->begin) == 0)
    return NULL;
  return r->form.hip;
}

/* Appends the parameter types of the list between open and close: each
 * parameter's trailing name and default argument are left out, so that
 * `cudaStream_t s` and `CUstream stream = 0` compare by type. Sets
 * *renames when a type is renamed. */
static int append_params(const c2h_scan *s, size_t open, size_t close, int rename, c2h_buf *b, int *renames) {
  size_t i = open + 1;
  while (i < close) {
    size_t stop = i;
    int depth = 0;
    while (stop < close && (depth > 0 || !c2h_tok_is(s, stop, ","))) {
      if (c2h_tok_is(s, stop, "(") || c2h_tok_is(s, stop, "[") || c2h_tok_is(s, stop, "<")) depth++;
      if (c2h_tok_is(s, stop, ")") || c2h_tok_is(s, stop, "]") || c2h_tok_is(s, stop, ">")) depth--;
      stop++;
    }
    size_t end = i;
    while (end < stop && !c2h_tok_is(s, end, "=")) end++;
    /* `T name`: the last identifier after a type is the parameter's name. */
    if (end > i + 1 && c2h_tok(s, end - 1)->kind == C2H_TOK_IDENT && !c2h_tok_is(s, end - 2, "::")) end--;
    for (size_t j = i; j < end; j++) {
      if (c2h_tok(s, j)->kind == C2H_TOK_COMMENT) continue;
      const char *hip = hip_name(s, j);
      if (hip) *renames = 1;
      int rc = rename && hip
                   ? c2h_buf_puts(b, hip)
                   : c2h_buf_append(b, s->src + c2h_tok(s, j)->begin, c2h_tok(s, j)->end - c2h_tok(s, j)->begin);
      if (rc || (rc = c2h_buf_puts(b, " "))) return rc;
    }
    if (c2h_buf_puts(b, ",")) return C2H_ERR_NOMEM;
    i = stop + 1;
  }
  return 0;
}

/* The signature text of the definition whose name is token `name` and whose
 * parameter list is [open, close]; NULL with *renames 0 when nothing in it
 * is renamed. Returns 0 or C2H_ERR_NOMEM. */
static int signature(const c2h_scan *s, size_t name, size_t open, size_t close, int rename, char **out,
                     int *renames) {
  c2h_buf b;
  c2h_buf_init(&b);
  int rc = 0;
  size_t q = name; /* the qualifier: A::B::f */
  while (q >= 2 && c2h_tok_is(s, q - 1, "::") && c2h_tok(s, q - 2)->kind == C2H_TOK_IDENT) q -= 2;
  for (size_t j = q; j <= name && !rc; j++)
    rc = c2h_buf_append(&b, s->src + c2h_tok(s, j)->begin, c2h_tok(s, j)->end - c2h_tok(s, j)->begin);
  if (!rc) rc = c2h_buf_puts(&b, " ( "); /* words: the message quotes the first that differs */
  if (!rc) rc = append_params(s, open, close, rename, &b, renames);
  /* A method's qualifiers tell overloads apart too. */
  for (size_t j = close + 1; !rc && j < s->facts->n_toks && !c2h_tok_is(s, j, "{"); j++)
    rc = c2h_buf_append(&b, s->src + c2h_tok(s, j)->begin, c2h_tok(s, j)->end - c2h_tok(s, j)->begin);
  if (rc) {
    c2h_buf_dispose(&b);
    return C2H_ERR_NOMEM;
  }
  *out = c2h_buf_detach(&b, NULL);
  return *out ? 0 : C2H_ERR_NOMEM;
}

/* Whether ')' at close, followed by method qualifiers, opens a body. */
static size_t body_after(const c2h_scan *s, size_t close) {
  size_t j = close + 1;
  while (j < s->facts->n_toks && (c2h_tok_is(s, j, "const") || c2h_tok_is(s, j, "volatile") ||
                                  c2h_tok_is(s, j, "noexcept") || c2h_tok_is(s, j, "override") ||
                                  c2h_tok_is(s, j, "&") || c2h_tok_is(s, j, "&&")))
    j++;
  return c2h_tok_is(s, j, "{") ? j : s->facts->n_toks;
}

/* Whether two definitions sit in different branches of one #if chain. */
static int exclusive(const candidate *a, const candidate *b) {
  for (size_t k = 0; k < a->n_cond && k < b->n_cond; k++) {
    if (a->cond[k].chain != b->cond[k].chain) return 0;
    if (a->cond[k].branch != b->cond[k].branch) return 1;
  }
  return 0;
}

static int by_signature(const void *pa, const void *pb) {
  const candidate *a = pa, *b = pb;
  if (a->scope != b->scope) return a->scope < b->scope ? -1 : 1;
  int c = strcmp(a->renamed, b->renamed);
  if (c) return c;
  return a->name < b->name ? -1 : a->name > b->name;
}

/* Updates the #if chain stack for the directive whose '#' is token d. */
static void track_directive(const c2h_scan *s, size_t d, cond_level *cond, size_t *n_cond, size_t *chains) {
  size_t k = d + 1;
  if (c2h_tok_is(s, k, "if") || c2h_tok_is(s, k, "ifdef") || c2h_tok_is(s, k, "ifndef")) {
    if (*n_cond < MAX_COND_DEPTH) cond[*n_cond] = (cond_level){++*chains, 0};
    ++*n_cond;
  } else if (c2h_tok_is(s, k, "elif") || c2h_tok_is(s, k, "else") || c2h_tok_is(s, k, "elifdef") ||
             c2h_tok_is(s, k, "elifndef")) {
    if (*n_cond > 0 && *n_cond <= MAX_COND_DEPTH) cond[*n_cond - 1].branch++;
  } else if (c2h_tok_is(s, k, "endif")) {
    if (*n_cond > 0) --*n_cond;
  }
}

/* The first word where two signatures differ (words end at a space). */
static size_t differing_word(const char *a, const char *b, size_t *len_a, size_t *len_b, size_t *at_b) {
  size_t i = 0, j = 0;
  for (;;) {
    size_t la = strcspn(a + i, " "), lb = strcspn(b + j, " ");
    if (la != lb || memcmp(a + i, b + j, la) != 0 || !a[i + la] || !b[j + lb]) {
      *len_a = la;
      *len_b = lb;
      *at_b = j;
      return i;
    }
    i += la + 1;
    j += lb + 1;
  }
}

static int report(c2h_scan *s, const candidate *first, const candidate *second) {
  const c2h_token *n = c2h_tok(s, second->name);
  size_t la, lb, at_b;
  size_t at_a = differing_word(first->cuda, second->cuda, &la, &lb, &at_b);
  /* Renames are one identifier to one, so words line up in the HIP text. */
  size_t lh, lh2, at_h;
  (void)differing_word(second->cuda, second->renamed, &lh2, &lh, &at_h);
  return c2h_scan_diag(s, second->name, second->name, C2H_SEV_ERROR, C2H_CHECK_OVERLOAD_COLLISION, NULL,
                       "this overload of %.*s and the one at line %u have the same signature after "
                       "translation: %.*s and %.*s both become %.*s, so the HIP compile fails with a "
                       "redefinition; remove one overload, or guard them so that only one is compiled",
                       (int)(n->end - n->begin), s->src + n->begin, c2h_tok(s, first->name)->line, (int)la,
                       first->cuda + at_a, (int)lb, second->cuda + at_b, (int)lh, second->renamed + at_h);
}

/* ---- overloads HIP declares and CUDA does not ---- */

typedef struct hip_overload {
  const char *name, *params, *rocm;
} hip_overload;

static const hip_overload hip_overloads[] = {
#define X(name, params, rocm) {name, params, rocm},
#include "hip_overloads.def"
#undef X
};

static int is_type_word(const c2h_scan *s, size_t i) {
  static const char *const words[] = {"unsigned", "signed", "int", "long", "short", "char", "float",
                                      "double", "bool", "void", "const", "volatile", NULL};
  for (size_t k = 0; words[k]; k++)
    if (c2h_tok_is(s, i, words[k])) return 1;
  return 0;
}

/* Appends the type of the parameter [a, b] as tools/gen_hip_overloads.py
 * spells HIP's: no name, default, restrict or top-level const, canonical
 * integer words (`unsigned long int *p` -> "unsigned long *"). 0 when it
 * is not a plain type. */
static int append_param_type(const c2h_scan *s, size_t a, size_t b, c2h_buf *out) {
  size_t keep[32], n = 0;
  for (size_t j = a; j <= b; j++) {
    if (c2h_tok_is(s, j, "=")) break;
    if (c2h_tok_is(s, j, "__restrict__") || c2h_tok_is(s, j, "__restrict") || c2h_tok_is(s, j, "restrict")) continue;
    int word = c2h_tok(s, j)->kind == C2H_TOK_IDENT || c2h_tok(s, j)->kind == C2H_TOK_KEYWORD;
    if ((!word && !c2h_tok_is(s, j, "*") && !c2h_tok_is(s, j, "&")) || n == 32) return 0;
    keep[n++] = j;
  }
  if (n > 1 && c2h_tok(s, keep[n - 1])->kind == C2H_TOK_IDENT && !is_type_word(s, keep[n - 1])) n--; /* the name */
  size_t last_star = SIZE_MAX;
  for (size_t k = 0; k < n; k++)
    if (c2h_tok_is(s, keep[k], "*") || c2h_tok_is(s, keep[k], "&")) last_star = k;
  int has_long = 0, has_short = 0, has_char = 0, has_int = 0, has_unsigned = 0;
  for (size_t k = 0; k < n; k++) {
    has_long |= c2h_tok_is(s, keep[k], "long");
    has_short |= c2h_tok_is(s, keep[k], "short");
    has_char |= c2h_tok_is(s, keep[k], "char");
    has_int |= c2h_tok_is(s, keep[k], "int");
    has_unsigned |= c2h_tok_is(s, keep[k], "unsigned");
  }
  int first = 1, rc = 0;
  for (size_t k = 0; k < n && !rc; k++) {
    size_t j = keep[k];
    if ((c2h_tok_is(s, j, "const") || c2h_tok_is(s, j, "volatile")) && (last_star == SIZE_MAX || k > last_star))
      continue; /* the value's own qualifier */
    if (c2h_tok_is(s, j, "int") && (has_long || has_short)) continue;
    if (c2h_tok_is(s, j, "signed") && has_int && !has_char) continue;
    if (!first) rc = c2h_buf_puts(out, " ");
    if (!rc) rc = c2h_buf_append(out, s->src + c2h_tok(s, j)->begin, c2h_tok(s, j)->end - c2h_tok(s, j)->begin);
    if (!rc && c2h_tok_is(s, j, "unsigned") && !has_int && !has_long && !has_short && !has_char)
      rc = c2h_buf_puts(out, " int");
    first = 0;
  }
  return rc ? -1 : 1;
}

/* The overload HIP declares whose name and parameters the definition of
 * the function named at token `name` (list ending at `close`) has, or
 * NULL. */
static const hip_overload *hip_overload_of(const c2h_scan *s, size_t name, size_t close, int *rc) {
  const hip_overload *found = NULL;
  int named = 0;
  for (size_t k = 0; k < sizeof hip_overloads / sizeof *hip_overloads && !named; k++)
    named = c2h_tok_is(s, name, hip_overloads[k].name);
  if (!named) return NULL;
  c2h_tok_span p[8];
  size_t np = c2h_tok_split(s, name + 1, close, p, 8);
  if (np == 0 || np > 8) return NULL;
  c2h_buf b;
  c2h_buf_init(&b);
  int ok = 1;
  for (size_t k = 0; k < np && ok == 1; k++) {
    if (k) *rc = c2h_buf_puts(&b, ", ");
    ok = *rc ? -1 : append_param_type(s, p[k].first, p[k].last, &b);
  }
  if (ok < 0) *rc = C2H_ERR_NOMEM;
  for (size_t k = 0; k < sizeof hip_overloads / sizeof *hip_overloads && ok == 1 && !found; k++)
    if (c2h_tok_is(s, name, hip_overloads[k].name) && b.data && strcmp(b.data, hip_overloads[k].params) == 0)
      found = &hip_overloads[k];
  c2h_buf_dispose(&b);
  return found;
}

static int report_hip_overload(c2h_scan *s, size_t name, const hip_overload *h) {
  return c2h_scan_diag(s, name, name, C2H_SEV_ERROR, C2H_CHECK_OVERLOAD_COLLISION, NULL,
                       "this defines %s(%s), and HIP's headers declare an %s of the same parameters (ROCm %s and "
                       "later): the HIP compile fails with a redefinition. HIP's does the same atomic operation: "
                       "guard this definition with #ifndef __HIP_PLATFORM_AMD__ (or rename it and its calls)",
                       h->name, h->params, h->name, h->rocm);
}

int c2h_check_overloads(c2h_scan *s) {
  size_t n = s->facts->n_toks, chains = 0, n_cond = 0, n_cands = 0, cap = 0;
  cond_level cond[MAX_COND_DEPTH];
  size_t *braces = NULL, n_braces = 0, braces_cap = 0;
  candidate *cands = NULL;
  int rc = 0;
  for (size_t i = 0; i < n && !rc; i++) {
    if (c2h_tok_is_directive(s, i)) {
      track_directive(s, i, cond, &n_cond, &chains);
      i = c2h_tok_directive_stop(s, i) - 1; /* a macro body is no definition */
      continue;
    }
    if (c2h_tok_is(s, i, "{")) {
      if (n_braces == braces_cap) {
        size_t nc = braces_cap ? braces_cap * 2 : 64;
        size_t *nb = realloc(braces, nc * sizeof *nb);
        if (!nb) {
          rc = C2H_ERR_NOMEM;
          break;
        }
        braces = nb;
        braces_cap = nc;
      }
      braces[n_braces++] = i;
      continue;
    }
    if (c2h_tok_is(s, i, "}")) {
      if (n_braces) n_braces--;
      continue;
    }
    /* NAME ( ... ) [qualifiers] { : a function definition (if, for, while
     * and switch are keywords, not identifiers). */
    if (c2h_tok(s, i)->kind != C2H_TOK_IDENT || !c2h_tok_is(s, i + 1, "(")) continue;
    if (i > 0 && (c2h_tok_is(s, i - 1, ".") || c2h_tok_is(s, i - 1, "->") || c2h_tok_is(s, i - 1, "="))) continue;
    size_t close = c2h_tok_match(s, i + 1);
    if (close >= n || body_after(s, close) >= n) continue;
    if (n_braces == 0 && !(i > 0 && c2h_tok_is(s, i - 1, "::"))) {
      const hip_overload *h = hip_overload_of(s, i, close, &rc);
      if (!rc && h) rc = report_hip_overload(s, i, h);
      if (rc) break;
    }
    int renames = 0;
    char *renamed = NULL, *cuda = NULL;
    rc = signature(s, i, i + 1, close, 1, &renamed, &renames);
    if (!rc && renames) rc = signature(s, i, i + 1, close, 0, &cuda, &renames);
    if (rc || !renames) {
      free(renamed);
      continue;
    }
    if (n_cands == cap) {
      size_t nc = cap ? cap * 2 : 16;
      candidate *ncands = realloc(cands, nc * sizeof *ncands);
      if (!ncands) {
        free(renamed);
        free(cuda);
        rc = C2H_ERR_NOMEM;
        break;
      }
      cands = ncands;
      cap = nc;
    }
    candidate *c = &cands[n_cands++];
    c->name = i;
    c->scope = n_braces ? braces[n_braces - 1] : SIZE_MAX;
    c->renamed = renamed;
    c->cuda = cuda;
    c->n_cond = n_cond < MAX_COND_DEPTH ? n_cond : MAX_COND_DEPTH;
    memcpy(c->cond, cond, c->n_cond * sizeof *cond);
    i = close; /* the body is scanned on: local classes may define methods */
  }
  if (!rc && n_cands > 1) {
    qsort(cands, n_cands, sizeof *cands, by_signature);
    /* Within a run of equal signatures, each definition is checked against
     * the earlier ones until one collides: runs are short (overloads of one
     * name; at most 64 are looked back at), and one report per definition
     * is enough. */
    for (size_t a = 0; a < n_cands && !rc; a++) {
      for (size_t b = a, looked = 0; b-- > 0 && looked++ < 64;) {
        if (cands[b].scope != cands[a].scope || strcmp(cands[b].renamed, cands[a].renamed) != 0) break;
        if (strcmp(cands[b].cuda, cands[a].cuda) == 0 || exclusive(&cands[a], &cands[b])) continue;
        rc = report(s, &cands[b], &cands[a]);
        break;
      }
    }
  }
  for (size_t k = 0; k < n_cands; k++) {
    free(cands[k].renamed);
    free(cands[k].cuda);
  }
  free(cands);
  free(braces);
  return rc;
}
