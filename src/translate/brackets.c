/* Spaced kernel-launch brackets. A light lexer skips comments, string and
 * character literals; a run of three '<' separated only by white space
 * (and not all adjacent) opens a launch, unless it follows `operator`
 * (`operator<< <T>` names a specialisation of a shift operator). The launch
 * closes at the first run of three '>' at bracket depth 0 of the same
 * statement; an open without such a close is left alone, and so is a close
 * without an open (`vector<vector<int>> >` closes template arguments). */
#include "brackets.h"

#include <stdlib.h>
#include <string.h>

#include "cu2hip/error.h"

void c2h_bracket_fixes_init(c2h_bracket_fixes *f) { memset(f, 0, sizeof *f); }

void c2h_bracket_fixes_dispose(c2h_bracket_fixes *f) {
  free(f->items);
  c2h_bracket_fixes_init(f);
}

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
static int is_word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* The offset after the comment or literal starting at i, or i when none
 * starts there. */
static size_t skip_opaque(const char *s, size_t len, size_t i) {
  if (s[i] == '/' && i + 1 < len && s[i + 1] == '/') {
    while (i < len && s[i] != '\n') i += (s[i] == '\\' && i + 1 < len) ? 2 : 1;
    return i;
  }
  if (s[i] == '/' && i + 1 < len && s[i + 1] == '*') {
    for (size_t j = i + 2; j + 1 < len; j++)
      if (s[j] == '*' && s[j + 1] == '/') return j + 2;
    return len;
  }
  if (s[i] == '"' || s[i] == '\'') {
    /* A digit separator (1'000) is not a character literal. */
    if (s[i] == '\'' && i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9' && i + 1 < len && is_word(s[i + 1]))
      return i;
    char q = s[i];
    size_t j = i + 1;
    if (q == '"' && i > 0 && s[i - 1] == 'R') {
      /* Raw string: R"delim( ... )delim" */
      size_t d = j;
      while (j < len && s[j] != '(' && j - d < 16) j++;
      size_t dl = j - d;
      for (j++; j < len; j++)
        if (s[j] == ')' && j + 1 + dl < len && memcmp(s + j + 1, s + d, dl) == 0 && s[j + 1 + dl] == '"')
          return j + 2 + dl;
      return len;
    }
    while (j < len && s[j] != q && s[j] != '\n') j += (s[j] == '\\' && j + 1 < len) ? 2 : 1;
    return j < len ? j + 1 : len;
  }
  return i;
}

/* A run of three c at i separated by white space only, not followed by a
 * fourth c or '='. Sets *end after the third. */
static int triple(const char *s, size_t len, size_t i, char c, size_t *end) {
  size_t j = i, found = 0;
  while (j < len && found < 3) {
    if (s[j] == c) {
      found++;
      j++;
    } else if (is_space(s[j]) && found) {
      j++;
    } else {
      break;
    }
  }
  if (found < 3 || (j < len && (s[j] == c || s[j] == '='))) return 0;
  /* j is after the third c (no space was skipped after it). */
  *end = j;
  return 1;
}

/* Whether the word before offset i (white space skipped) is `operator`. */
static int after_operator(const char *s, size_t i) {
  while (i > 0 && is_space(s[i - 1])) i--;
  return i >= 8 && memcmp(s + i - 8, "operator", 8) == 0 && (i == 8 || !is_word(s[i - 9]));
}

static int add_fix(c2h_bracket_fixes *f, size_t b, size_t e, char c) {
  if (f->len == f->cap) {
    size_t cap = f->cap ? f->cap * 2 : 8;
    c2h_bracket_fix *p = realloc(f->items, cap * sizeof *p);
    if (!p) return C2H_ERR_NOMEM;
    f->items = p;
    f->cap = cap;
  }
  f->items[f->len++] = (c2h_bracket_fix){b, e, c};
  return 0;
}

/* The run of three '>' closing a launch opened before i, or 0 (with *b
 * and *e set) when the statement ends first. */
static int find_close(const char *s, size_t len, size_t i, size_t *b, size_t *e) {
  long depth = 0;
  while (i < len) {
    size_t k = skip_opaque(s, len, i);
    if (k != i) {
      i = k;
      continue;
    }
    char c = s[i];
    if (c == '(' || c == '[' || c == '{') depth++;
    else if (c == ')' || c == ']' || c == '}') {
      if (--depth < 0) return 0;
    } else if (c == ';' && depth == 0) {
      return 0;
    } else if (c == '>' && depth == 0 && triple(s, len, i, '>', e)) {
      *b = i;
      return 1;
    }
    i++;
  }
  return 0;
}

int c2h_brackets_normalise(const char *src, size_t len, char **copy, c2h_bracket_fixes *fixes) {
  *copy = NULL;
  int rc = 0;
  size_t i = 0;
  while (i < len) {
    size_t k = skip_opaque(src, len, i);
    if (k != i) {
      i = k;
      continue;
    }
    size_t ob, oe, cb, ce;
    if (src[i] != '<' || (i > 0 && src[i - 1] == '<') || !triple(src, len, i, '<', &oe) ||
        after_operator(src, i)) {
      i++;
      continue;
    }
    ob = i;
    if (!find_close(src, len, oe, &cb, &ce)) {
      i = oe;
      continue;
    }
    if (oe - ob > 3 && (rc = add_fix(fixes, ob, oe, '<'))) goto fail;
    if (ce - cb > 3 && (rc = add_fix(fixes, cb, ce, '>'))) goto fail;
    i = ce;
  }
  if (!fixes->len) return 0;
  if (!(*copy = malloc(len + 1))) {
    rc = C2H_ERR_NOMEM;
    goto fail;
  }
  memcpy(*copy, src, len);
  (*copy)[len] = '\0';
  /* The three brackets first, then the white space that was between them,
   * in its order, so line breaks stay (the next token keeps its line). */
  for (size_t f = 0; f < fixes->len; f++) {
    const c2h_bracket_fix *x = &fixes->items[f];
    size_t w = x->begin + 3;
    for (size_t j = x->begin; j < x->end; j++)
      if (src[j] != x->c) (*copy)[w++] = src[j];
    memset(*copy + x->begin, x->c, 3);
  }
  return 0;
fail:
  c2h_bracket_fixes_dispose(fixes);
  return rc;
}
