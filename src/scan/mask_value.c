/* Lane mask values. A mask is judged by what it is, not how it is spelled:
 * `#define FULL 0xffffffff`, `const unsigned m = 0xffffffff;` and an
 * enumerator equal to it are all the full 32-lane mask, which is exact to
 * drop (HIP before 7.0) or to widen to 64 lanes (HIP 7.0). */
#include "mask_value.h"

#include "const_expr.h"
#include "statements.h"

#include <string.h>

static void resolve(const c2h_scan *s, size_t first, size_t last, int depth, c2h_mask_value *out);

/* `#define NAME value` at name token d: the value's tokens (to the end of
 * the line). Returns 0 for a function-like macro or an empty value. */
static int macro_value(const c2h_scan *s, size_t d, size_t *vf, size_t *vl) {
  size_t n = s->facts->n_toks;
  if (d + 1 >= n || c2h_tok(s, d + 1)->line != c2h_tok(s, d)->line) return 0;
  if (c2h_tok_is(s, d + 1, "(") && c2h_tok(s, d + 1)->begin == c2h_tok(s, d)->end) return 0;
  size_t e = d + 1;
  while (e + 1 < n && c2h_tok(s, e + 1)->line == c2h_tok(s, d)->line && c2h_tok(s, e + 1)->kind != C2H_TOK_COMMENT) e++;
  *vf = d + 1;
  *vl = e;
  return 1;
}

/* A declaration `T NAME = init` at token d: the integer type words before
 * it, when there is one declarator and the type can be spelled wider. */
static void declared_type(const c2h_scan *s, size_t d, c2h_mask_value *out) {
  size_t j = d, n = s->facts->n_toks;
  while (j > 0 && (c2h_tok(s, j - 1)->kind == C2H_TOK_IDENT || c2h_tok(s, j - 1)->kind == C2H_TOK_KEYWORD) &&
         !c2h_tok_is(s, j - 1, "return") && !c2h_tok_is(s, j - 1, "case"))
    j--;
  out->type_first = out->type_last = n;
  if (j == d || (j > 0 && c2h_tok_is(s, j - 1, ","))) return;
  size_t a = j;
  while (a < d && (c2h_tok_is(s, a, "const") || c2h_tok_is(s, a, "constexpr") || c2h_tok_is(s, a, "static") ||
                   c2h_tok_is(s, a, "volatile") || c2h_tok_is(s, a, "register") ||
                   c2h_tok_is(s, a, "__device__") || c2h_tok_is(s, a, "__constant__")))
    a++;
  for (size_t k = a; k < d; k++) {
    static const char *const words[] = {"unsigned", "int", "signed", "long", "uint32_t", "int32_t", "auto", NULL};
    int ok = 0;
    for (size_t w = 0; words[w]; w++) ok |= c2h_tok_is(s, k, words[w]);
    if (!ok) return;
  }
  if (a == d) return;
  out->type_first = a;
  out->type_last = d - 1;
}

/* Finds the definition of the name at token u: a #define, a const or
 * constexpr variable, an enumerator (file scope or the function of u),
 * or a local variable of u's function that is never written after its
 * declaration. More than one candidate: unknown. */
/* Whether the declaration at d is in scope at u: d comes first and the
 * innermost brace block holding d also holds u. */
static int in_scope(const c2h_scan *s, size_t d, size_t u) {
  if (d >= u) return 0;
  size_t depth = 0;
  for (size_t j = d; j-- > 0;) {
    if (c2h_tok_is(s, j, "}")) depth++;
    else if (c2h_tok_is(s, j, "{")) {
      if (depth == 0) return c2h_tok_match(s, j) > u;
      depth--;
    }
  }
  return 1;
}

/* The one definition of the name at u (see c2h_mask_name_value): its
 * token, value [*vf, *vl] and whether it is a macro; 0 when there is none
 * or more than one, or a local variable is written after it. */
