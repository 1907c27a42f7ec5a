/* The `register` storage class.
 *
 * C++17 removed it. nvcc and GCC accept it with a warning, but clang, which
 * compiles HIP, rejects it under -std=c++17 ("ISO C++17 does not allow
 * 'register' storage class specifier"), so code that built with nvcc stops
 * compiling. The keyword has had no effect in C++ for decades: dropping it
 * changes nothing a program does. The one use that means something is an
 * explicit-register variable, `register int x asm("r0")`, a GNU extension
 * clang still accepts: it is left alone.
 *
 * Token level, inactive #if branches and macro bodies included, as for the
 * renames: a branch the parse did not take is still code some build uses. */
#include <ctype.h>
#include <string.h>

#include "tokens.h"

/* Whether the declaration that `register` at token i starts names an asm
 * register: `asm` before the end of its first declarator. */
static int explicit_register(const c2h_scan *s, size_t i) {
  size_t n = s->facts->n_toks;
  for (size_t j = i + 1; j < n && j < i + 64; j++) {
    if (c2h_tok_is_asm(s, j)) return 1;
    if (c2h_tok_is(s, j, ";") || c2h_tok_is(s, j, ",") || c2h_tok_is(s, j, "=") || c2h_tok_is(s, j, ")") ||
        c2h_tok_is(s, j, "{") || c2h_tok_is(s, j, "}"))
      return 0;
  }
  return 0;
}

int c2h_scan_register(c2h_scan *s) {
  size_t n = s->facts->n_toks;
  for (size_t i = 0; i < n; i++) {
    const c2h_token *t = c2h_tok(s, i);
    if (t->kind == C2H_TOK_COMMENT || t->kind == C2H_TOK_LITERAL || !c2h_tok_is(s, i, "register")) continue;
    /* HIP's own branches are compiled as C++17 too: `register` goes there
     * as well; branches HIP never compiles stay as they are. */
    if (c2h_tok_platform(s, i) == C2H_PLATFORM_CUDA) continue;
    if (explicit_register(s, i)) continue;
    /* The keyword and the blanks after it on its line: `register int i`
     * becomes `int i`. */
    size_t end = t->end;
    while (end < s->len && (s->src[end] == ' ' || s->src[end] == '\t')) end++;
    if (i + 1 < n && end > c2h_tok(s, i + 1)->begin) end = c2h_tok(s, i + 1)->begin;
    /* Last on its line (`#define REG register`): the blanks before it go,
     * so that no line is left ending in a blank. */
    size_t begin = t->begin;
    if (end == s->len || s->src[end] == '\n' || s->src[end] == '\r') {
      size_t floor = i > 0 ? c2h_tok(s, i - 1)->end : 0;
      while (begin > floor && (s->src[begin - 1] == ' ' || s->src[begin - 1] == '\t')) begin--;
    }
    int rc = c2h_edit_add(s->edits, begin, end, "", 0);
    if (!rc)
      rc = c2h_scan_diag(s, i, i, C2H_SEV_NOTE, C2H_CHECK_REGISTER_STORAGE, NULL,
                         "'register' removed: C++17 has no register storage class and clang, which compiles "
                         "HIP, rejects it; the keyword had no effect");
    if (rc) return rc;
  }
  return 0;
}

int c2h_bytes_use_register(const char *bytes, size_t len) {
  static const char word[] = "register";
  const size_t m = sizeof word - 1;
  for (size_t i = 0; i < len; i++) {
    char c = bytes[i];
    /* Comments, string and character literals are not code. */
    if (c == '/' && i + 1 < len && bytes[i + 1] == '/') {
      while (i < len && bytes[i] != '\n') i++;
    } else if (c == '/' && i + 1 < len && bytes[i + 1] == '*') {
      for (i += 2; i + 1 < len && !(bytes[i] == '*' && bytes[i + 1] == '/'); i++) {
      }
      i++;
    } else if (c == '"' || c == '\'') {
      for (i++; i < len && bytes[i] != c && bytes[i] != '\n'; i++)
        if (bytes[i] == '\\') i++;
    } else if (c == 'r' && len - i > m && memcmp(bytes + i, word, m) == 0 &&
               (i == 0 || !(bytes[i - 1] == '_' || isalnum((unsigned char)bytes[i - 1]))) &&
               (bytes[i + m] == ' ' || bytes[i + m] == '\t')) {
      return 1;
    }
  }
  return 0;
}
