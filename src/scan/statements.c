/* Statements over tokens: the shape of code that the passes following a
 * variable's value share (an initialiser's end, a write, what runs first). */
#include "statements.h"

size_t c2h_tok_init_end(const c2h_scan *s, size_t a) {
  size_t depth = 0, n = s->facts->n_toks;
  for (size_t j = a; j < n; j++) {
    if (c2h_tok_is_open(s, j)) depth++;
    else if (c2h_tok_is_close(s, j)) {
      if (depth == 0) return j;
      depth--;
    } else if (depth == 0 && (c2h_tok_is(s, j, ";") || c2h_tok_is(s, j, ","))) {
      return j;
    }
  }
  return n;
}

int c2h_tok_written(const c2h_scan *s, size_t u) {
  static const char *const ops[] = {"=", "+=", "-=", "|=", "&=", "^=", "<<=", ">>=", "*=", "/=", "++", "--"};
  for (size_t k = 0; k < sizeof ops / sizeof *ops; k++)
    if (c2h_tok_is(s, u + 1, ops[k])) return 1;
  if (u == 0) return 0;
  if (c2h_tok_is(s, u - 1, "++") || c2h_tok_is(s, u - 1, "--")) return 1;
  /* `&m` as an operand (not `a & m`): the token before & starts no value. */
  if (c2h_tok_is(s, u - 1, "&") && u >= 2) {
    const c2h_token *p = c2h_tok(s, u - 2);
    return !(p->kind == C2H_TOK_IDENT || p->kind == C2H_TOK_LITERAL || c2h_tok_is(s, u - 2, ")") ||
             c2h_tok_is(s, u - 2, "]"));
  }
  return 0;
}

int c2h_tok_runs_before(const c2h_scan *s, size_t at, size_t call, size_t fb) {
  if (at >= call || c2h_tok_has_conditional(s, fb, call)) return 0;
  size_t j = at, n = s->facts->n_toks;
  /* The statement's start: brackets balanced back to ; { or }. */
  while (j > fb) {
    j--;
    if (c2h_tok_is(s, j, ")") || c2h_tok_is(s, j, "]")) {
      size_t o = c2h_tok_match_back(s, j, fb);
      if (o >= n) return 0;
      if (o > fb && (c2h_tok_is(s, o - 1, "if") || c2h_tok_is(s, o - 1, "for") || c2h_tok_is(s, o - 1, "while")))
        return 0; /* the body of a condition or a loop */
      j = o;
    } else if (c2h_tok_is(s, j, "(") || c2h_tok_is(s, j, "?") || c2h_tok_is(s, j, "&&") || c2h_tok_is(s, j, "||") ||
               c2h_tok_is(s, j, "else")) {
      return 0;
    } else if (c2h_tok_is(s, j, ";") || c2h_tok_is(s, j, "}") || c2h_tok_is(s, j, "{")) {
      break;
    }
  }
  /* The block holding it must hold the call too. */
  size_t depth = 0, k = at;
  while (k-- > fb) {
    if (c2h_tok_is_close(s, k)) depth++;
    else if (c2h_tok_is_open(s, k)) {
      if (depth == 0 && c2h_tok_is(s, k, "{")) return c2h_tok_match(s, k) > call;
      if (depth) depth--;
    }
  }
  return 0;
}
