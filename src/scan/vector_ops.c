/* A user's compound assignment on a CUDA vector type:
 * `void operator+=(float3 &a, float3 b) { a.x += b.x; ... }`.
 *
 * CUDA's vector types are plain structs, so code that wants `a += b` on
 * them defines the operator itself. HIP's (HIP_vector_type) have member
 * operators +=, -=, *= and /= taking `const HIP_vector_type &`, which are
 * not templates: for `a += b` with two lvalues of the type, the member and
 * the user's free function match equally well, and the call is ambiguous
 * under HIP. (HIP's %=, &=, ... and its mixed scalar forms are templates,
 * which lose to the user's non-template function: no ambiguity there.)
 *
 * From ROCm 5.7 on (5.3 still had templates), HIP's binary operator* and
 * operator/ on these types are non-template friends too, so a user's
 * `float2 operator*(float2 a, float2 b)` makes `a * b` ambiguous too. For
 * targets after 5.3 it is handled alike: the same as HIP's when its body
 * is `return make_float2(a.x * b.x, a.y * b.y);`. (+ and - stay
 * templates.)
 *
 * When the user's definition does exactly what HIP's does -- the same
 * operation on each component, once, and nothing else -- it is removed
 * (a comment says so) and HIP's member serves every call: a note. Any
 * other definition, or a declaration whose body is elsewhere, is an
 * overload-collision error: cu2hip cannot tell that the two agree.
 *
 * Token level, inactive #if branches included, as for the renames. */
#include <stdio.h>
#include <string.h>

#include "tokens.h"

/* The number of components of a CUDA vector type named by token i (float3:
 * 3), or 0 when it names none. */
static int vector_width(const c2h_scan *s, size_t i) {
  static const char *const bases[] = {"char",  "uchar",    "short",     "ushort", "int",   "uint",
                                      "long",  "ulong",    "longlong",  "ulonglong", "float", "double",
                                      NULL};
  if (i >= s->facts->n_toks || c2h_tok(s, i)->kind != C2H_TOK_IDENT) return 0;
  const char *p = s->src + c2h_tok(s, i)->begin;
  size_t n = c2h_tok(s, i)->end - c2h_tok(s, i)->begin;
  if (n < 2 || p[n - 1] < '1' || p[n - 1] > '4') return 0;
  for (size_t k = 0; bases[k]; k++)
    if (strlen(bases[k]) == n - 1 && memcmp(bases[k], p, n - 1) == 0) return p[n - 1] - '0';
  return 0;
}

/* A parameter [first, last]: `[const] VEC [&] NAME`. Sets *type and *name
 * (token indices), *constant and *ref. */
static int parameter(const c2h_scan *s, c2h_tok_span p, size_t *type, size_t *name, int *constant, int *ref) {
  size_t i = p.first;
  *constant = c2h_tok_is(s, i, "const");
  if (*constant) i++;
  if (!vector_width(s, i)) return 0;
  *type = i++;
  *ref = c2h_tok_is(s, i, "&");
  if (*ref) i++;
  if (i != p.last || c2h_tok(s, i)->kind != C2H_TOK_IDENT) return 0;
  *name = i;
  return 1;
}

/* Whether tokens [i, i + k) are spelled like `A . c` with A token a. */
static int member(const c2h_scan *s, size_t i, size_t a, char *component) {
  if (i + 2 >= s->facts->n_toks || !c2h_tok_same(s, i, a) || !c2h_tok_is(s, i + 1, ".") ||
      c2h_tok(s, i + 2)->end - c2h_tok(s, i + 2)->begin != 1)
    return 0;
  *component = s->src[c2h_tok(s, i + 2)->begin];
  return 1;
}

/* Whether the body (open, close) assigns `a.c OP= b.c` (or `a.c = a.c OP
 * b.c`) once for each of the width components and does nothing else but,
 * when ret is set, end with `return a;`. */