static int find_definition(const c2h_scan *s, size_t u, size_t *def, size_t *value_first, size_t *value_last,
                           int *is_macro) {
  size_t n = s->facts->n_toks, fb, fe, found = n, vf = 0, vl = 0;
  int macro = 0, candidates = 0;
  fb = fe = 0;
  c2h_tok_function_at(s, u, &fb, &fe);
  for (size_t d = 0; d < n; d++) {
    if (d == u || !(c2h_tok_is_ident(s, d) && c2h_tok_same(s, u, d))) continue;
    if (d >= 2 && c2h_tok_is(s, d - 1, "define") && c2h_tok_is(s, d - 2, "#")) {
      size_t a, b;
      if (!macro_value(s, d, &a, &b)) continue;
      found = d, vf = a, vl = b, macro = 1, candidates++;
      continue;
    }
    if (!c2h_tok_is(s, d + 1, "=") || d == 0) continue;
    int here = fe > fb ? d >= fb && d < fe : 0;
    int file_scope = c2h_tok(s, d)->ctx == C2H_CTX_FILE;
    if (!here && !file_scope) continue;
    const c2h_token *p = c2h_tok(s, d - 1);
    int enumerator = c2h_tok_is(s, d - 1, "{") || c2h_tok_is(s, d - 1, ",");
    int declared = p->kind == C2H_TOK_IDENT || p->kind == C2H_TOK_KEYWORD;
    if (!enumerator && !declared) continue; /* an assignment */
    int constant = 0;
    for (size_t j = d; j-- > 0 && !constant;) {
      if (c2h_tok_is(s, j, ";") || c2h_tok_is(s, j, "}") || c2h_tok_is(s, j, "(") || c2h_tok_is(s, j, ")"))
        break;
      constant = c2h_tok_is(s, j, "const") || c2h_tok_is(s, j, "constexpr") || c2h_tok_is(s, j, "enum");
    }
    if (!constant && !here) continue; /* a global the program may change */
    if (here && !in_scope(s, d, u)) continue; /* another block's variable */
    if (here && found < n && !macro && c2h_tok(s, found)->ctx != C2H_CTX_FILE && found < d) candidates--;
    found = d, vf = d + 2, vl = c2h_tok_init_end(s, d + 2), macro = 0, candidates++;
    if (vl <= vf) candidates++; /* nothing to read */
    else vl--;
  }
  if (candidates != 1) return 0;
  if (!macro && !(c2h_tok(s, found)->ctx == C2H_CTX_FILE)) {
    /* A local variable: unknown once anything in its block writes it (a
     * declaration of another variable of that name is not a write). */
    size_t end = fe, nest = 0;
    for (size_t j = found; j-- > fb;) {
      if (c2h_tok_is(s, j, "}")) nest++;
      else if (c2h_tok_is(s, j, "{") && nest-- == 0) {
        end = c2h_tok_match(s, j);
        break;
      }
    }
    for (size_t j = found + 1; j < end && j < n; j++) {
      if (!(c2h_tok_is_ident(s, j) && c2h_tok_same(s, u, j)) || !c2h_tok_written(s, j)) continue;
      const c2h_token *p = c2h_tok(s, j - 1);
      if (c2h_tok_is(s, j + 1, "=") && (p->kind == C2H_TOK_IDENT || p->kind == C2H_TOK_KEYWORD)) continue;
      return 0;
    }
  }
  *def = found;
  *value_first = vf;
  *value_last = vl;
  *is_macro = macro;
  return 1;
}

int c2h_mask_name_value(const c2h_scan *s, size_t u, size_t *def, size_t *value_first, size_t *value_last) {
  int macro;
  return u < s->facts->n_toks && c2h_tok(s, u)->kind == C2H_TOK_IDENT &&
         find_definition(s, u, def, value_first, value_last, &macro);
}

