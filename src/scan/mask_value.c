/* Lane mask values. A mask is judged by what it is, not how it is spelled:
 * `#define FULL 0xffffffff`, `const unsigned m = 0xffffffff;` and an
 * enumerator equal to it are all the full 32-lane mask, which is exact to
 * drop (HIP before 7.0) or to widen to 64 lanes (HIP 7.0). Values come
 * from the one evaluator (const_expr.h) and the file's constant table;
 * what is the mask's own is following a local variable of the function
 * that nothing writes after its declaration, and finding the one
 * definition a widening rewrites. */
#include "mask_value.h"

#include "const_expr.h"
#include "constants.h"
#include "statements.h"

static void resolve(const c2h_scan *s, size_t first, size_t last, int depth, c2h_mask_value *out);

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

/* A variable of u's function declared `T NAME = init` before u, in a
 * block that holds u (the innermost such declaration): 1 and its name
 * token, with *written when something in its block writes it after the
 * declaration (a declaration of another variable of that name is not a
 * write). 0 when there is none: the name is not the function's. */
static int local_variable(const c2h_scan *s, size_t u, size_t *def, int *written) {
  size_t fb = 0, fe = 0, n = s->facts->n_toks, found = n;
  if (c2h_tok_function_at(s, u, &fb, &fe) < 0) return 0;
  for (size_t d = fb; d < u; d++) {
    if (d == 0 || !(c2h_tok_is_ident(s, d) && c2h_tok_same(s, u, d)) || !c2h_tok_is(s, d + 1, "=")) continue;
    const c2h_token *p = c2h_tok(s, d - 1);
    if (p->kind != C2H_TOK_IDENT && p->kind != C2H_TOK_KEYWORD) continue; /* an assignment */
    if (c2h_tok_is(s, d - 1, "return") || c2h_tok_is(s, d - 1, "case")) continue;
    if (in_scope(s, d, u)) found = d; /* a later one in scope is an inner block's */
  }
  if (found == n) return 0;
  size_t end = fe, nest = 0;
  for (size_t j = found; j-- > fb;) {
    if (c2h_tok_is(s, j, "}")) nest++;
    else if (c2h_tok_is(s, j, "{") && nest-- == 0) {
      end = c2h_tok_match(s, j);
      break;
    }
  }
  *written = 0;
  for (size_t j = found + 1; j < end && j < n && !*written; j++) {
    if (!(c2h_tok_is_ident(s, j) && c2h_tok_same(s, u, j)) || !c2h_tok_written(s, j)) continue;
    const c2h_token *p = c2h_tok(s, j - 1);
    if (c2h_tok_is(s, j + 1, "=") && (p->kind == C2H_TOK_IDENT || p->kind == C2H_TOK_KEYWORD)) continue;
    *written = 1;
  }
  *def = found;
  return 1;
}

/* The one definition of the name at u (see c2h_mask_name_value): its
 * token, value [*vf, *vl] and whether it is a macro; 0 when there is none
 * or more than one, or a local variable is written after it. */
static int find_definition(const c2h_scan *s, size_t u, size_t *def, size_t *value_first, size_t *value_last,
                           int *is_macro) {
  size_t d, k;
  int written;
  if (local_variable(s, u, &d, &written)) {
    size_t end = c2h_tok_init_end(s, d + 2);
    if (written || end <= d + 2 || end >= s->facts->n_toks) return 0;
    *def = d;
    *value_first = d + 2;
    *value_last = end - 1;
    *is_macro = 0;
    return 1;
  }
  if (c2h_constants_visible(s, c2h_tok_text(s, u), c2h_tok_len(s, u), u, &k, 1) != 1) return 0;
  const c2h_def *cd = c2h_constants_def(s, k);
  if ((cd->kind != C2H_DEF_MACRO && cd->kind != C2H_DEF_VARIABLE && cd->kind != C2H_DEF_ENUMERATOR) ||
      cd->value_first > cd->value_last || cd->name == u)
    return 0;
  *def = cd->name;
  *value_first = cd->value_first;
  *value_last = cd->value_last;
  *is_macro = cd->kind == C2H_DEF_MACRO;
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

/* Names met while evaluating a mask: a local variable of the function
 * that nothing writes after its declaration has the value it was given
 * (in its declared type); one that is written has none; any other name is
 * the constant table's. */
typedef struct mask_ctx {
  const c2h_scan *s;
} mask_ctx;

static int local_hook(void *ctx, const c2h_const_name *name, c2h_const *out, size_t *used) {
  const c2h_scan *s = ((const mask_ctx *)ctx)->s;
  size_t d;
  int written;
  if (name->tok == C2H_CONST_NO_TOKEN || !local_variable(s, name->tok, &d, &written)) return C2H_CONST_PASS;
  size_t end = c2h_tok_init_end(s, d + 2);
  if (written || end <= d + 2 || end >= s->facts->n_toks ||
      !c2h_const_eval_tokens(s, d + 2, end - 1, local_hook, ctx, name->depth + 1, out))
    return C2H_CONST_UNKNOWN;
  size_t j = d;
  while (j > 0 && c2h_tok_is_word(s, j - 1)) j--;
  unsigned width;
  int uns;
  if (j < d && c2h_const_type(s, j, d - 1, &width, &uns) > 0) *out = c2h_const_convert(*out, width, uns);
  *used = 1;
  return C2H_CONST_VALUE;
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
  c2h_const v;
  mask_ctx ctx = {s};
  if (c2h_const_eval_tokens(s, first, last, local_hook, &ctx, depth, &v)) {
    out->kind = kind_of(&v);
    out->width = v.width;
    out->value = c2h_const_as_u64(&v);
  }
}

void c2h_mask_resolve(const c2h_scan *s, size_t first, size_t last, c2h_mask_value *out) {
  resolve(s, first, last, 0, out);
}
