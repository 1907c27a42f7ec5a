/* A Python 3 tokenizer, enough to read setup.py scripts without running
 * them: names, numbers, string literals (every prefix and quote style,
 * f-string fields holding strings of their own), operators, comments,
 * bracket nesting, backslash continuations and logical lines with their
 * indentation. It follows the language reference's lexical rules; it does
 * not check the grammar (that is the reader's job, and a script that does
 * not parse is still tokenized as far as it goes). */
#include <stdlib.h>
#include <string.h>

#include "buildfiles/buildfiles.h"

static int is_name_start(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
}

static int is_name_char(int c) { return is_name_start(c) || (c >= '0' && c <= '9'); }

static int push_tok(c2h_py_file *f, const c2h_py_tok *t) {
  if (f->n_toks == f->cap_toks) {
    size_t cap = f->cap_toks ? f->cap_toks * 2 : 256;
    c2h_py_tok *p = realloc(f->toks, cap * sizeof *p);
    if (!p) return C2H_ERR_NOMEM;
    f->toks = p;
    f->cap_toks = cap;
  }
  f->toks[f->n_toks++] = *t;
  return 0;
}

static int push_line(c2h_py_file *f, const c2h_py_line *l) {
  if (f->n_lines == f->cap_lines) {
    size_t cap = f->cap_lines ? f->cap_lines * 2 : 64;
    c2h_py_line *p = realloc(f->lines, cap * sizeof *p);
    if (!p) return C2H_ERR_NOMEM;
    f->lines = p;
    f->cap_lines = cap;
  }
  f->lines[f->n_lines++] = *l;
  return 0;
}

/* The length of a string prefix at s (r, b, u, f, rb, br, fr, rf in any
 * case) directly followed by a quote, or 0 (also when there is no prefix). */
static size_t string_prefix(const char *s, size_t n, int *raw, int *bytes, int *fmt) {
  static const char *const prefixes[] = {"rb", "br", "fr", "rf", "r", "u", "b", "f", NULL};
  *raw = *bytes = *fmt = 0;
  for (size_t i = 0; prefixes[i]; i++) {
    size_t k = strlen(prefixes[i]), j = 0;
    if (n <= k) continue;
    while (j < k && (s[j] | 0x20) == prefixes[i][j]) j++;
    if (j < k || (s[k] != '\'' && s[k] != '"')) continue;
    *raw = strchr(prefixes[i], 'r') != NULL;
    *bytes = strchr(prefixes[i], 'b') != NULL;
    *fmt = strchr(prefixes[i], 'f') != NULL;
    return k;
  }
  return 0;
}

/* Scans the string literal whose opening quote is at q; returns the offset
 * just past its closing quote, or 0 when it is unterminated. The content
 * is [*cb, *ce). f-string fields ({...}) may hold strings of their own
 * (with any quote, as Python 3.12 allows). */
static size_t scan_string(const char *src, size_t len, size_t q, int raw, int fmt, size_t *cb, size_t *ce,
                          int *escapes, unsigned level) {
  char quote = src[q];
  int triple = q + 2 < len && src[q + 1] == quote && src[q + 2] == quote;
  size_t i = q + (triple ? 3 : 1);
  unsigned field = 0; /* bracket depth inside an f-string field, 0 outside one */
  *cb = i;
  if (level > 8) return 0; /* pathological nesting */
  while (i < len) {
    char c = src[i];
    if (field) {
      if (c == '\'' || c == '"') {
        size_t icb, ice;
        int iesc;
        size_t t = scan_string(src, len, i, 0, 0, &icb, &ice, &iesc, level + 1);
        if (!t) return 0;
        i = t;
        continue;
      }
      if (c == '(' || c == '[' || c == '{') field++;
      else if (c == ')' || c == ']' || c == '}') field--;
      else if (c == '\n' && !triple) return 0;
      i++;
      continue;
    }
    if (c == '\\' && !raw) {
      *escapes = 1;
      i += 2;
      continue;
    }
    if (c == '\\' && raw) {
      i += 2; /* a raw string still cannot end in an escaped quote */
      continue;
    }
    if (fmt && c == '{') {
      if (i + 1 < len && src[i + 1] == '{') {
        i += 2;
        continue;
      }
      field = 1;
      i++;
      continue;
    }
    if (c == '\n' && !triple) return 0;
    if (c == quote) {
      if (!triple) {
        *ce = i;
        return i + 1;
      }
      if (i + 2 < len && src[i + 1] == quote && src[i + 2] == quote) {
        *ce = i;
        return i + 3;
      }
    }
    i++;
  }
  return 0;
}

static const char *const ops3[] = {"**=", "//=", ">>=", "<<=", "...", NULL};
static const char *const ops2[] = {"**", "//", ">>", "<<", "<=", ">=", "==", "!=", "->", "+=", "-=", "*=",
                                   "/=", "%=", "&=", "|=", "^=", "@=", ":=", NULL};