static void resolve_name(const c2h_scan *s, size_t u, int depth, c2h_mask_value *out) {
  size_t found, vf, vl;
  int macro;
  if (!find_definition(s, u, &found, &vf, &vl, &macro)) return;
  c2h_mask_value inner;
  resolve(s, vf, vl, depth + 1, &inner);
  out->kind = inner.kind;
  out->width = inner.width;
  out->value = inner.value;
  if (out->kind == C2H_MASK_UNKNOWN) return;
  out->def_name = found;
  out->is_macro = macro;
  out->value_first = vf;
  out->value_last = vl;
  if (!macro) declared_type(s, found, out);
}

/* Names met while evaluating a mask: a name of the file follows its one
 * definition there (resolve_name's), any other one the constants the
 * unit's headers define. */
typedef struct eval_ctx {
  const c2h_scan *s;
} eval_ctx;

static int name_value(void *ctx, const char *at, size_t len, int depth, c2h_const *out) {
  const c2h_scan *s = ((eval_ctx *)ctx)->s;
  if (at >= s->src && at < s->src + s->len) {
    size_t first, last, def, vf, vl;
    int macro;
    c2h_tok_range(s, (size_t)(at - s->src), (size_t)(at - s->src) + len, &first, &last);
    if (first < last && c2h_tok(s, first)->kind == C2H_TOK_IDENT && find_definition(s, first, &def, &vf, &vl, &macro)) {
      if (vl < vf || vl >= s->facts->n_toks) return 0;
      const char *text = s->src + c2h_tok(s, vf)->begin;
      return c2h_const_eval(text, c2h_tok(s, vl)->end - c2h_tok(s, vf)->begin, name_value, ctx, depth, out);
    }
  }
  const c2h_header_const *h = c2h_tu_facts_header_const(s->facts, at, len);
  if (!h) return 0;
  if (h->body) return c2h_const_eval(h->body, strlen(h->body), name_value, ctx, depth, out);
  out->bits = h->bits;
  out->width = h->width;
  out->is_unsigned = h->is_unsigned;
  return 1;
}

/* The kind of a mask by its value as a 64-bit mask would hold it: -1 of
 * any signed type sign-extends to every lane of a wavefront; every bit of
 * a 32-bit unsigned type is every lane of a CUDA warp. The same 32 bits in
 * a 64-bit type (0x00000000ffffffffull) are half a wavefront, written so. */
static c2h_mask_kind kind_of(const c2h_const *c) {
  unsigned long long v = c2h_const_as_u64(c);
  if (v == ~0ULL) return C2H_MASK_FULL64;
  return v == 0xffffffffULL && c->width == 32 ? C2H_MASK_FULL32 : C2H_MASK_PARTIAL;
}

static void resolve(const c2h_scan *s, size_t first, size_t last, int depth, c2h_mask_value *out) {
  size_t n = s->facts->n_toks;
  out->kind = C2H_MASK_UNKNOWN;
  out->def_name = out->value_first = out->value_last = out->type_first = out->type_last = n;
  out->is_macro = 0;
  out->width = 0;
  out->value = 0;
  if (depth > 4 || first > last || last >= n) return;
  while (c2h_tok_is(s, first, "(") && c2h_tok_match(s, first) == last && last > first + 1) first++, last--;
  if (last == first + 2 && c2h_tok_is(s, first, "__activemask") && c2h_tok_is(s, first + 1, "(")) {
    out->kind = C2H_MASK_ACTIVE;
    return;
  }
  if (first == last && c2h_tok(s, first)->kind == C2H_TOK_IDENT) {
    resolve_name(s, first, depth, out);
    if (out->kind != C2H_MASK_UNKNOWN) return;
  }
  /* By value: literals, casts and names of constants, spelled any way. */
  eval_ctx ctx = {s};
  c2h_const v;
  if (c2h_const_eval(s->src + c2h_tok(s, first)->begin, c2h_tok(s, last)->end - c2h_tok(s, first)->begin, name_value,
                     &ctx, depth, &v)) {
    out->kind = kind_of(&v);
    out->width = v.width;
    out->value = c2h_const_as_u64(&v);
  }
}

void c2h_mask_resolve(const c2h_scan *s, size_t first, size_t last, c2h_mask_value *out) {
  resolve(s, first, last, 0, out);
}