static int same_as_hip(const c2h_scan *s, size_t open, size_t close, size_t a, size_t b, char op, int width,
                       int ret) {
  static const char names[] = "xyzw";
  int seen[4] = {0};
  size_t i = open + 1, stop = close;
  if (ret) {
    if (close < open + 4 || !c2h_tok_is(s, close - 3, "return") || !c2h_tok_same(s, close - 2, a) ||
        !c2h_tok_is(s, close - 1, ";"))
      return 0;
    stop = close - 3;
  }
  char compound[3] = {op, '=', '\0'}, plain[2] = {op, '\0'};
  while (i < stop) {
    if (c2h_tok(s, i)->kind == C2H_TOK_COMMENT) {
      i++;
      continue;
    }
    char c1, c2, c3;
    if (!member(s, i, a, &c1)) return 0;
    if (c2h_tok_is(s, i + 3, compound) && member(s, i + 4, b, &c2) && c2h_tok_is(s, i + 7, ";")) {
      i += 8;
    } else if (c2h_tok_is(s, i + 3, "=") && member(s, i + 4, a, &c2) && c2h_tok_is(s, i + 7, plain) &&
               member(s, i + 8, b, &c3) && c3 == c2 && c2h_tok_is(s, i + 11, ";")) {
      i += 12;
    } else {
      return 0;
    }
    if (c1 != c2 || i > stop) return 0;
    const char *at = strchr(names, c1);
    if (!at || at - names >= width || seen[at - names]++) return 0;
  }
  for (int k = 0; k < width; k++)
    if (!seen[k]) return 0;
  return 1;
}

/* Whether the body (open, close) of a binary operator is exactly
 * `return make_VEC(a.x OP b.x, a.y OP b.y, ...);`, the components in
 * order. */
static int binary_same_as_hip(const c2h_scan *s, size_t open, size_t close, size_t a, size_t b, char op,
                              size_t type, int width) {
  static const char names[] = "xyzw";
  const c2h_token *t = c2h_tok(s, type);
  char make[40], plain[2] = {op, '\0'};
  int len = snprintf(make, sizeof make, "make_%.*s", (int)(t->end - t->begin), s->src + t->begin);
  if (len < 0 || (size_t)len >= sizeof make) return 0;
  size_t i = open + 1;
  if (!c2h_tok_is(s, i, "return") || !c2h_tok_is(s, i + 1, make) || !c2h_tok_is(s, i + 2, "(")) return 0;
  i += 3;
  for (int k = 0; k < width; k++) {
    char c1, c2;
    if (!member(s, i, a, &c1) || !c2h_tok_is(s, i + 3, plain) || !member(s, i + 4, b, &c2)) return 0;
    if (c1 != names[k] || c2 != names[k]) return 0;
    i += 7;
    if (!c2h_tok_is(s, i, k + 1 < width ? "," : ")")) return 0;
    i++;
  }
  return c2h_tok_is(s, i, ";") && i + 1 == close;
}

/* Walks back from `operator` over the declaration's specifiers and return
 * type. Returns the first token of the declaration, or n_toks when it is
 * a template or not understood. The return type is `void` or `VEC &` for
 * a compound assignment (*returns_ref set for the latter), `VEC` for a
 * binary operator. */
static size_t declaration_start(const c2h_scan *s, size_t op, size_t type, int binary, int *returns_ref) {
  static const char *const specifiers[] = {"inline", "static", "constexpr", "__host__", "__device__",
                                           "__forceinline__", "__inline__", NULL};
  size_t i = op, n = s->facts->n_toks;
  *returns_ref = 0;
  if (binary) {
    if (i < 1 || !c2h_tok_same(s, i - 1, type)) return n;
    i--;
  } else if (i >= 1 && c2h_tok_is(s, i - 1, "void")) {
    i--;
  } else if (i >= 2 && c2h_tok_is(s, i - 1, "&") && c2h_tok_same(s, i - 2, type)) {
    *returns_ref = 1;
    i -= 2;
  } else {
    return n;
  }
  for (;;) {
    int spec = 0;
    for (size_t k = 0; i > 0 && specifiers[k] && !spec; k++) spec = c2h_tok_is(s, i - 1, specifiers[k]);
    if (!spec) break;
    i--;
  }
  /* The declaration must start right after another one, a block, a
   * comment or a directive: `template <...>` or a specifier cu2hip does
   * not know (a macro) before it is part of it. */
  if (i == 0 || c2h_tok_is(s, i - 1, ";") || c2h_tok_is(s, i - 1, "}") || c2h_tok_is(s, i - 1, "{") ||
      c2h_tok(s, i - 1)->kind == C2H_TOK_COMMENT || c2h_tok_directive_of(s, i - 1) != n)
    return i;
  return n;
}

/* HIP's binary operator* and operator/ on vector types are friends, not
 * templates, in ROCm 5.7 (5.3 still had templates only); for the releases
 * in between cu2hip assumes the friends, so that nothing fails silently. */
#define FRIEND_BINARY_SINCE C2H_VERSION(5, 4)