static size_t op_len(const char *s, size_t n) {
  for (size_t i = 0; ops3[i]; i++)
    if (n >= 3 && memcmp(s, ops3[i], 3) == 0) return 3;
  for (size_t i = 0; ops2[i]; i++)
    if (n >= 2 && memcmp(s, ops2[i], 2) == 0) return 2;
  return 1;
}

int c2h_py_tokenize(const char *src, size_t len, c2h_py_file *f) {
  memset(f, 0, sizeof *f);
  int rc = 0;
  unsigned depth = 0;
  size_t i = 0;
  int at_line_start = 1; /* no token yet on this logical line */
  c2h_py_line cur = {0, 0, 0, 0, 0};
  size_t phys_start = 0;
  int measured = 0; /* the indentation of the physical line at phys_start is known */
  while (i < len && rc == 0) {
    char c = src[i];
    if (at_line_start && !measured) {
      /* Measure the indentation of a new physical line. */
      unsigned col = 0;
      size_t k = i;
      while (k < len && (src[k] == ' ' || src[k] == '\t' || src[k] == '\f')) {
        col = src[k] == '\t' ? (col / 8 + 1) * 8 : src[k] == '\f' ? 0 : col + 1;
        k++;
      }
      cur.indent = col;
      cur.b = phys_start;
      i = k;
      measured = 1;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\f') {
      i++;
      continue;
    }
    if (c == '#') {
      while (i < len && src[i] != '\n') i++;
      continue;
    }
    if (c == '\\' && i + 1 < len && (src[i + 1] == '\n' || (src[i + 1] == '\r' && i + 2 < len && src[i + 2] == '\n'))) {
      i += src[i + 1] == '\r' ? 3 : 2; /* a continuation: the logical line goes on */
      if (at_line_start) {
        phys_start = i;
        measured = 0;
      }
      continue;
    }
    if (c == '\r' || c == '\n') {
      size_t nl = c == '\r' && i + 1 < len && src[i + 1] == '\n' ? i + 2 : i + 1;
      if (c == '\r' && nl == i + 1 && (i + 1 >= len || src[i + 1] != '\n')) nl = i + 1;
      i = nl;
      if (depth == 0) {
        if (!at_line_start) {
          cur.e = i;
          if ((rc = push_line(f, &cur))) break;
        }
        at_line_start = 1;
        phys_start = i;
        measured = 0;
      }
      continue;
    }
    c2h_py_tok t;
    memset(&t, 0, sizeof t);
    t.b = i;
    t.depth = depth;
    int raw = 0, bytes = 0, fmt = 0;
    size_t pre = is_name_start((unsigned char)c) ? string_prefix(src + i, len - i, &raw, &bytes, &fmt) : 0;
    if (c == '\'' || c == '"' || pre) {
      int escapes = 0;
      size_t end = scan_string(src, len, i + pre, raw, fmt, &t.cb, &t.ce, &escapes, 0);
      if (!end) {
        f->bad = 1;
        f->bad_at = i;
        f->bad_what = "unterminated string literal";
        break;
      }
      t.kind = C2H_PY_STRING;
      t.raw = (unsigned char)raw;
      t.bytes = (unsigned char)bytes;
      t.fmt = (unsigned char)fmt;
      t.escapes = (unsigned char)escapes;
      i = end;
    } else if (is_name_start((unsigned char)c)) {
      while (i < len && is_name_char((unsigned char)src[i])) i++;
      t.kind = C2H_PY_NAME;
    } else if ((c >= '0' && c <= '9') || (c == '.' && i + 1 < len && src[i + 1] >= '0' && src[i + 1] <= '9')) {
      while (i < len && (is_name_char((unsigned char)src[i]) || src[i] == '.' ||
                         ((src[i] == '+' || src[i] == '-') && (src[i - 1] | 0x20) == 'e' &&
                          !(src[t.b] == '0' && (src[t.b + 1] | 0x20) == 'x'))))
        i++;
      t.kind = C2H_PY_NUMBER;
    } else {
      size_t n = op_len(src + i, len - i);
      if (c == '(' || c == '[' || c == '{') depth++;
      else if (c == ')' || c == ']' || c == '}') {
        if (depth == 0) {
          f->bad = 1;
          f->bad_at = i;
          f->bad_what = "closing bracket without an opening one";
          break;
        }
        depth--;
        t.depth = depth;
      }
      i += n;
      t.kind = C2H_PY_OP;
    }
    t.e = i;
    if (at_line_start) {
      cur.first = f->n_toks;
      cur.n = 0;
      at_line_start = 0;
    }
    t.line = f->n_lines;
    cur.n++;
    rc = push_tok(f, &t);
  }
  if (rc == 0 && !f->bad && depth > 0) {
    f->bad = 1;
    f->bad_at = len;
    f->bad_what = "unclosed bracket at the end of the file";
  }
  if (rc == 0 && !at_line_start) {
    cur.e = len;
    rc = push_line(f, &cur);
  }
  return rc;
}

void c2h_py_file_dispose(c2h_py_file *f) {
  free(f->toks);
  free(f->lines);
  memset(f, 0, sizeof *f);
}