static int one_operator(c2h_scan *s, size_t op) {
  size_t n = s->facts->n_toks, sym = op + 1, open = op + 2;
  if (!c2h_tok_is(s, open, "(") || c2h_tok_directive_of(s, op) != n) return 0;
  char o = 0;
  int binary = 0;
  if (c2h_tok_is(s, sym, "+=")) o = '+';
  else if (c2h_tok_is(s, sym, "-=")) o = '-';
  else if (c2h_tok_is(s, sym, "*=")) o = '*';
  else if (c2h_tok_is(s, sym, "/=")) o = '/';
  else if (c2h_tok_is(s, sym, "*")) o = '*', binary = 1;
  else if (c2h_tok_is(s, sym, "/")) o = '/', binary = 1;
  else return 0;
  if (binary && s->target < FRIEND_BINARY_SINCE) return 0;
  size_t close = c2h_tok_match(s, open);
  if (close >= n) return 0;
  c2h_tok_span params[3];
  if (c2h_tok_split(s, open, close, params, 3) != 2) return 0;
  size_t ta, a, tb, b;
  int ca, ra, cb, rb;
  if (!parameter(s, params[0], &ta, &a, &ca, &ra) || !parameter(s, params[1], &tb, &b, &cb, &rb)) return 0;
  if (!c2h_tok_same(s, ta, tb)) return 0;
  /* HIP's member += wants a modifiable left side: a const one never
   * collides, nor does a left side by value (the user's own type). */
  if (!binary && (ca || !ra)) return 0;
  int width = vector_width(s, ta), returns_ref = 0;
  size_t start = declaration_start(s, op, ta, binary, &returns_ref);
  const c2h_token *type = c2h_tok(s, ta);
  int tlen = (int)(type->end - type->begin);
  const char *tname = s->src + type->begin;
  const char *eq = binary ? "" : "=", *ref = binary ? "" : " &";
  int defined = c2h_tok_is(s, close + 1, "{"); /* a declaration alone cannot be checked */
  size_t end = defined ? c2h_tok_match(s, close + 1) : n;
  int same = start < n && defined && end < n &&
             (binary ? binary_same_as_hip(s, close + 1, end, a, b, o, ta, width)
                     : same_as_hip(s, close + 1, end, a, b, o, width, returns_ref));
  if (same && !c2h_edit_overlaps(s->edits, c2h_tok(s, start)->begin, c2h_tok(s, end)->end)) {
    char text[160];
    int len = snprintf(text, sizeof text,
                       "/* operator%c%s(%.*s%s, %.*s) left out: HIP's %.*s has this operator, with the same "
                       "effect */",
                       o, eq, tlen, tname, ref, tlen, tname, tlen, tname);
    if (len < 0 || (size_t)len >= sizeof text) return 0;
    int rc = c2h_edit_add(s->edits, c2h_tok(s, start)->begin, c2h_tok(s, end)->end, text, (size_t)len);
    if (rc) return rc;
    return c2h_scan_diag(s, op, close, C2H_SEV_NOTE, C2H_CHECK_OVERLOAD_COLLISION, NULL,
                         "operator%c%s(%.*s%s, %.*s) removed: HIP's %.*s (HIP_vector_type) has %s operator%c%s "
                         "that does the same, component by component, and the two together make every "
                         "`a %c%s b` on %.*s ambiguous",
                         o, eq, tlen, tname, ref, tlen, tname, tlen, tname, binary ? "a friend" : "a member", o,
                         eq, o, eq, tlen, tname);
  }
  /* HIP's own: the member takes `const T &`, the friend `(T, const T &)`. */
  char hip[80];
  if (binary) snprintf(hip, sizeof hip, "%.*s, const %.*s &", tlen, tname, tlen, tname);
  else snprintf(hip, sizeof hip, "const %.*s &", tlen, tname);
  return c2h_scan_diag(s, op, close, C2H_SEV_ERROR, C2H_CHECK_OVERLOAD_COLLISION, NULL,
                       "HIP's %.*s (HIP_vector_type) has a %s operator%c%s(%s) of its own: with this operator "
                       "too, `a %c%s b` on two %.*s values is ambiguous and does not compile; remove this one if "
                       "it does what HIP's does (the operation on each component), else make it a named function",
                       tlen, tname, binary ? "friend" : "member", o, eq, hip, o, eq, tlen, tname);
}

int c2h_scan_vector_ops(c2h_scan *s) {
  int rc = 0;
  for (size_t i = 0; i + 2 < s->facts->n_toks && !rc; i++)
    if (c2h_tok(s, i)->kind == C2H_TOK_KEYWORD && c2h_tok_is(s, i, "operator") && !c2h_tok_platform_only(s, i))
      rc = one_operator(s, i);
  return rc;
}
